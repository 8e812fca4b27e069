// /setting/clues: channels and the clue settings lists, and clue targets with their xlsx import
// (spec §5: result 1 downloads the import-result workbook, result 2 shows the message).
import {
  ChannelInput,
  ClueTargetInput,
  RevisitEventInput,
  SimpleInput,
  type TChannelRow,
  type TClueTargetRow,
  type TSimpleRow,
} from '@bo/api-sdk';
import { filterQuery, listQuery, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  CampusMasterSelect,
  ChannelGroupSelect,
  ChannelTypeSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT, type MessageKey, type TFunction } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { codeStatus, plainDef, simpleDef, type PlainListApi } from './simple';
import { listTab, TabbedScreen } from './TabbedScreen';

const channels = simpleDef<TChannelRow, typeof ChannelInput>({
  key: 'channels',
  what: 'set.channel',
  schema: ChannelInput,
  list: (a) => sdk.clueSettings.channelList({ query: listQuery(a) }),
  save: (body) => sdk.clueSettings.channelSave({ body }),
  setStatus: codeStatus((i) => sdk.clueSettings.channelUpdateStatus(i)),
  extraSearch: (t) => [
    {
      kind: 'custom',
      name: 'channelTypeCode',
      label: t('set.channelType'),
      render: asSearchField(ChannelTypeSelect),
    },
    {
      kind: 'custom',
      name: 'channelGroupCode',
      label: t('set.channelGroup'),
      render: asSearchField(ChannelGroupSelect),
    },
  ],
  extraColumns: (t) => [
    {
      id: 'channelTypeName',
      header: t('set.channelType'),
      value: (r) => r.channelTypeName ?? r.channelTypeCode,
    },
    {
      id: 'channelGroupName',
      header: t('set.channelGroup'),
      value: (r) => r.channelGroupName ?? r.channelGroupCode,
    },
    {
      id: 'online',
      header: t('set.online'),
      value: (r) => (r.online === 1 ? t('set.online') : t('set.offline')),
    },
  ],
  extraFields: (t) => [
    {
      kind: 'custom',
      name: 'channelTypeCode',
      label: t('set.channelType'),
      required: true,
      render: asFormField(ChannelTypeSelect),
    },
    {
      kind: 'custom',
      name: 'channelGroupCode',
      label: t('set.channelGroup'),
      render: asFormField(ChannelGroupSelect),
    },
    {
      kind: 'select',
      name: 'online',
      label: t('set.online'),
      options: [
        { value: 1, label: t('set.online') },
        { value: 0, label: t('set.offline') },
      ],
    },
  ],
});

const channelTypes = plainDef('channelTypes', 'set.channelType', {
  list: sdk.clueSettings.channelTypeList,
  save: sdk.clueSettings.channelTypeSave,
  status: sdk.clueSettings.channelTypeUpdateStatus,
});
const transfers = plainDef('transfers', 'set.transfer', {
  list: sdk.clueSettings.transferList,
  save: sdk.clueSettings.transferSave,
  status: sdk.clueSettings.transferUpdateStatus,
});
const abandons = plainDef('abandons', 'set.abandon', {
  list: sdk.clueSettings.abandonList,
  save: sdk.clueSettings.abandonSave,
  status: sdk.clueSettings.abandonUpdateStatus,
});
const flowTypes = plainDef('flowTypes', 'set.flowType', {
  list: sdk.clueSettings.flowTypeList,
  save: sdk.clueSettings.flowTypeSave,
  status: sdk.clueSettings.flowTypeUpdateStatus,
});
const invalidReasons = plainDef('invalidReasons', 'set.invalidReason', {
  list: sdk.clueSettings.invalidReasonList,
  save: sdk.clueSettings.invalidReasonSave,
  status: sdk.clueSettings.invalidReasonUpdateStatus,
});
const unreachReasons = plainDef('unreachReasons', 'set.unreachReason', {
  list: sdk.clueSettings.unreachReasonList,
  save: sdk.clueSettings.unreachReasonSave,
  status: sdk.clueSettings.unreachReasonUpdateStatus,
});
const undealReasons = plainDef('undealReasons', 'set.undealReason', {
  list: sdk.clueSettings.undealReasonList,
  save: sdk.clueSettings.undealReasonSave,
  status: sdk.clueSettings.undealReasonUpdateStatus,
});

/** Customer intentions and entry methods: created by save, changed by update (with the version), deletable. */
const withUpdate = (
  key: string,
  what: MessageKey,
  api: PlainListApi & {
    update: typeof sdk.clueSettings.customerIntentionUpdate;
    remove: typeof sdk.clueSettings.customerIntentionDelete;
  },
) =>
  simpleDef<TSimpleRow, typeof SimpleInput>({
    key,
    what,
    schema: SimpleInput,
    list: (a) => api.list({ query: listQuery(a) }),
    save: (body, row) =>
      row ? api.update({ body: { ...body, version: body.version ?? row.version } }) : api.save({ body }),
    setStatus: codeStatus((i) => api.status(i)),
    remove: (r) => api.remove({ query: { code: r.code } }),
  });
