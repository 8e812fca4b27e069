// /clues/clueResources: e-sales resources (/resource/queryResourceList) — mine, the pool or all in
// scope — with create, claim (receive), distribute to specialists (dist) and the xlsx import.
import type { ListColumn, Tone } from '@bo/ui-kit';
import { contract, SHEETS } from '@bo/api-sdk';
import { ROLE } from '@bo/domain';
import { Badge, FormCheckGroup, FormDialog } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { listQuery, ListScreenView, type ListScreenDef } from '../../app/list';
import { asFormField, asSearchField, CampusMasterSelect, ChannelSelect } from '../../app/masterSelectors';
import { bodyOf, useCommandForm } from '../../app/form';
import { sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';
import { PhoneNumber } from '../calls/PhoneNumber';
import { ClueFrame, DateTimeCell } from './common';
import { formatDateTime } from './logic';
import { ResourceInput, type TResourceRow, type TResourceStatus } from './types';

export const RES_TONE: Record<TResourceStatus, Tone> = {
  new: 'info',
  assigned: 'blue',
  following: 'brand',
  sent: 'success',
  invalid: 'danger',
  abandoned: 'orange',
};
const STATUSES: readonly TResourceStatus[] = ['new', 'assigned', 'following', 'sent', 'invalid', 'abandoned'];

export function ResStatus({ status }: { status: TResourceStatus }) {
  const t = useT();
  return (
    <Badge tone={RES_TONE[status]} dot>
      {t(`res.status.${status}`)}
    </Badge>
  );
}

const empty = (v: unknown) => (v === '' ? null : v);
const ResourceForm = ResourceInput.extend({
  birthDate: z.preprocess(empty, ResourceInput.shape.birthDate),
  schoolItemCode: z.preprocess(empty, ResourceInput.shape.schoolItemCode),
  channel: z.preprocess(empty, ResourceInput.shape.channel),
  level: z.preprocess(empty, ResourceInput.shape.level),
});

function columns(t: TFunction): ListColumn<TResourceRow>[] {
  return [
    {
      id: 'name',
      header: t('res.name'),
      fixed: true,
      cell: (r: TResourceRow) => (
        <Link
          className="text-brand-600 hover:underline"
          to={`/clues/resourceDetail?id=${r.id}`}
          state={{ name: r.childName || r.name }}
        >
          {r.name}
        </Link>
      ),
    },
    { id: 'rescode', header: t('res.code'), defaultHidden: true },
    { id: 'childName', header: t('clue.childName') },
    {
      id: 'phone',
      header: t('clue.phone'),
      cell: (r: TResourceRow) => <PhoneNumber phone={r.phone} name={r.name} resourceId={r.id} />,
    },
    {
      id: 'status',
      header: t('clue.state'),
      value: (r: TResourceRow) => t(`res.status.${r.status}`),
      cell: (r: TResourceRow) => <ResStatus status={r.status} />,
    },
    { id: 'level', header: t('res.level'), align: 'center' as const },
    {
      id: 'schoolItemName',
      header: t('clue.campus'),
      value: (r: TResourceRow) => r.schoolItemName ?? r.schoolItemCode,
    },
    { id: 'channel', header: t('clue.channel'), names: 'channel' },
    { id: 'ownerName', header: t('res.owner') },
    { id: 'followCount', header: t('clue.followCount'), align: 'right' as const },
    {
      id: 'lastFollowAt',
      header: t('clue.lastFollow'),
      exportValue: (r: TResourceRow) => formatDateTime(r.lastFollowAt),
      cell: (r: TResourceRow) => <DateTimeCell iso={r.lastFollowAt} />,
    },
    {
      id: 'createdAt',
      header: t('clue.createdAt'),
      exportValue: (r: TResourceRow) => formatDateTime(r.createdAt),
      cell: (r: TResourceRow) => <DateTimeCell iso={r.createdAt} />,
    },
  ];
}

const Dist = bodyOf(contract.resources.dist);

/** Deals the chosen resources out to the chosen e-sales specialists. */
function DistDialog({ rows, onClose }: { rows: TResourceRow[]; onClose: () => void }) {
  const t = useT();
  const specialists = useQuery({
    queryKey: ['res', 'specialists'],
    queryFn: () => sdk.resources.getUserListByRoles({ body: { roleCodes: [ROLE.esales] } }),
  });
  const form = useCommandForm({
    schema: Dist,
    defaultValues: { ids: rows.map((r) => r.id), userIds: [] },
    onSubmit: (body) => sdk.resources.dist({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('res.distTitle', { n: rows.length })}
      submitText={t('res.dist')}
    >
      <FormCheckGroup
        form={form}
        name="userIds"
        label={t('res.specialists')}
        options={(specialists.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
      />
    </FormDialog>
  );
}

export default function ClueResources() {
  const t = useT();
  const [dist, setDist] = useState<TResourceRow[] | null>(null);
  const def = useMemo<ListScreenDef<TResourceRow, typeof ResourceForm>>(
    () => ({
      key: 'resources',
      what: (tt) => tt('res.what'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.name,
      filterDefaults: { scope: 'all' },
      searchFields: (tt) => [
        {
          kind: 'select',
          name: 'scope',
          label: tt('res.scope'),
          options: (['all', 'mine', 'pool'] as const).map((s) => ({ value: s, label: tt(`res.scope.${s}`) })),
        },
        { kind: 'text', name: 'keyword', label: tt('clue.keyword'), placeholder: tt('clue.keywordHint') },
        {
          kind: 'select',
          name: 'status',
          label: tt('clue.state'),
          options: STATUSES.map((s) => ({ value: s, label: tt(`res.status.${s}`) })),
        },
        {
          kind: 'select',
          name: 'level',
          label: tt('res.level'),
          options: ['A', 'B', 'C', 'D'].map((l) => ({ value: l, label: l })),
        },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: tt('clue.campus'),
          render: asSearchField(CampusMasterSelect),
        },
        {
          kind: 'dateRange',
          name: 'created',
          label: tt('clue.createdAt'),
          startName: 'startDate',
          endName: 'endDate',
        },
      ],
      columns,
      list: (a) => sdk.resources.queryResourceList({ query: listQuery(a) }),
      form: {
        schema: ResourceForm,
        defaults: { gender: 0, childName: '', note: '' },
        fields: (tt) => [
          { kind: 'text', name: 'name', label: tt('res.name'), required: true, maxLength: 50 },
          { kind: 'text', name: 'phone', label: tt('clue.phone'), required: true, maxLength: 11 },
          { kind: 'text', name: 'childName', label: tt('clue.childName'), maxLength: 50 },
          {
            kind: 'select',
            name: 'gender',
            label: tt('clue.gender'),
            options: ([0, 1, 2] as const).map((g) => ({ value: g, label: tt(`clue.gender.${g}`) })),
          },
          { kind: 'date', name: 'birthDate', label: tt('clue.birthDate') },
          {
            kind: 'select',
            name: 'level',
            label: tt('res.level'),
            options: ['A', 'B', 'C', 'D'].map((l) => ({ value: l, label: l })),
          },
          {
            kind: 'custom',
            name: 'schoolItemCode',
            label: tt('clue.campus'),
            render: asFormField(CampusMasterSelect),
          },
          { kind: 'custom', name: 'channel', label: tt('clue.channel'), render: asFormField(ChannelSelect) },
          { kind: 'textarea', name: 'note', label: tt('clue.note'), maxLength: 1000 },
        ],
        save: (body) => sdk.resources.save({ body }),
        canEdit: () => false,
      },
      importFile: {
        call: (file) => sdk.resources.importESalesRes({ file, filename: file.name }),
        sheet: SHEETS.resources,
      },
      template: {
        call: () => sdk.resources.importTemplate(),
        filename: (tt) => `${tt('res.what')}_template.xlsx`,
      },
      rowActions: (tt, h) => [
        {
          key: 'receive',
          label: tt('res.receive'),
          hidden: (r) => !((r.status === 'new' && r.ownerUserId === null) || r.status === 'abandoned'),
          onClick: async (r) => {
            await sdk.resources.receive({ body: { id: r.id, version: r.version } }).catch(() => undefined);
            await h.refresh();
          },
        },
      ],
      bulkActions: (tt) => [
        {
          key: 'dist',
          label: tt('res.dist'),
          onClick: (rows) => setDist(rows),
        },
      ],
    }),
    [],
  );
  return (
    <ClueFrame description={t('res.desc')}>
      <ListScreenView def={def} />
      {dist && <DistDialog rows={dist} onClose={() => setDist(null)} />}
    </ClueFrame>
  );
}
