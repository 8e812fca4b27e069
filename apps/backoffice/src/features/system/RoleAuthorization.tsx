// /setting/roleAuthorization: roles (with the tree of the chosen role's privileges) and the
// privilege items themselves, one tab each.
import { PRIVILEGE_TYPES, PrivilegeInput, RoleInput, type TPrivilegeNode, type TRoleRow } from '@bo/api-sdk';
import { Badge, EmptyState } from '@bo/ui-kit';
import { useSyncExternalStore } from 'react';
import { defineListScreen, matchFilters, statusOptions, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { listTab, TabbedScreen } from '../settings/TabbedScreen';
import { PrivilegeTree } from './PrivilegeTree';

// The role whose privileges are shown (chosen by a row action of the static list declaration).
let chosen: { code: number; name: string } | null = null;
const listeners = new Set<() => void>();
function choose(r: { code: number; name: string } | null) {
  chosen = r;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const rolesDef: ListScreenDef<TRoleRow, typeof RoleInput> = {
  key: 'roles',
  what: (t) => t('sys.role'),
  rowId: (r) => String(r.code),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('sys.roleName') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('sys.roleCode'), align: 'right', sortable: true },
    { id: 'name', header: t('sys.roleName'), sortable: true },
    { id: 'description', header: t('sys.description') },
    {
      id: 'flags',
      header: `${t('sys.isAdmin')} / ${t('sys.allScope')}`,
      value: (r) =>
        [r.isAdmin ? t('sys.isAdmin') : '', r.allScope ? t('sys.allScope') : ''].filter(Boolean).join(', '),
      cell: (r) => (
        <span className="flex gap-1">
          {r.isAdmin && <Badge tone="danger">{t('sys.isAdmin')}</Badge>}
          {r.allScope && <Badge tone="info">{t('sys.allScope')}</Badge>}
        </span>
      ),
    },
    { id: 'userCount', header: t('sys.userCount'), align: 'right' },
  ],
  list: (a) => sdk.system.roles({ query: { name: a.filters.name || undefined } }),
  filterRows: (rows, f) => matchFilters(rows, f, ['name', 'description']),
  form: {
    schema: RoleInput,
    defaults: { status: 1, allScope: false, description: '' },
    fields: (t) => [
      {
        kind: 'number',
        name: 'code',
        label: t('sys.roleCode'),
        assigned: true,
      },
      { kind: 'text', name: 'name', label: t('sys.roleName'), required: true, maxLength: 50 },
      { kind: 'textarea', name: 'description', label: t('sys.description'), maxLength: 500, wide: true },
      { kind: 'switch', name: 'allScope', label: t('sys.allScope') },
      { kind: 'switch', name: 'status', label: t('list.status'), onValue: 1, offValue: 0 },
    ],
    save: (body) => sdk.system.roleSave({ body }),
  },
  status: {
    isOn: (r) => r.status === 1,
    set: (r, on) => sdk.system.roleUpdateStatus({ body: { code: r.code, status: on ? 1 : 0 } }),
  },
  rowActions: (t) => [
    { key: 'grant', label: t('sys.grant'), onClick: (r) => choose({ code: r.code, name: r.name }) },
  ],
};

export type PrivilegeRow = Omit<TPrivilegeNode, 'children'> & { parent: string | null };

/** The tree as rows (groups first, each followed by its screens and actions). */
export function flattenPrivileges(
  nodes: readonly TPrivilegeNode[],
  parent: string | null = null,
): PrivilegeRow[] {
  return nodes.flatMap(({ children, ...n }) => [{ ...n, parent }, ...flattenPrivileges(children, n.code)]);
}

export const privilegesDef: ListScreenDef<PrivilegeRow, typeof PrivilegeInput> = {
  key: 'privileges',
  what: (t) => t('sys.privilege'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: `${t('sys.privCode')} / ${t('sys.privName')}` },
    {
      kind: 'select',
      name: 'type',
      label: t('sys.privType'),
      options: PRIVILEGE_TYPES.map((v) => ({ value: v, label: t(`sys.privType.${v}`) })),
    },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('sys.privCode'), fixed: true },
    { id: 'name', header: t('sys.privName') },
    { id: 'nameEn', header: t('sys.privNameEn'), defaultHidden: true },
    { id: 'type', header: t('sys.privType'), value: (r) => t(`sys.privType.${r.type}`) },
    { id: 'groupCode', header: t('sys.groupCode') },
    { id: 'navigateUrl', header: t('sys.navigateUrl'), defaultHidden: true },
    { id: 'sort', header: t('sys.sort'), align: 'right' },
  ],
  list: async () => flattenPrivileges(await sdk.system.privileges({ query: {} })),
  filterRows: (rows, f) => matchFilters(rows, f, ['code', 'name', 'nameEn']),
  form: {
    schema: PrivilegeInput,
    defaults: { status: 1, sort: 0, type: 'page' },
    fields: (t) => [
      {
        kind: 'text',
        name: 'code',
        label: t('sys.privCode'),
        required: true,
        lockedOnEdit: true,
        maxLength: 200,
      },
      {
        kind: 'select',
        name: 'type',
        label: t('sys.privType'),
        required: true,
        options: PRIVILEGE_TYPES.map((v) => ({ value: v, label: t(`sys.privType.${v}`) })),
      },
      { kind: 'text', name: 'name', label: t('sys.privName'), required: true, maxLength: 50 },
      { kind: 'text', name: 'nameEn', label: t('sys.privNameEn'), maxLength: 100 },
      { kind: 'text', name: 'groupCode', label: t('sys.groupCode'), maxLength: 50 },
      { kind: 'text', name: 'navigateUrl', label: t('sys.navigateUrl'), maxLength: 200 },
      { kind: 'text', name: 'cssName', label: t('sys.cssName'), maxLength: 50 },
      { kind: 'number', name: 'sort', label: t('sys.sort') },
      { kind: 'switch', name: 'status', label: t('list.status'), onValue: 1, offValue: 0 },
    ],
    toForm: ({ parent: _p, ...r }) => r,
    save: (body) =>
      sdk.system.privilegeSave({
        body: {
          ...body,
          groupCode: body.groupCode || null,
          navigateUrl: body.navigateUrl || null,
          cssName: body.cssName || null,
        },
      }),
  },
  status: {
    isOn: (r) => r.status === 1,
    set: (r, on) => sdk.system.privilegeUpdateStatus({ body: { code: r.code, status: on ? 1 : 0 } }),
  },
};

const RolesList = defineListScreen(rolesDef);

function RolesTab() {
  const t = useT();
  const role = useSyncExternalStore(subscribe, () => chosen);
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <RolesList paramPrefix="roles" />
      {role ? (
        <PrivilegeTree key={role.code} roleCode={role.code} roleName={role.name} />
      ) : (
        <EmptyState title={t('sys.treeHint')} />
      )}
    </div>
  );
}

export default function RoleAuthorization() {
  const t = useT();
  return (
    <ScreenFrame description={t('sys.roles.desc')}>
      <TabbedScreen
        tabs={[
          { key: 'roles', label: t('sys.rolesTab'), content: <RolesTab /> },
          listTab('privileges', t('sys.privilegesTab'), privilegesDef),
        ]}
      />
    </ScreenFrame>
  );
}
