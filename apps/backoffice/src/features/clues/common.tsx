// Shared parts of the clue screens: the state badge, the clue columns, the create dialog's form,
// the frame with the route's title (the consultant picker is the master selectors' StaffUserSelect).
import { ClueInput, type TClueRow, type TClueState } from './types';
import { routeByPath } from '@bo/domain';
import {
  Badge,
  Card,
  PageHeader,
  type FieldName,
  type FormField,
  type ListColumn,
  type SearchField,
} from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { ListKitProvider, listQuery, type ListQueryArgs, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  CampusMasterSelect,
  ChannelSelect,
  TagSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useLocale, useT, type TFunction } from '../../i18n';
import { PhoneNumber } from '../calls/PhoneNumber';
import { formatDateTime, relativeTime, STATE_TONE } from './logic';

export const CLUE_STATES: readonly TClueState[] = [
  'pool',
  'following',
  'visit_scheduled',
  'visited',
  'assessed',
  'converted',
  'transfer_pending',
  'abandon_pending',
  'invalid_pending',
  'high_sea',
  'invalid',
  'merged',
];

export function StateBadge({ state }: { state: TClueState }) {
  const t = useT();
  return (
    <Badge tone={STATE_TONE[state]} dot>
      {t(`clue.state.${state}`)}
    </Badge>
  );
}

/**
 * A time shown relatively ('3天前'), with the exact time on hover: for feeds and timelines.
 * Table columns use DateTimeCell instead, so one column always shows one form.
 */
export function When({ iso }: { iso: string | null | undefined }) {
  const [locale] = useLocale();
  if (!iso) return <span className="text-subtle">—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTime(iso, new Date(), locale)}
    </time>
  );
}

/** A table cell's time: always 'YYYY-MM-DD HH:mm', the relative form on hover. */
export function DateTimeCell({ iso }: { iso: string | null | undefined }) {
  const [locale] = useLocale();
  if (!iso) return <span className="text-subtle">—</span>;
  return (
    <time dateTime={iso} title={relativeTime(iso, new Date(), locale)} className="tabular-nums">
      {formatDateTime(iso)}
    </time>
  );
}

/** Link to a clue's detail tab (the child name rides along for the tab title). */
export function ClueLink({ clueId, childName }: { clueId: number; childName: string }) {
  return (
    <Link
      className="text-brand-600 hover:underline"
      to={`/clues/clueDetail?id=${clueId}`}
      state={{ childName }}
    >
      {childName}
    </Link>
  );
}

export const stateOptions = (t: TFunction) =>
  CLUE_STATES.map((s) => ({ value: s, label: t(`clue.state.${s}`) }));

export function clueColumns(
  t: TFunction,
  o: { owner?: boolean; dial?: boolean } = {},
): ListColumn<TClueRow>[] {
  return [
    {
      id: 'childName',
      header: t('clue.childName'),
      fixed: true,
      cell: (r) => <ClueLink clueId={r.clueId} childName={r.childName} />,
    },
    { id: 'cluecode', header: t('clue.code'), defaultHidden: true },
    { id: 'parentName', header: t('clue.parentName') },
    o.dial
      ? {
          id: 'phone',
          header: t('clue.phone'),
          cell: (r) => <PhoneNumber phone={r.phone} name={r.parentName || r.childName} clueId={r.clueId} />,
        }
      : { id: 'phone', header: t('clue.phone') },
    {
      id: 'flowState',
      header: t('clue.state'),
      value: (r) => t(`clue.state.${r.flowState}`),
      cell: (r) => <StateBadge state={r.flowState} />,
    },
    {
      id: 'schoolItemName',
      header: t('clue.campus'),
      value: (r) => r.schoolItemName ?? r.schoolItemCode ?? t('clue.brandCentre'),
    },
    { id: 'channel', header: t('clue.channel'), names: 'channel' },
    ...(o.owner === false
      ? []
      : [{ id: 'ownerName', header: t('clue.owner') } satisfies ListColumn<TClueRow>]),
    { id: 'intentionLevel', header: t('clue.intention'), align: 'center' },
    { id: 'tags', header: t('clue.tags'), value: (r) => r.tags.map((x) => x.name).join('、') },
    { id: 'followCount', header: t('clue.followCount'), align: 'right' },
    {
      id: 'lastFollowAt',
      header: t('clue.lastFollow'),
      exportValue: (r) => formatDateTime(r.lastFollowAt),
      cell: (r) => <DateTimeCell iso={r.lastFollowAt} />,
    },
    {
      id: 'nextVisitAt',
      header: t('clue.nextVisit'),
      exportValue: (r) => formatDateTime(r.nextVisitAt),
      cell: (r) => <DateTimeCell iso={r.nextVisitAt} />,
    },
    {
      id: 'createdAt',
      header: t('clue.createdAt'),
      exportValue: (r) => formatDateTime(r.createdAt),
      cell: (r) => <DateTimeCell iso={r.createdAt} />,
    },
  ];
}

