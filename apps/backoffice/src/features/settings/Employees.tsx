// /setting/employees: employee types, posts, skill rank types, skill ranks and subjects.
import {
  EmployeeTypeInput,
  POST_ROLES,
  PostInput,
  SkillRankInput,
  SkillRankTypeInput,
  SubjectInput,
  type TEmployeeTypeRow,
  type TPostRow,
  type TSkillRankRow,
  type TSkillRankTypeRow,
  type TSubjectRow,
} from '@bo/api-sdk';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { isValid, matchFilters, statusOptions, type ListScreenDef } from '../../app/list';
import { asFormField, asSearchField, SkillRankTypeSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT, type MessageKey, type TFunction } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { sharedFields } from './simple';
import { listTab, TabbedScreen } from './TabbedScreen';

const codeStatus =
  (call: (i: { body: { code: string; status: 0 | 1 } }) => Promise<unknown>) =>
  (r: { code: string }, on: boolean) =>
    call({ body: { code: r.code, status: on ? 1 : 0 } });
const nameStatusSearch = (t: TFunction) => [
  { kind: 'text' as const, name: 'name', label: t('list.name') },
  { kind: 'select' as const, name: 'status', label: t('list.status'), options: statusOptions(t) },
];
const codeNameSort = <S extends z.ZodType<FieldValues>>(t: TFunction) =>
  sharedFields<S>([
    { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
    { kind: 'text', name: 'name', label: t('list.name'), required: true },
  ]);

/** A code/name/order list the server answers whole. */
function codeList<
  Row extends { code: string; name: string; validstatus: number; sort: number },
  S extends z.ZodType<FieldValues>,
>(o: {
  key: string;
  what: MessageKey;
  list: () => Promise<Row[]>;
  schema: S;
  save: (body: z.output<S>) => Promise<unknown>;
  status: (r: Row, on: boolean) => Promise<unknown>;
  extraColumns?: ListScreenDef<Row, S>['columns'];
  extraFields?: (
    t: TFunction,
  ) => NonNullable<ListScreenDef<Row, S>['form']> extends { fields: (t: TFunction, c: never) => infer F }
    ? F
    : never;
  extraSearch?: ListScreenDef<Row, S>['searchFields'];
}): ListScreenDef<Row, S> {
  return {
    key: o.key,
    what: (t) => t(o.what),
    rowId: (r) => r.code,
    rowName: (r) => r.name,
    searchFields: (t) => [...(o.extraSearch?.(t) ?? []), ...nameStatusSearch(t)],
    columns: (t) => [
      { id: 'code', header: t('list.code'), sortable: true },
      { id: 'name', header: t('list.name'), sortable: true },
      ...(o.extraColumns?.(t) ?? []),
      { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
    ],
    list: o.list,
    filterRows: (rows, f) => matchFilters(rows, f),
    form: {
      schema: o.schema,
      defaults: { validstatus: 1, sort: 0 },
      fields: (t) => [
        ...codeNameSort<S>(t),
        ...(o.extraFields?.(t) ?? []),
        ...sharedFields<S>([{ kind: 'number', name: 'sort', label: t('list.sort'), min: 0 }]),
      ],
      save: (body) => o.save(body),
    },
    status: { isOn: isValid, set: o.status },
  };
}

const types = codeList<TEmployeeTypeRow, typeof EmployeeTypeInput>({
  key: 'employeeTypes',
  what: 'set.employeeType',
  list: () => sdk.employees.types(),
  schema: EmployeeTypeInput,
  save: (body) => sdk.employees.typeSave({ body }),
  status: codeStatus((i) => sdk.employees.typeUpdateStatus(i)),
});
const postRoleOptions = (t: TFunction) =>
  POST_ROLES.map((r) => ({ value: r, label: t(`set.postRole.${r}`) }));
const posts = codeList<TPostRow, typeof PostInput>({
  key: 'posts',
  what: 'set.post',
  list: () => sdk.employees.posts(),
  schema: PostInput,
  save: (body) => sdk.employees.postSave({ body }),
  status: codeStatus((i) => sdk.employees.postUpdateStatus(i)),
  extraColumns: (t) => [
    { id: 'postRole', header: t('set.postRole'), value: (r) => t(`set.postRole.${r.postRole}`) },
    { id: 'familyName', header: t('set.family'), value: (r) => r.familyName ?? r.familyCode },
  ],
  extraFields: (t) => [
    {
      kind: 'select',
      name: 'postRole',
      label: t('set.postRole'),
      required: true,
      options: postRoleOptions(t),
    },
    { kind: 'text', name: 'familyCode', label: t('set.family') },
  ],
});
const rankTypes = codeList<TSkillRankTypeRow, typeof SkillRankTypeInput>({
  key: 'skillRankTypes',
  what: 'set.skillRankType',
  list: () => sdk.employees.skillRankTypes(),
  schema: SkillRankTypeInput,
  save: (body) => sdk.employees.skillRankTypeSave({ body }),
  status: codeStatus((i) => sdk.employees.skillRankTypeUpdateStatus(i)),
});
const ranks = codeList<TSkillRankRow, typeof SkillRankInput>({
  key: 'skillRanks',
  what: 'set.skillRank',
  list: () => sdk.employees.skillRanks(),
  schema: SkillRankInput,
  save: (body) => sdk.employees.skillRankSave({ body }),
  status: codeStatus((i) => sdk.employees.skillRankUpdateStatus(i)),
  extraSearch: (t) => [
    {
      kind: 'custom',
      name: 'typeCode',
      label: t('set.skillRankType'),
      render: asSearchField(SkillRankTypeSelect),
    },
  ],
  extraColumns: (t) => [
    { id: 'typeName', header: t('set.skillRankType'), value: (r) => r.typeName ?? r.typeCode },
    { id: 'level', header: t('set.level'), align: 'right', sortable: true },
  ],
  extraFields: (t) => [
    {
      kind: 'custom',
      name: 'typeCode',
      label: t('set.skillRankType'),
      required: true,
      render: asFormField(SkillRankTypeSelect),
    },
    { kind: 'number', name: 'level', label: t('set.level'), required: true, min: 1, max: 20 },
  ],
});

const subjects: ListScreenDef<TSubjectRow, typeof SubjectInput> = {
  key: 'subjects',
  what: (t) => t('set.subject'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: nameStatusSearch,
  columns: (t) => [
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
  ],
  list: () => sdk.employees.subjects(),
  filterRows: (rows, f) => matchFilters(rows, f, ['name']),
  form: {
    schema: SubjectInput,
    defaults: { status: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('list.name'), required: true, maxLength: 30 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body, row) => (row ? sdk.employees.subjectUpdate({ body }) : sdk.employees.subjectSave({ body })),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.employees.subjectUpdateStatus({ query: { id: r.id, status: on ? 1 : 0 } }),
  },
};

export default function Employees() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.employees.desc')}>
      <TabbedScreen
        tabs={[
          listTab('employeeTypes', t('set.employeeType'), types),
          listTab('posts', t('set.post'), posts),
          listTab('skillRankTypes', t('set.skillRankType'), rankTypes),
          listTab('skillRanks', t('set.skillRank'), ranks),
          listTab('subjects', t('set.subject'), subjects),
        ]}
      />
    </ScreenFrame>
  );
}
