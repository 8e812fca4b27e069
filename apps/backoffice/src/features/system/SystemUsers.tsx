// /setting/systemUsers: sign-in accounts (roles, data scope, linked employee), their status and
// password resets. A new account's and a reset's temporary password is shown once.
import { AuthInfoInput, type TAuthInfoRow } from '@bo/api-sdk';
import { z } from 'zod';
import { defineListScreen, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  CampusesField,
  EmployeeSelect,
  RegionsField,
  RoleSelect,
  RolesField,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { showSecret, TemporaryPasswordDialog } from './parts';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** The contract's input; an empty mobile or employee means none. */
export const AccountForm = AuthInfoInput.extend({
  mobile: z.preprocess(blankToNull, AuthInfoInput.shape.mobile),
  employeeCode: z.preprocess(blankToNull, AuthInfoInput.shape.employeeCode),
});

export const accountsDef: ListScreenDef<TAuthInfoRow, typeof AccountForm> = {
  key: 'systemUsers',
  what: (t) => t('sys.account'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.name} (${r.username})`,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('sys.name') },
    { kind: 'text', name: 'username', label: t('sys.username') },
    { kind: 'custom', name: 'roleCode', label: t('sys.role'), render: asSearchField(RoleSelect) },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'username', header: t('sys.username'), fixed: true },
    { id: 'name', header: t('sys.name') },
    { id: 'mobile', header: t('sys.mobile') },
    { id: 'roles', header: t('sys.roles'), value: (r) => r.roles.map((x) => x.name).join('、') },
    { id: 'regions', header: t('sys.regions'), value: (r) => r.regions.join(', '), defaultHidden: true },
    { id: 'campuses', header: t('sys.campuses'), value: (r) => r.campuses.join(', ') },
    { id: 'employeeCode', header: t('sys.employeeCode') },
    {
      id: 'mustChangePassword',
      header: t('sys.mustChange'),
      value: (r) => (r.mustChangePassword ? t('sys.yes') : t('sys.no')),
      defaultHidden: true,
    },
  ],
  list: (a) => sdk.system.authInfos({ query: listQuery(a) }),
  form: {
    schema: AccountForm,
    defaults: { status: 1, roles: [], regions: [], campuses: [] },
    toForm: (r) => ({
      id: r.id,
      username: r.username,
      name: r.name,
      mobile: r.mobile ?? '',
      roles: r.roles.map((x) => x.code),
      regions: r.regions,
      campuses: r.campuses,
      employeeCode: r.employeeCode ?? '',
      status: r.status,
      version: r.version,
    }),
    fields: (t) => [
      {
        kind: 'text',
        name: 'username',
        label: t('sys.username'),
        required: true,
        lockedOnEdit: true,
        maxLength: 64,
      },
      { kind: 'text', name: 'name', label: t('sys.name'), required: true, maxLength: 50 },
      { kind: 'text', name: 'mobile', label: t('sys.mobile'), maxLength: 11 },
      {
        kind: 'custom',
        name: 'employeeCode',
        label: t('sys.employeeCode'),
        render: asFormField(EmployeeSelect),
      },
      {
        kind: 'custom',
        name: 'roles',
        label: t('sys.roles'),
        required: true,
        wide: true,
        render: (p) => <RolesField {...p} />,
      },
      {
        kind: 'custom',
        name: 'regions',
        label: t('sys.regions'),
        wide: true,
        render: (p) => <RegionsField {...p} />,
      },
      {
        kind: 'custom',
        name: 'campuses',
        label: t('sys.campuses'),
        wide: true,
        render: (p) => <CampusesField {...p} />,
      },
      { kind: 'switch', name: 'status', label: t('list.status'), onValue: 1, offValue: 0 },
    ],
    save: async (body) => {
      const saved = await sdk.system.authInfoSave({ body });
      const password = saved.temporaryPassword;
      // After the form dialog has closed.
      if (password) setTimeout(() => showSecret({ kind: 'created', username: saved.username, password }), 0);
      return saved;
    },
  },
  status: {
    isOn: (r) => r.status === 1,
    set: (r, on) => sdk.system.authInfoUpdateStatus({ body: { code: r.username, status: on ? 1 : 0 } }),
  },
  rowActions: (t) => [
    {
      key: 'resetPassword',
      label: t('sys.resetPassword'),
      danger: true,
      confirm: (r) => t('sys.resetConfirm', { name: `${r.name} (${r.username})` }),
      onClick: async (r) => {
        const res = await sdk.system.resetPassword({ query: { usercode: r.username } });
        showSecret({ kind: 'reset', username: res.username, password: res.temporaryPassword });
      },
    },
  ],
};

const AccountsList = defineListScreen(accountsDef);

export default function SystemUsers() {
  const t = useT();
  return (
    <ScreenFrame description={t('sys.users.desc')}>
      <AccountsList />
      <TemporaryPasswordDialog />
    </ScreenFrame>
  );
}
