// Saved views of every list screen: the "视图" menu beside the search form's buttons, kept per user
// on the server (system.view*). A view is the list's filters, sort and hidden columns; the screen
// key is the route path ('#prefix' for one of several lists on a screen). A default view applies
// when the screen opens without any of its list's parameters in the URL.
import type { TSavedView } from '@bo/api-sdk/system';
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  Dropdown,
  TextWithCounter,
  useConfirm,
  useToast,
  type DropdownItem,
  type ListViewState,
  type ListViewsSlotProps,
} from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../i18n';
import { sdk } from '../sdk';

/** As the contract's SAVED_VIEW_NAME_MAX (not imported: the contract would load with every list). */
const NAME_MAX = 30;

/** The screen a view belongs to. */
export const viewScreen = (pathname: string, prefix?: string) =>
  prefix ? `${pathname}#${prefix}` : pathname;

const sameState = (a: ListViewState, b: ListViewState) =>
  (a.sort ?? null) === (b.sort ?? null) &&
  [...new Set([...Object.keys(a.filters), ...Object.keys(b.filters)])].every(
    (k) => (a.filters[k] ?? '') === (b.filters[k] ?? ''),
  );

type NameDialog = { mode: 'create' } | { mode: 'rename'; view: TSavedView };

export function SavedViewsMenu({ paramPrefix, current, urlHasState, apply }: ListViewsSlotProps) {
  const t = useT();
  const toast = useToast();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const screen = viewScreen(pathname, paramPrefix);
  const queryKey = ['savedViews', screen];
  const views = useQuery({
    queryKey,
    queryFn: () => sdk.system.viewList({ query: { screen } }),
    staleTime: 60_000,
  });
  const list = views.data ?? [];
  const refresh = () => qc.invalidateQueries({ queryKey });

  // The default view, once per opening of the list, when the URL names none of its parameters. It
  // replaces the history entry: pushing one would make Back land on the unfiltered URL, which applies
  // the default again (the user could never leave by Back).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !views.data) return;
    opened.current = true;
    const def = views.data.find((v) => v.isDefault);
    if (def && !urlHasState) apply(def.state, { replace: true });
  }, [views.data, urlHasState, apply]);

  const [naming, setNaming] = useState<NameDialog | null>(null);
  const [managing, setManaging] = useState(false);

  const applyView = (v: TSavedView) => {
    apply(v.state);
    toast.success(t('list.viewApplied', { name: v.name }));
  };
  const remove = async (v: TSavedView) => {
    const ok = await confirm({
      title: t('list.confirmTitle'),
      message: t('list.viewConfirmDelete', { name: v.name }),
      danger: true,
      okText: t('list.ok'),
      cancelText: t('list.cancel'),
    });
    if (!ok) return;
    try {
      await sdk.system.viewDelete({ body: { id: v.id } });
      toast.success(t('list.viewDeleted'));
    } catch {
      // shown by the SDK
    }
    await refresh();
  };
  const toggleDefault = async (v: TSavedView) => {
    try {
      await sdk.system.viewSetDefault({ body: { id: v.id, version: v.version, isDefault: !v.isDefault } });
      toast.success(t(v.isDefault ? 'list.viewDefaultCleared' : 'list.viewDefaultSet'));
    } catch {
      // shown by the SDK (a stale version: the list below is read again)
    }
    await refresh();
  };

  const active = list.find((v) => sameState(v.state, current));
  const items: DropdownItem[] = [];
  if (list.length === 0)
    items.push({ key: 'none', label: t('list.viewNone'), onSelect: () => undefined, disabled: true });
  else {
    items.push({ key: 'mine', heading: t('list.viewMine') });
    for (const v of list)
      items.push({
        key: `v${v.id}`,
        label: v.name,
        hint: v.isDefault ? t('list.viewDefaultBadge') : undefined,
        onSelect: () => applyView(v),
      });
  }
  items.push(
    { key: 'sep', separator: true },
    { key: 'save', label: t('list.viewSave'), onSelect: () => setNaming({ mode: 'create' }) },
    {
      key: 'manage',
      label: t('list.viewManage'),
      onSelect: () => setManaging(true),
      disabled: list.length === 0,
    },
  );

  return (
    <>
      <Dropdown
        align="start"
        triggerClassName="border border-line-strong bg-surface"
        trigger={
          <>
            {t('list.views')}
            {active && <span className="max-w-32 truncate text-muted">· {active.name}</span>}
          </>
        }
        items={items}
      />
      {naming && (
        <ViewNameDialog
          key={naming.mode === 'rename' ? `r${naming.view.id}` : 'create'}
          naming={naming}
          onClose={() => setNaming(null)}
          onSave={async (name, isDefault) => {
            if (naming.mode === 'create') {
              await sdk.system.viewCreate({
                body: {
                  screen,
                  name,
                  isDefault,
                  state: {
                    filters: current.filters,
                    sort: current.sort,
                    hiddenColumns: current.hiddenColumns,
                  },
                },
              });
              toast.success(t('list.viewSaved', { name }));
            } else {
              await sdk.system.viewUpdate({
                body: { id: naming.view.id, version: naming.view.version, name },
              });
              toast.success(t('list.viewRenamed'));
            }
            setNaming(null);
            await refresh();
          }}
        />
      )}
      {managing && (
        <Dialog
          open
          onClose={() => setManaging(false)}
          title={t('list.viewManageTitle')}
          closeLabel={t('list.close')}
          footer={<Button onClick={() => setManaging(false)}>{t('list.close')}</Button>}
        >
          {list.length === 0 ? (
            <p className="text-sm text-muted">{t('list.viewNone')}</p>
          ) : (
            <ul className="divide-y divide-line" aria-label={t('list.viewMine')}>
              {list.map((v) => (
                <li key={v.id} aria-label={v.name} className="flex items-center gap-2 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm">{v.name}</span>
                  {v.isDefault && <Badge tone="brand">{t('list.viewDefaultBadge')}</Badge>}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setManaging(false);
                      applyView(v);
                    }}
                  >
                    {t('list.viewApply')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setNaming({ mode: 'rename', view: v })}>
                    {t('list.viewRename')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => void toggleDefault(v)}>
                    {t(v.isDefault ? 'list.viewUnsetDefault' : 'list.viewSetDefault')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger-600"
                    onClick={() => void remove(v)}
                  >
                    {t('list.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      )}
    </>
  );
}

function ViewNameDialog({
  naming,
  onClose,
  onSave,
}: {
  naming: NameDialog;
  onClose: () => void;
  onSave: (name: string, isDefault: boolean) => Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState(naming.mode === 'rename' ? naming.view.name : '');
  const [isDefault, setIsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The dialog renders in a portal, but React bubbles its submit to the search form around the menu.
    e.stopPropagation();
    if (!name.trim() || busy) return;
    setBusy(true);
    try {
      await onSave(name.trim(), isDefault);
    } catch {
      // shown by the SDK; the dialog stays open to correct the name
    } finally {
      setBusy(false);
    }
  };
  const formId = naming.mode === 'rename' ? 'saved-view-rename' : 'saved-view-create';
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t(naming.mode === 'rename' ? 'list.viewRenameTitle' : 'list.viewSaveTitle')}
      closeLabel={t('list.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('list.cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} disabled={!name.trim()}>
            {t('list.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <TextWithCounter
          label={t('list.viewName')}
          multiline={false}
          limit={NAME_MAX}
          value={name}
          onChange={setName}
          hint={t('list.viewNameHint')}
          autoFocus
        />
        {naming.mode === 'create' && (
          <Checkbox
            label={t('list.viewAsDefault')}
            checked={isDefault}
            onChange={(e) => setIsDefault(e.target.checked)}
          />
        )}
      </form>
    </Dialog>
  );
}