export function clueSearch(t: TFunction, o: { state?: boolean; campus?: boolean } = {}): SearchField[] {
  return [
    { kind: 'text', name: 'keyword', label: t('clue.keyword'), placeholder: t('clue.keywordHint') },
    ...(o.campus === false
      ? []
      : [
          {
            kind: 'custom',
            name: 'schoolItemCode',
            label: t('clue.campus'),
            render: asSearchField(CampusMasterSelect),
          } satisfies SearchField,
        ]),
    { kind: 'custom', name: 'channel', label: t('clue.channel'), render: asSearchField(ChannelSelect) },
    {
      kind: 'custom',
      name: 'tagId',
      label: t('clue.tags'),
      render: asSearchField(TagSelect, { tagType: 1 }),
    },
    ...(o.state === false
      ? []
      : [
          {
            kind: 'select',
            name: 'flowState',
            label: t('clue.state'),
            options: stateOptions(t),
          } satisfies SearchField,
        ]),
    {
      kind: 'dateRange',
      name: 'created',
      label: t('clue.createdAt'),
      startName: 'startDate',
      endName: 'endDate',
    },
  ];
}

/** The create form: the contract's input, with an empty birth date read as none. */
export const ClueFormSchema = ClueInput.extend({
  birthDate: z.preprocess((v) => (v === '' ? null : v), ClueInput.shape.birthDate),
  schoolItemCode: z.preprocess((v) => (v === '' ? null : v), ClueInput.shape.schoolItemCode),
  channel: z.preprocess((v) => (v === '' ? null : v), ClueInput.shape.channel),
});

export function clueFormFields(t: TFunction): FormField<FieldName<typeof ClueFormSchema>>[] {
  return [
    { kind: 'text', name: 'childName', label: t('clue.childName'), required: true, maxLength: 50 },
    {
      kind: 'select',
      name: 'gender',
      label: t('clue.gender'),
      options: [
        { value: 0, label: t('clue.gender.0') },
        { value: 1, label: t('clue.gender.1') },
        { value: 2, label: t('clue.gender.2') },
      ],
    },
    { kind: 'date', name: 'birthDate', label: t('clue.birthDate') },
    { kind: 'text', name: 'parentName', label: t('clue.parentName'), required: true, maxLength: 50 },
    { kind: 'text', name: 'phone', label: t('clue.phone'), required: true, maxLength: 11 },
    { kind: 'text', name: 'relation', label: t('clue.relation'), maxLength: 20 },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('clue.campus'),
      render: asFormField(CampusMasterSelect),
    },
    { kind: 'custom', name: 'channel', label: t('clue.channel'), render: asFormField(ChannelSelect) },
    { kind: 'textarea', name: 'note', label: t('clue.note'), maxLength: 1000 },
  ];
}

/** The create-clue dialog of a clue list (clues have no edit endpoint: details change in the detail screen). */
export function clueCreateForm(): NonNullable<ListScreenDef<TClueRow, typeof ClueFormSchema>['form']> {
  return {
    schema: ClueFormSchema,
    defaults: { gender: 0, relation: '', note: '' },
    fields: (t) => clueFormFields(t),
    save: (body) => sdk.clues.clueSave({ body }),
    canEdit: () => false,
  };
}

/** The clue list query of the list kit's filters. */
export const clueQuery = (a: ListQueryArgs) =>
  listQuery<Parameters<typeof sdk.clues.list>[0] extends { query: infer Q } ? Q : never>(a);

/** The frame of a clue screen: the route table's title and a panel. */
export function ClueFrame({
  description,
  actions,
  children,
  plain,
}: {
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  plain?: boolean;
}) {
  const { pathname } = useLocation();
  const [locale] = useLocale();
  const title = routeByPath(pathname)?.title[locale] ?? '';
  return (
    <ListKitProvider>
      <PageHeader title={title} description={description} actions={actions} />
      {plain ? children : <Card>{children}</Card>}
    </ListKitProvider>
  );
}