const intentions = withUpdate('customerIntentions', 'set.customerIntention', {
  list: sdk.clueSettings.customerIntentionList,
  save: sdk.clueSettings.customerIntentionSave,
  status: sdk.clueSettings.customerIntentionUpdateStatus,
  update: sdk.clueSettings.customerIntentionUpdate,
  remove: sdk.clueSettings.customerIntentionDelete,
});
const entryMethods = withUpdate('entryMethods', 'set.entryMethod', {
  list: sdk.clueSettings.entryMethodList,
  save: sdk.clueSettings.entryMethodSave,
  status: sdk.clueSettings.entryMethodUpdateStatus,
  update: sdk.clueSettings.entryMethodUpdate,
  remove: sdk.clueSettings.entryMethodDelete,
});
const revisitEvents = simpleDef<TSimpleRow & { dueDays: number }, typeof RevisitEventInput>({
  key: 'revisitEvents',
  what: 'set.revisitEvent',
  schema: RevisitEventInput,
  list: (a) => sdk.clueSettings.revisitEventList({ query: listQuery(a) }),
  save: (body) => sdk.clueSettings.revisitEventSave({ body }),
  setStatus: codeStatus((i) => sdk.clueSettings.revisitEventUpdateStatus(i)),
  extraColumns: (t) => [{ id: 'dueDays', header: t('set.dueDays'), align: 'right' }],
  extraFields: (t) => [{ kind: 'number', name: 'dueDays', label: t('set.dueDays'), min: 0, max: 365 }],
});

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const targetTypeOptions = (t: TFunction) => [
  { value: '1', label: t('set.targetType.1') },
  { value: '2', label: t('set.targetType.2') },
];

export const clueTargets: ListScreenDef<TClueTargetRow, typeof ClueTargetInput> = {
  key: 'clueTargets',
  what: (t) => t('set.clueTarget'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.targetYear} ${r.schoolItemName ?? r.schoolItemCode}`,
  searchFields: (t) => [
    { kind: 'text', name: 'targetYear', label: t('set.targetYear') },
    { kind: 'select', name: 'targetType', label: t('set.targetType'), options: targetTypeOptions(t) },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('master.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    { kind: 'text', name: 'employeeCode', label: t('set.employeeCode') },
  ],
  columns: (t) => [
    { id: 'targetYear', header: t('set.targetYear'), sortable: true, align: 'right' },
    {
      id: 'targetType',
      header: t('set.targetType'),
      value: (r) => tCode(t, `set.targetType.${r.targetType}`, String(r.targetType)),
    },
    { id: 'schoolItemName', header: t('master.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
    { id: 'employeeName', header: t('master.employee'), value: (r) => r.employeeName ?? r.employeeCode },
    ...MONTHS.map((m) => ({
      id: `m${m}` as const,
      header: t('set.monthN', { n: m }),
      align: 'right' as const,
    })),
    { id: 'total', header: t('set.total'), align: 'right', sortable: true },
    { id: 'remark', header: t('list.remark'), defaultHidden: true },
  ],
  list: (a) => sdk.clueSettings.clueTargetList({ query: listQuery(a) }),
  form: {
    schema: ClueTargetInput,
    defaults: { targetYear: new Date().getFullYear(), targetType: 1 },
    fields: (t) => [
      {
        kind: 'number',
        name: 'targetYear',
        label: t('set.targetYear'),
        required: true,
        min: 2000,
        max: 2100,
      },
      {
        kind: 'select',
        name: 'targetType',
        label: t('set.targetType'),
        required: true,
        options: [
          { value: 1, label: t('set.targetType.1') },
          { value: 2, label: t('set.targetType.2') },
        ],
      },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('master.campus'),
        required: true,
        render: asFormField(CampusMasterSelect),
      },
      { kind: 'text', name: 'employeeCode', label: t('set.employeeCode') },
      ...MONTHS.map((m) => ({
        kind: 'number' as const,
        name: `m${m}` as const,
        label: t('set.monthN', { n: m }),
        min: 0,
      })),
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: (body) => sdk.clueSettings.clueTargetSaveOrUpdate({ body }),
  },
  importFile: { call: (file) => sdk.clueSettings.clueTargetImport({ file, filename: file.name }) },
  template: {
    call: () => sdk.clueSettings.clueTargetTemplate(),
    filename: (t) => `${t('set.clueTarget')}_${t('list.template')}.xlsx`,
  },
  serverExport: (f) => sdk.clueSettings.clueTargetExcel({ query: filterQuery(f) }),
};

export default function Clues() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.clues.desc')}>
      <TabbedScreen
        tabs={[
          listTab('channels', t('set.channel'), channels),
          listTab('channelTypes', t('set.channelType'), channelTypes),
          listTab('transfers', t('set.transfer'), transfers),
          listTab('abandons', t('set.abandon'), abandons),
          listTab('flowTypes', t('set.flowType'), flowTypes),
          listTab('customerIntentions', t('set.customerIntention'), intentions),
          listTab('entryMethods', t('set.entryMethod'), entryMethods),
          listTab('invalidReasons', t('set.invalidReason'), invalidReasons),
          listTab('unreachReasons', t('set.unreachReason'), unreachReasons),
          listTab('undealReasons', t('set.undealReason'), undealReasons),
          listTab('revisitEvents', t('set.revisitEvent'), revisitEvents),
          listTab('clueTargets', t('set.clueTarget'), clueTargets),
        ]}
      />
    </ScreenFrame>
  );
}
