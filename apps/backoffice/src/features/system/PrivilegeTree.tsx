// The privileges of one role as a tree (menu groups → screens → actions) with checkboxes: a parent
// toggles its whole branch and shows an indeterminate state when part of it is held.
import { contract, type TPrivilegeNode } from '@bo/api-sdk';
import { Checkbox, FormControl, FormView, Spinner, SubmitButton, TextField } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { bodyOf, useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useLocale, useT } from '../../i18n';

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

/**
 * The branches that match a search (name, English name or code, case-insensitive): a matching node
 * keeps its whole branch, a node with a matching descendant keeps only the way down to it.
 */
export function filterTree(nodes: readonly TPrivilegeNode[], query: string): TPrivilegeNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...nodes];
  const out: TPrivilegeNode[] = [];
  for (const n of nodes) {
    if ([n.name, n.nameEn, n.code].some((x) => x.toLowerCase().includes(q))) out.push(n);
    else {
      const children = filterTree(n.children, q);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
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

const Grant = bodyOf(contract.system.rolePrivilegeSave);

export function PrivilegeTree({ roleCode, roleName }: { roleCode: number; roleName: string }) {
  const t = useT();
  const tree = useQuery({
    queryKey: ['system', 'privileges'],
    queryFn: () => sdk.system.privileges({ query: {} }),
  });
  const role = useQuery({
    queryKey: ['system', 'role', roleCode],
    queryFn: () => sdk.system.role({ params: { code: roleCode } }),
  });
  if (tree.isLoading || role.isLoading) return <Spinner label={t('list.loading')} />;
  if (!tree.data || !role.data) return <p role="alert">{t('list.loadFailed')}</p>;
  return (
    <GrantForm nodes={tree.data} roleCode={roleCode} roleName={roleName} held={role.data.privilegeCodes} />
  );
}

/** The role's privileges as a form: the tree edits the held codes, saving stores them with their parents. */
function GrantForm({
  nodes,
  roleCode,
  roleName,
  held,
}: {
  nodes: readonly TPrivilegeNode[];
  roleCode: number;
  roleName: string;
  held: readonly string[];
}) {
  const t = useT();
  const form = useCommandForm({
    schema: Grant,
    defaultValues: { code: roleCode, privilegeCodes: [...held] },
    onSubmit: (body) =>
      sdk.system.rolePrivilegeSave({
        body: { ...body, privilegeCodes: codesToSave(nodes, new Set(body.privilegeCodes)) },
      }),
    success: t('sys.treeSaved'),
  });
  const title = t('sys.treeTitle', { name: roleName });
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const codes = form.rhf.watch('privilegeCodes');
  const count = useMemo(() => codesToSave(nodes, new Set(codes)).length, [nodes, codes]);
  return (
    <section aria-label={title}>
      <FormView form={form}>
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-ink">{title}</h2>
          <div className="flex items-center gap-3">
            <span className="text-xs text-muted">{t('sys.selectedCount', { n: count })}</span>
            <SubmitButton form={form}>{t('sys.treeSave')}</SubmitButton>
          </div>
        </div>
        <FormControl
          form={form}
          name="privilegeCodes"
          label={title}
          render={({ value, onChange, error }) => {
            const set = new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
            return (
              <>
                <TextField
                  label={t('sys.treeSearch')}
                  type="search"
                  placeholder={t('sys.treeSearchHint')}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  wrapperClassName="max-w-sm"
                />
                {shown.length === 0 && <p className="text-sm text-muted">{t('sys.treeNoMatch')}</p>}
                <ul
                  aria-label={title}
                  className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto rounded-md border border-line p-3"
                >
                  {shown.map((n) => (
                    <Node
                      key={n.code}
                      node={n}
                      held={set}
                      depth={0}
                      onToggle={(node, on) => onChange([...toggleBranch(node, set, on)])}
                    />
                  ))}
                </ul>
                {error && (
                  <p role="alert" className="text-xs text-danger-600">
                    {error}
                  </p>
                )}
              </>
            );
          }}
        />
      </FormView>
    </section>
  );
}
