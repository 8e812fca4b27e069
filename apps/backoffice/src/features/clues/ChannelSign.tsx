// /clues/channelSign: channel signs (tracking marks of a channel): list, create, edit, enable, delete.
import { z } from 'zod';
import { defineListScreen, isValid, listQuery } from '../../app/list';
import { asFormField, asSearchField, CampusMasterSelect, ChannelSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame } from './common';
import { ChannelSignInput, type TChannelSignRow } from './types';

const SignForm = ChannelSignInput.extend({
  schoolItemCode: z.preprocess((v) => (v === '' ? null : v), ChannelSignInput.shape.schoolItemCode),
});

const Signs = defineListScreen<TChannelSignRow, typeof SignForm>({
  key: 'channelSigns',
  what: (t) => t('sign.what'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('sign.name') },
    { kind: 'custom', name: 'channel', label: t('clue.channel'), render: asSearchField(ChannelSelect) },
  ],
  columns: (t) => [
    { id: 'name', header: t('sign.name'), fixed: true },
    { id: 'channel', header: t('clue.channel'), names: 'channel' },
    { id: 'schoolItemCode', header: t('clue.campus'), names: 'campus' },
    { id: 'remark', header: t('clue.note') },
  ],
  list: (a) => sdk.clues.channelSignList({ query: listQuery(a) }),
  form: {
    schema: SignForm,
    defaults: { status: 1, remark: '' },
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('sign.name'), required: true, maxLength: 50 },
      {
        kind: 'custom',
        name: 'channel',
        label: t('clue.channel'),
        required: true,
        render: asFormField(ChannelSelect),
      },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('clue.campus'),
        render: asFormField(CampusMasterSelect),
      },
      { kind: 'textarea', name: 'remark', label: t('clue.note'), maxLength: 500 },
    ],
    save: (body) => sdk.clues.channelSignSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.clues.channelSignSave({ body: { ...r, status: on ? 1 : 0 } }),
  },
  remove: { call: (r) => sdk.clues.channelSignDelete({ query: { id: r.id } }) },
});

export default function ChannelSign() {
  const t = useT();
  return (
    <ClueFrame description={t('sign.desc')}>
      <Signs />
    </ClueFrame>
  );
}
