// /setting/operateManager: channel groups and business lines. The spec names the screen without
// content; business lines are the business_type dictionary (docs/decisions.md).
import { ChannelGroupInput, type SysDictInput, type TChannelGroupRow, type TSysDictRow } from '@bo/api-sdk';
import { isValid, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { dictItems } from './Operate';
import { ScreenFrame } from './ScreenFrame';
import { simpleDef } from './simple';
import { listTab, TabbedScreen } from './TabbedScreen';

const BUSINESS_TYPE = 'business_type';

const channelGroups = simpleDef<TChannelGroupRow, typeof ChannelGroupInput>({
  key: 'channelGroups',
  what: 'set.channelGroup',
  schema: ChannelGroupInput,
  whole: true,
  list: () => sdk.dictionaries.channelGroupList(),
  save: (body) => sdk.dictionaries.channelGroupSave({ body }),
  // Channel groups switch status by saving the record.
  setStatus: (r, on) => sdk.dictionaries.channelGroupSave({ body: { ...r, validstatus: on ? 1 : 0 } }),
  remove: (r) => sdk.dictionaries.channelGroupDelete({ query: { code: r.code } }),
});

const businessLines: ListScreenDef<TSysDictRow, typeof SysDictInput> = {
  ...dictItems,
  key: 'businessLines',
  what: (t) => t('set.businessLine'),
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'remark', header: t('list.remark') },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.dictionaries.dictList({ query: listQuery(a, { dictType: BUSINESS_TYPE }) }),
  form: dictItems.form && {
    ...dictItems.form,
    defaults: { dictType: BUSINESS_TYPE, status: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
    ],
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.dictionaries.dictUpdateStatus({ body: { id: r.id, status: on ? 1 : 0 } }),
  },
  importRows: undefined,
};

export default function OperateManager() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.operateManager.desc')}>
      <TabbedScreen
        tabs={[
          listTab('channelGroups', t('set.channelGroup'), channelGroups),
          listTab('businessLines', t('set.businessLine'), businessLines),
        ]}
      />
    </ScreenFrame>
  );
}
