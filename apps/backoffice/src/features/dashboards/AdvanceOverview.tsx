// /dataStatistics/index: the advance receipts of the caller's regions — summary cards, the
// distributions and month trends, and the per-campus reconciliation table with its export. The
// filters live in the URL (ds.*). Figures: docs/metrics.md "Advance receipts".
import type { ResponseOf, TDashboardFilter, contract } from '@bo/api-sdk';
import { exportFileName, fromCents, routeByPath } from '@bo/domain';
import { Button, Card, DateRangeInput, EmptyState, PageHeader, Spinner } from '@bo/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useUrlState } from '../../app/urlState';
import { useLocale, useT } from '../../i18n';

type D = typeof contract.dashboards;
type Distribution = ResponseOf<D['advanceCampusDistribution']>;
type Trend = ResponseOf<D['advanceSchoolTrend']>;

const KEYS = ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode'] as const;
const COLORS = ['#3b6fd8', '#22a06b', '#e2a03f', '#d6455d', '#7c5cd6', '#2aa3b8'];
/** Charts still: e2e runs and screenshots are stable without animation. */
const animate = typeof navigator === 'undefined' ? false : !navigator.webdriver;
const yuan = (cents: number) => fromCents(cents);
/** Chart axes in yuan (figures stay exact in the cards and tables). */
const axisYuan = (cents: number) => Math.round(cents / 100);

function Chart({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  const t = useT();
  return (
    <Card title={title}>
      {empty ? (
        <EmptyState title={t('ds.empty')} />
      ) : (
        <div style={{ width: '100%', height: 260 }}>
          <ResponsiveContainer>{children}</ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}

function Bars({ title, data }: { title: string; data: Distribution | undefined }) {
  const rows = (data?.rows ?? []).slice(0, 12).map((r) => ({ name: r.name, value: axisYuan(r.cents) }));
  return (
    <Chart title={title} empty={!rows.length}>
      <BarChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis />
        <Tooltip />
        <Bar dataKey="value" name={title} fill={COLORS[0]} isAnimationActive={animate} />
      </BarChart>
    </Chart>
  );
}

function Proportion({ title, data }: { title: string; data: Distribution | undefined }) {
  const rows = (data?.rows ?? [])
    .filter((r) => r.cents > 0)
    .map((r) => ({ name: r.name, value: axisYuan(r.cents) }));
  return (
    <Chart title={title} empty={!rows.length}>
      <PieChart>
        <Pie data={rows} dataKey="value" nameKey="name" outerRadius={90} isAnimationActive={animate} label>
          {rows.map((r, i) => (
            <Cell key={r.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </Chart>
  );
}

function Lines({ title, data, money = true }: { title: string; data: Trend | undefined; money?: boolean }) {
  const series = data?.series ?? [];
  const rows = (data?.months ?? []).map((m, i) => ({
    month: m,
    ...Object.fromEntries(
      series.map((s) => [s.key || 'total', money ? axisYuan(s.values[i] ?? 0) : s.values[i]]),
    ),
  }));
  return (
    <Chart title={title} empty={!series.length}>
      <LineChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {series.map((s, i) => (
          <Line
            key={s.key || 'total'}
            dataKey={s.key || 'total'}
            name={s.name}
            stroke={COLORS[i % COLORS.length]}
            isAnimationActive={animate}
          />
        ))}
      </LineChart>
    </Chart>
  );
}

const FLOW_KEYS = [
  ['openingCents', 'ds.opening'],
  ['receivedCents', 'ds.received'],
  ['consumedCents', 'ds.consumed'],
  ['refundedCents', 'ds.refunded'],
  ['otherCents', 'ds.other'],
  ['closingCents', 'ds.closing'],
] as const;

/** One figure of the screen, cached by its name and the filter. */
function useFigure<T>(name: string, filter: TDashboardFilter, load: () => Promise<T>) {
  return useQuery({ queryKey: ['dashboards', name, filter], queryFn: load });
}

export default function AdvanceOverview() {
  const t = useT();
  const [locale] = useLocale();
  const { value: f, set } = useUrlState('ds', KEYS);
  const filter: TDashboardFilter = f;
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
      <PageHeader
        title={routeByPath('/dataStatistics/index')?.title[locale] ?? ''}
        description={
          <form
            className="flex flex-wrap items-end gap-3"
            aria-label={t('ds.filter')}
            onSubmit={(e) => e.preventDefault()}
          >
            <DateRangeInput
              size="sm"
              label={t('ds.period')}
              value={{ start: f.startDate ?? '', end: f.endDate ?? '' }}
              onChange={(r) => set({ startDate: r.start || undefined, endDate: r.end || undefined })}
            />
            <RegionSelect
              size="sm"
              value={f.provinceTypeCode ?? ''}
              onChange={(v) =>
                String(v || '') !== (f.provinceTypeCode ?? '') &&
                set({ provinceTypeCode: v ? String(v) : undefined, schoolItemCode: undefined })
              }
            />
            <CampusSelect
              size="sm"
              provinceTypeCode={f.provinceTypeCode ?? ''}
              value={f.schoolItemCode ?? ''}
              onChange={(v) => set({ schoolItemCode: v ? String(v) : undefined })}
            />
            <Button
              type="button"
              variant="ghost"
              onClick={() =>
                set({
                  startDate: undefined,
                  endDate: undefined,
                  provinceTypeCode: undefined,
                  schoolItemCode: undefined,
                })
              }
            >
              {t('ds.reset')}
            </Button>
            <span className="text-xs text-subtle">
              {s ? `${s.period.startDate} ~ ${s.period.endDate} · ` : ''}
              {t('ds.hint')}
            </span>
          </form>
        }
      />
      {summary.isLoading && <Spinner label={t('ds.loading')} />}
      {s && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
          {FLOW_KEYS.map(([k, label]) => (
            <Card key={k} padded>
              <div className="text-xs text-subtle">{t(label)}</div>
              <div className="mt-1 text-xl font-semibold tabular-nums text-ink" data-testid={`ds-${k}`}>
                ¥{yuan(s[k])}
              </div>
            </Card>
          ))}
          <Card padded>
            <div className="text-xs text-subtle">{t('ds.students')}</div>
            <div className="mt-1 text-xl font-semibold tabular-nums text-ink">{s.students}</div>
          </Card>
        </div>
      )}
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
                        {yuan(r[k])}
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
