// /staff/list: employees (paged; filters name, campus, post, role, status) with create/edit of
// campus, post, type, rank, subjects and the linked login account.
import { EmployeeInput, SHEETS, type TEmployeeRow } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import { z } from 'zod';
import { defineListScreen, filterQuery, listQuery, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  CampusesField,
  CampusMasterSelect,
  EmployeeTypeSelect,
  PostSelect,
  RoleSelect,
  RolesField,
  SkillRankSelect,
  SubjectsField,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { toastBridge } from '@bo/ui-kit';
import { translate, useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';

/** The form flattens the optional account (username + roles) into two fields. */
const EmployeeForm = EmployeeInput.omit({ account: true })
  .extend({
    version: z.coerce.number().int().optional(),
    accountUsername: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_.@-]*$/, 'letters, digits and _ . @ - only')
      .optional(),
    accountRoleCodes: z.array(z.coerce.number().int()).default([]),
  })
  .refine((v) => !v.accountUsername || v.accountRoleCodes.length > 0, {
    message: 'at least one role',
    path: ['accountRoleCodes'],
  });

export const employeesDef: ListScreenDef<TEmployeeRow, typeof EmployeeForm> = {
  key: 'employees',
  what: (t) => t('staff.employee'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('staff.name') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('master.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    { kind: 'custom', name: 'postCode', label: t('master.post'), render: asSearchField(PostSelect) },
    { kind: 'custom', name: 'roleCode', label: t('staff.role'), render: asSearchField(RoleSelect) },
    {
      kind: 'select',
      name: 'status',
      label: t('list.status'),
      options: [
        { value: '1', label: t('staff.status.1') },
        { value: '0', label: t('staff.status.0') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'code', header: t('staff.code'), sortable: true },
    { id: 'name', header: t('staff.name'), sortable: true },
    { id: 'mobile', header: t('staff.mobile') },
    {
      id: 'schoolItemName',
      header: t('staff.primaryCampus'),
      value: (r) => r.schoolItemName ?? r.schoolItemCode,
    },
    { id: 'postName', header: t('master.post'), value: (r) => r.postName ?? r.postCode },
    {
      id: 'employeeTypeName',
      header: t('master.employeeType'),
      value: (r) => r.employeeTypeName ?? r.employeeTypeCode,
    },
    { id: 'skillRankName', header: t('staff.rank'), value: (r) => r.skillRankName ?? r.skillRankCode },
    { id: 'subjectNames', header: t('staff.subjects'), defaultHidden: true },
    { id: 'username', header: t('staff.account') },
    { id: 'entryDate', header: t('staff.entryDate'), sortable: true, defaultHidden: true },
    {
      id: 'status',
      header: t('list.status'),
      value: (r) => t(`staff.status.${r.status}`),
      cell: (r) => (
        <Badge tone={r.status === 1 ? 'success' : 'neutral'}>{t(`staff.status.${r.status}`)}</Badge>
      ),
    },
  ],
  list: (a) => sdk.employees.employees({ query: listQuery(a) }),
  serverExport: (f) => sdk.employees.employeeExport({ query: filterQuery(f) }),
  // The template, the import and the server's export share SHEETS.employees: an export imports back.
  importRows: { call: (body) => sdk.employees.employeeImport({ body }), sheet: SHEETS.employees },
  form: {
    schema: EmployeeForm,
    defaults: { status: 1, gender: 1, schoolItemCodes: [], subjectIds: [], accountRoleCodes: [] },
    detail: (r) => sdk.employees.employee({ query: { id: r.id } }),
    toForm: (r) => ({ ...r, accountUsername: r.username ?? '', accountRoleCodes: r.roleCodes ?? [] }),
    fields: (t, { row }) => [
      { kind: 'text', name: 'code', label: t('staff.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('staff.name'), required: true, maxLength: 50 },
      { kind: 'text', name: 'mobile', label: t('staff.mobile'), maxLength: 11 },
      {
        kind: 'select',
        name: 'gender',
        label: t('staff.gender'),
        options: [
          { value: 1, label: t('staff.gender.1') },
          { value: 2, label: t('staff.gender.2') },
        ],
      },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('staff.primaryCampus'),
        required: true,
        render: asFormField(CampusMasterSelect),
      },
      {
        kind: 'custom',
        name: 'postCode',
        label: t('master.post'),
        required: true,
        render: asFormField(PostSelect),
      },
      {
        kind: 'custom',
        name: 'employeeTypeCode',
        label: t('master.employeeType'),
        render: asFormField(EmployeeTypeSelect),
      },
      { kind: 'custom', name: 'skillRankCode', label: t('staff.rank'), render: asFormField(SkillRankSelect) },
      { kind: 'date', name: 'entryDate', label: t('staff.entryDate') },
      { kind: 'switch', name: 'status', label: t('staff.status.1'), onValue: 1, offValue: 0 },
      {
        kind: 'custom',
        name: 'schoolItemCodes',
        label: t('staff.campuses'),
        wide: true,
        render: (p) => <CampusesField {...p} />,
      },
      {
        kind: 'custom',
        name: 'subjectIds',
        label: t('staff.subjects'),
        wide: true,
        render: (p) => <SubjectsField {...p} />,
      },
      // The account is created once; afterwards it is managed under /setting/systemUsers.
      {
        kind: 'text',
        name: 'accountUsername',
        label: t('staff.account'),
        hint: row?.username ? undefined : t('staff.createAccount'),
        lockedOnEdit: Boolean(row?.username),
      },
      ...(row?.username
        ? []
        : [
            {
              kind: 'custom' as const,
              name: 'accountRoleCodes' as const,
              label: t('staff.accountRoles'),
              wide: true,
              render: (p: Parameters<typeof RolesField>[0]) => <RolesField {...p} />,
            },
          ]),
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: async (v, row) => {
      const { accountUsername, accountRoleCodes, ...rest } = v;
      const account =
        accountUsername && !row?.username
          ? { username: accountUsername, roleCodes: accountRoleCodes }
          : undefined;
      const saved = await sdk.employees.employeeSave({ body: { ...rest, id: row?.id, account } });
      if (saved.temporaryPassword && saved.username) {
        toastBridge.current?.show(
          'success',
          translate('staff.temporaryPassword', {
            username: saved.username,
            password: saved.temporaryPassword,
          }),
          60_000,
        );
      }
      return saved;
    },
  },
};

const Employees = defineListScreen(employeesDef);

export default function StaffList() {
  const t = useT();
  return (
    <ScreenFrame description={t('staff.list.desc')}>
      <Employees />
    </ScreenFrame>
  );
}
