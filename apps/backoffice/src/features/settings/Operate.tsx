// /setting/operate: the system dictionaries (items by dictType, e.g. business_type) and tags.
// The spec names the screen without content; it owns /sysDict/* and /tag/* and hosts the approval
// flows of every kind (docs/decisions.md, docs/approvals.md).
import { SysDictInput, TagInput, type TSysDictRow, type TTagRow, SHEETS } from '@bo/api-sdk';
import { isValid, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { listTab, TabbedScreen } from './TabbedScreen';
import { ApprovalFlows } from './ApprovalFlows';

export const dictItems: ListScreenDef<TSysDictRow, typeof SysDictInput> = {
  key: 'dicts',
  what: (t) => t('set.dict'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'dictType', label: t('set.dictType'), placeholder: 'business_type' },
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'dictType', header: t('set.dictType'), sortable: true, names: 'dictType', namesWithCode: true },
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'remark', header: t('list.remark') },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.dictionaries.dictList({ query: listQuery(a) }),
  form: {
    schema: SysDictInput,
    defaults: (f) => ({ dictType: f.dictType, status: 1, sort: 0 }),
    fields: (t) => [
      {
        kind: 'text',
        name: 'dictType',
        label: t('set.dictType'),
        required: true,
        lockedOnEdit: true,
        placeholder: 'business_type',
      },
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
    ],
    save: (body) => sdk.dictionaries.dictSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.dictionaries.dictUpdateStatus({ body: { id: r.id, status: on ? 1 : 0 } }),
  },
  remove: { call: (r) => sdk.dictionaries.dictDelete({ query: { id: r.id } }) },
  importRows: { call: (body) => sdk.dictionaries.dictImport({ body }), sheet: SHEETS.dictionaries },
};

export const tags: ListScreenDef<TTagRow, typeof TagInput> = {
  key: 'tags',
  what: (t) => t('set.tag'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    {
      kind: 'select',
      name: 'tagType',
      label: t('set.tagType'),
      options: [
        { value: '1', label: t('set.tagType.1') },
        { value: '2', label: t('set.tagType.2') },
      ],
    },
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    {
      id: 'name',
      header: t('list.name'),
      sortable: true,
      cell: (r) => (
        <span className="inline-flex items-center gap-1.5">
          {r.color && (
            <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: r.color }} />
          )}
          {r.name}
        </span>
      ),
    },
    {
      id: 'tagType',
      header: t('set.tagType'),
      value: (r) => tCode(t, `set.tagType.${r.tagType}`, String(r.tagType)),
    },
    { id: 'color', header: t('set.color') },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.dictionaries.tagGetTagList({ query: listQuery(a) }),
  form: {
    schema: TagInput,
    defaults: (f) => ({ tagType: Number(f.tagType || 1), status: 1, sort: 0 }),
    fields: (t) => [
      {
        kind: 'select',
        name: 'tagType',
        label: t('set.tagType'),
        required: true,
        lockedOnEdit: true,
        options: [
          { value: 1, label: t('set.tagType.1') },
          { value: 2, label: t('set.tagType.2') },
        ],
      },
      { kind: 'text', name: 'name', label: t('list.name'), required: true, maxLength: 20 },
      { kind: 'text', name: 'color', label: t('set.color'), placeholder: '#1677ff' },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.dictionaries.tagAdd({ body }),
  },
  // Tags switch status by saving the record (the contract has no separate status call for them).
  status: {
    isOn: isValid,
    set: (r, on) =>
      sdk.dictionaries.tagAdd({
        body: {
          id: r.id,
          tagType: r.tagType,
          name: r.name,
          color: r.color,
          status: on ? 1 : 0,
          sort: r.sort,
          version: r.version,
        },
      }),
  },
  remove: { call: (r) => sdk.dictionaries.tagDelete({ body: { id: r.id } }) },
};

export default function Operate() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.operate.desc')}>
      <TabbedScreen
        tabs={[
          listTab('dicts', t('set.dict'), dictItems),
          listTab('tags', t('set.tag'), tags),
          { key: 'flows', label: t('flow.tab'), content: <ApprovalFlows /> },
        ]}
      />
    </ScreenFrame>
  );
}
