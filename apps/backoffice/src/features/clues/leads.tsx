// Ad-platform leads (Baidu, Douyin, H5) as received, with their clue, and the filter's totals.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { listQuery, ListScreenView, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { ClueLink, DateTimeCell, StateBadge } from './common';
import { formatDateTime } from './logic';
import type { TLeadRow } from './types';

export type LeadSourceKey = 'baidu' | 'douyin' | 'h5';

const calls = {
  baidu: { list: sdk.clues.list4baidu, summary: sdk.clues.list4baiduSummary },
  douyin: { list: sdk.clues.list4Douyin, summary: sdk.clues.list4DouyinSummary },
  h5: { list: sdk.clues.list4H5, summary: sdk.clues.list4H5Summary },
} as const;

const FILTERS = ['keyword', 'schoolItemCode', 'adAccountName', 'startDate', 'endDate'] as const;

export function leadsDef(source: LeadSourceKey): ListScreenDef<TLeadRow> {
  return {
    key: `leads-${source}`,
    what: (t) => t(`lead.source.${source}`),
    rowId: (r) => String(r.id),
    rowName: (r) => r.phone,
    searchFields: (t) => [
      { kind: 'text', name: 'keyword', label: t('clue.keyword'), placeholder: t('clue.keywordHint') },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('clue.campus'),
        render: asSearchField(CampusMasterSelect),
      },
      ...(source === 'h5'
        ? []
        : [{ kind: 'text' as const, name: 'adAccountName', label: t('lead.adAccount') }]),
      {
        kind: 'dateRange',
        name: 'received',
        label: t('lead.receivedAt'),
        startName: 'startDate',
        endName: 'endDate',
      },
    ],
    columns: (t) => [
      {
        id: 'receivedAt',
        header: t('lead.receivedAt'),
        exportValue: (r) => formatDateTime(r.receivedAt),
        cell: (r) => <DateTimeCell iso={r.receivedAt} />,
      },
      { id: 'parentName', header: t('clue.parentName') },
      { id: 'childName', header: t('clue.childName') },
      { id: 'phone', header: t('clue.phone') },
      { id: 'campaignName', header: t('lead.campaign') },
      { id: 'adAccountName', header: t('lead.adAccount'), defaultHidden: source === 'h5' },
      { id: 'city', header: t('lead.city'), defaultHidden: true },
      {
        id: 'outcome',
        header: t('lead.outcome'),
        value: (r) => tCode(t, `lead.outcome.${r.outcome}`, r.outcome),
      },
      {
        id: 'cluecode',
        header: t('clue.what'),
        cell: (r) =>
          r.clueId ? <ClueLink clueId={r.clueId} childName={r.cluecode ?? String(r.clueId)} /> : '—',
      },
      {
        id: 'flowState',
        header: t('clue.state'),
        value: (r) => (r.flowState ? t(`clue.state.${r.flowState}`) : ''),
        cell: (r) => (r.flowState ? <StateBadge state={r.flowState} /> : '—'),
      },
      { id: 'ownerName', header: t('clue.owner') },
    ],
    list: (a) => calls[source].list({ query: listQuery(a) }),
  };
}

export function LeadSummary({ source, prefix }: { source: LeadSourceKey; prefix?: string }) {
  const t = useT();
  const [params] = useSearchParams();
  const query: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = params.get(prefix ? `${prefix}.${k}` : k);
    if (v) query[k] = v;
  }
  const q = useQuery({
    queryKey: ['list', 'leadSummary', source, query],
    queryFn: () => calls[source].summary({ query }),
  });
  const s = q.data;
  if (!s) return null;
  return (
    <dl className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label={t('clue.summary')}>
      {(['total', 'created', 'routed', 'converted', 'invalid'] as const).map((k) => (
        <div key={k} className="rounded-lg border border-line px-3 py-2">
          <dt className="text-xs text-muted">{t(`lead.sum.${k}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{s[k]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadTab({ source, prefix }: { source: LeadSourceKey; prefix?: string }) {
  return (
    <>
      <LeadSummary source={source} prefix={prefix} />
      <ListScreenView def={defs[source]} paramPrefix={prefix} />
    </>
  );
}

const defs = { baidu: leadsDef('baidu'), douyin: leadsDef('douyin'), h5: leadsDef('h5') };
