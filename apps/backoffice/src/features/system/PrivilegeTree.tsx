// The privileges of one role as a tree (menu groups → screens → actions) with checkboxes: a parent
// toggles its whole branch and shows an indeterminate state when part of it is held.
import type { TPrivilegeNode } from '@bo/api-sdk';
import { Button, Checkbox, Spinner, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';
import { runCommand } from '../../app/invalidation';

/** Every code of a branch (the node and its descendants). */
export function branchCodes(n: TPrivilegeNode): string[] {
  return [n.code, ...n.children.flatMap(branchCodes)];
}

/** 'all' when the node and every descendant are held, 'some' when part is, 'none' otherwise. */
export function branchState(n: TPrivilegeNode, held: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const codes = branchCodes(n);
  const n1 = codes.filter((c) => held.has(c)).length;
  if (n1 === 0) return 'none';
  if (n1 === codes.length) return 'all';
  // A parent with every child held counts as whole even if the parent's own code is not stored.
  if (n.children.length > 0 && n.children.every((c) => branchState(c, held) === 'all')) return 'all';
  return 'some';
}

/** Toggles a branch: on adds the node and its descendants, off removes them. */
export function toggleBranch(n: TPrivilegeNode, held: ReadonlySet<string>, on: boolean): Set<string> {
  const next = new Set(held);
  for (const c of branchCodes(n)) {
    if (on) next.add(c);
    else next.delete(c);
  }
  return next;
}

/** What is saved: the held codes, with a group or screen added when any of its descendants is held. */
export function codesToSave(tree: readonly TPrivilegeNode[], held: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  const walk = (n: TPrivilegeNode): boolean => {
    let any = held.has(n.code);
    for (const c of n.children) if (walk(c)) any = true;
    if (any) out.add(n.code);
    return any;
  };
  tree.forEach(walk);
  return [...out].sort();
}

function Node({
  node,
  held,
  onToggle,
  depth,
}: {
  node: TPrivilegeNode;
  held: ReadonlySet<string>;
  onToggle: (n: TPrivilegeNode, on: boolean) => void;
  depth: number;
}) {
  const [locale] = useLocale();
  const state = branchState(node, held);
  const label = locale === 'en' && node.nameEn ? node.nameEn : node.name;
  return (
    <li>
      <Checkbox
        label={<span className={depth === 0 ? 'font-medium' : undefined}>{label}</span>}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        disabled={node.status !== 1}
        onChange={(e) => onToggle(node, e.target.checked)}
      />
      {node.children.length > 0 && (
        <ul aria-label={label} className="mt-1 mb-2 ml-5 flex flex-col gap-1">
          {node.children.map((c) => (
            <Node key={c.code} node={c} held={held} onToggle={onToggle} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function PrivilegeTree({ roleCode, roleName }: { roleCode: number; roleName: string }) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const tree = useQuery({
    queryKey: ['system', 'privileges'],
    queryFn: () => sdk.system.privileges({ query: {} }),
  });
  const role = useQuery({
    queryKey: ['system', 'role', roleCode],
    queryFn: () => sdk.system.role({ params: { code: roleCode } }),
  });
  const [held, setHeld] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (role.data) setHeld(new Set(role.data.privilegeCodes));
  }, [role.data]);
  const count = useMemo(() => (tree.data ? codesToSave(tree.data, held).length : 0), [tree.data, held]);

  if (tree.isLoading || role.isLoading) return <Spinner label={t('list.loading')} />;
  if (!tree.data || !role.data) return <p role="alert">{t('list.loadFailed')}</p>;
  const nodes = tree.data;
  const save = async () => {
    setSaving(true);
    try {
      await runCommand(qc, () =>
        sdk.system.rolePrivilegeSave({
          body: { code: roleCode, privilegeCodes: codesToSave(nodes, held) },
        }),
      );
      toast.success(t('sys.treeSaved'));
    } catch {
      // The SDK has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-label={t('sys.treeTitle', { name: roleName })} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-ink">{t('sys.treeTitle', { name: roleName })}</h2>
        <div className="flex items-center gap-3">
          <span className="text-xs text-muted">{t('sys.selectedCount', { n: count })}</span>
          <Button variant="primary" loading={saving} onClick={() => void save()}>
            {t('sys.treeSave')}
          </Button>
        </div>
      </div>
      <ul
        aria-label={t('sys.treeTitle', { name: roleName })}
        className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto rounded-md border border-line p-3"
      >
        {nodes.map((n) => (
          <Node
            key={n.code}
            node={n}
            held={held}
            depth={0}
            onToggle={(node, on) => setHeld((h) => toggleBranch(node, h, on))}
          />
        ))}
      </ul>
    </section>
  );
}
