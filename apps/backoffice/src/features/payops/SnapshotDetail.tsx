// /staffsalary/snapshotDetail?year&month: one period's employee snapshot (the data each employee was
// computed with) and, below, what changed per employee since the latest earlier snapshot.
import type { TSnapshotDiffRow, TSnapshotRow } from '@bo/api-sdk';
import { Badge, EmptyState, MoneyText, Spinner, type Tone } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { defineListScreen, listQuery } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { periodFields, periodOf, periodText } from './common';

const Rows = defineListScreen<TSnapshotRow>({
  key: 'payops-snapshot-rows',
  what: (t) => t('ops.snapshot.rows'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.employeeName,
  searchFields: (t) => [...periodFields(t), { kind: 'text', name: 'keyword', label: t('ops.keyword') }],
  columns: (t) => [
    { id: 'employeeName', header: t('ops.employee'), fixed: true },
    { id: 'employeeCode', header: t('ops.employeeCode') },
    {
      id: 'schoolItemName',
      header: t('ops.campus'),
      value: (r) => r.schoolItemName ?? r.schoolItemCode ?? '',
    },
    { id: 'campuses', header: t('ops.campuses'), value: (r) => r.campuses.join(', '), defaultHidden: true },
    { id: 'postName', header: t('ops.post'), value: (r) => r.postName ?? r.postCode ?? '' },
    { id: 'skillRankName', header: t('ops.rank'), value: (r) => r.skillRankName ?? r.skillRankCode ?? '' },
    {
      id: 'payRole',
      header: t('ops.payRole'),
      value: (r) => (r.payRole ? tCode(t, `ops.role.${r.payRole}`, r.payRole) : ''),
    },
    {
      id: 'rule',
      header: t('ops.rule'),
      value: (r) => (r.rule ? `#${r.rule.id} ${r.rule.effectiveFrom}` : ''),
    },
    { id: 'base', header: t('ops.base'), align: 'right', value: (r) => r.rule?.base ?? '' },
    {
      id: 'rates',
      header: t('ops.rates'),
      value: (r) => r.rule?.rates.join('; ') ?? '',
      defaultHidden: true,
    },
    {
      id: 'total',
      header: t('ops.total'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.total} />,
      exportValue: (r) => Number(r.total),
    },
  ],
  list: async (a) => {
    const p = periodOf(a.filters);
    if (!p) return [];
    return sdk.snapshots.list({ query: listQuery(a, p) });
  },
});

const CHANGE_TONES: Record<TSnapshotDiffRow['change'], Tone> = {
  added: 'success',
  removed: 'danger',
  changed: 'warning',
  same: 'grey',
};

function Diff() {
  const t = useT();
  const [params] = useSearchParams();
  const p = periodOf({ year: params.get('year') ?? '', month: params.get('month') ?? '' });
  const campus = params.get('schoolItemCode') || undefined;
  const q = useQuery({
    queryKey: ['snapshots', 'diff', p, campus],
    queryFn: () =>
      sdk.snapshots.diff({
        query: { ...(p ?? { year: 0, month: 0 }), schoolItemCode: campus, changedOnly: true },
      }),
    enabled: p !== null,
  });
  if (!p) return null;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-danger-600">
        {errorText(q.error)}
      </p>
    );
  if (!q.data) return <Spinner />;
  const d = q.data;
  if (!d.against) return <EmptyState title={t('ops.snapshot.noEarlier')} />;
  const title = t('ops.snapshot.diff', { period: periodText(d.against.year, d.against.month) });
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th>{t('ops.employee')}</th>
            <th>{t('ops.change')}</th>
            <th>{t('ops.field')}</th>
            <th>{t('ops.before')}</th>
            <th>{t('ops.after')}</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.flatMap((r) => {
            const fields = r.fields.length ? r.fields : [null];
            return fields.map((f, i) => (
              <tr
                key={`${r.employeeCode}|${f?.field ?? ''}`}
                className={i === 0 ? 'border-t border-line' : ''}
              >
                <td>{i === 0 ? `${r.employeeName} · ${r.employeeCode}` : ''}</td>
                <td>
                  {i === 0 && <Badge tone={CHANGE_TONES[r.change]}>{t(`ops.change.${r.change}`)}</Badge>}
                </td>
                <td>{f ? t(`ops.field.${f.field}`) : ''}</td>
                <td>{f?.before ?? ''}</td>
                <td>{f?.after ?? ''}</td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </section>
  );
}

export default function SnapshotDetail() {
  return (
    <div className="space-y-6">
      <Rows />
      <Diff />
    </div>
  );
}
