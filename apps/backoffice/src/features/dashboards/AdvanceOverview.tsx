// /dataStatistics/index: the advance receipts of the caller's regions — summary cards, the
// distributions and month trends, and the per-campus reconciliation table with its export. The
// filters live in the URL (ds.*). Figures: docs/metrics.md "Advance receipts".
import { exportFileName, fromCents } from '@bo/domain';
import { Button, Card, EmptyState, formatMoney } from '@bo/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  DashboardHeader,
  FigureCards,
  Lines,
  Proportion,
  useDashboardFilter,
  useFigure,
} from './parts';

const FLOW_KEYS = [
  ['openingCents', 'ds.opening'],
  ['receivedCents', 'ds.received'],
  ['consumedCents', 'ds.consumed'],
  ['refundedCents', 'ds.refunded'],
  ['otherCents', 'ds.other'],
  ['closingCents', 'ds.closing'],
] as const;

export default function AdvanceOverview() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const summary = useFigure('summary', filter, () => sdk.dashboards.advanceSummary({ query: filter }));
  const campus = useFigure('campus', filter, () =>
    sdk.dashboards.advanceCampusDistribution({ query: filter }),
  );
  const pay = useFigure('pay', filter, () => sdk.dashboards.advancePayProportion({ query: filter }));
  const types = useFigure('types', filter, () => sdk.dashboards.advanceStudentProportion({ query: filter }));
  const course = useFigure('course', filter, () => sdk.dashboards.advanceCourseProportion({ query: filter }));
  const reasons = useFigure('reasons', filter, () =>
    sdk.dashboards.advanceRefundReasonProportion({ query: filter }),
  );
  const trend = useFigure('trend', filter, () => sdk.dashboards.advanceSchoolTrend({ query: filter }));
  const courseTrend = useFigure('courseTrend', filter, () =>
    sdk.dashboards.advanceCourseTrend({ query: filter }),
  );
  const studentTrend = useFigure('studentTrend', filter, () =>
    sdk.dashboards.advanceStudentTrend({ query: filter }),
  );
  const table = useFigure('table', filter, () => sdk.dashboards.advanceReceiptV2({ body: filter }));
  const exp = useMutation({
    mutationFn: () => sdk.dashboards.advanceExport({ body: filter }),
    onSuccess: (blob) =>
      downloadBlob(blob, exportFileName('预收款', table.data?.period.endDate ?? new Date())),
  });
  const s = summary.data;

  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/index" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        grid="md:grid-cols-4 xl:grid-cols-7"
        cards={
          s && [
            ...FLOW_KEYS.map(([k, label]) => ({
              key: k,
              label: t(label),
              value: formatMoney({ cents: s[k] }),
            })),
            { key: 'students', label: t('ds.students'), value: s.students },
          ]
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines title={t('ds.schoolTrend')} data={trend.data} />
        <Bars title={t('ds.byCampus')} data={campus.data} />
        <Proportion title={t('ds.byPayMethod')} data={pay.data} />
        <Proportion title={t('ds.byOrderType')} data={types.data} />
        <Bars title={t('ds.byCourse')} data={course.data} />
        <Proportion title={t('ds.byRefundReason')} data={reasons.data} />
        <Lines title={t('ds.courseTrend')} data={courseTrend.data} />
        <Lines title={t('ds.studentTrend')} data={studentTrend.data} money={false} />
      </div>
      <Card
        title={t('ds.table')}
        extra={
          <Button variant="secondary" loading={exp.isPending} onClick={() => exp.mutate()}>
            {t('ds.export')}
          </Button>
        }
        padded={false}
      >
        <p className="px-4 pt-3 text-xs text-subtle">{t('ds.tableHint')}</p>
        {table.data && table.data.rows.length === 0 ? (
          <EmptyState title={t('ds.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={t('ds.table')}>
              <thead className="bg-hover text-left">
                <tr>
                  <th className="px-3 py-2">{t('ds.campus')}</th>
                  {FLOW_KEYS.map(([k, label]) => (
                    <th key={k} className="px-3 py-2 text-right">
                      {t(label)}
                    </th>
                  ))}
                  <th className="px-3 py-2 text-right">{t('ds.students')}</th>
                </tr>
              </thead>
              <tbody>
                {[...(table.data?.rows ?? []), ...(table.data ? [table.data.total] : [])].map((r) => (
                  <tr
                    key={r.schoolItemCode || 'total'}
                    className={
                      r.schoolItemCode ? 'border-t border-line' : 'border-t border-line font-semibold'
                    }
                  >
                    <td className="px-3 py-2">{r.schoolItemCode ? r.schoolItemName : t('ds.total')}</td>
                    {FLOW_KEYS.map(([k]) => (
                      <td key={k} className="px-3 py-2 text-right tabular-nums">
                        {fromCents(r[k])}
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right tabular-nums">{r.students}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
