// The parts every dashboard screen is made of: the filter (in the URL, ds.*), and the chart cards
// over the figures' three shapes (distribution, proportion, month trend).
import type { ResponseOf, TDashboardFilter, contract } from '@bo/api-sdk';
import { routeByPath } from '@bo/domain';
import { Button, Card, DateRangeInput, EmptyState, PageHeader } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
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
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useUrlState } from '../../app/urlState';
import { useLocale, useT } from '../../i18n';

type D = typeof contract.dashboards;
type Distribution = ResponseOf<D['advanceCampusDistribution']>;
type Trend = ResponseOf<D['advanceSchoolTrend']>;

const KEYS = ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode'] as const;
export const COLORS = ['#3b6fd8', '#22a06b', '#e2a03f', '#d6455d', '#7c5cd6', '#2aa3b8'];
/** Charts still: e2e runs and screenshots are stable without animation. */
const animate = typeof navigator === 'undefined' ? false : !navigator.webdriver;
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

export function Bars({ title, data }: { title: string; data: Distribution | undefined }) {
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

export function Proportion({ title, data }: { title: string; data: Distribution | undefined }) {
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

export function Lines({
  title,
  data,
  money = true,
}: {
  title: string;
  data: Trend | undefined;
  money?: boolean;
}) {
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

/** The screen's filter, kept in the URL so a reload or a shared link shows the same figures. */
export function useDashboardFilter() {
  const { value, set } = useUrlState('ds', KEYS);
  const filter: TDashboardFilter = value;
  return { filter, set };
}

/** One figure of a screen, cached by its name and the filter. */
export function useFigure<T>(name: string, filter: TDashboardFilter, load: () => Promise<T>) {
  return useQuery({ queryKey: ['dashboards', name, filter], queryFn: load });
}

/** The screen's title (spec §2) over the filter form: period, region, campus, reset. */
export function DashboardHeader({
  path,
  filter,
  set,
  period,
}: {
  path: string;
  filter: TDashboardFilter;
  set: ReturnType<typeof useDashboardFilter>['set'];
  period?: { startDate: string; endDate: string };
}) {
  const t = useT();
  const [locale] = useLocale();
  return (
    <PageHeader
      title={routeByPath(path)?.title[locale] ?? ''}
      description={
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label={t('ds.filter')}
          onSubmit={(e) => e.preventDefault()}
        >
          <DateRangeInput
            size="sm"
            label={t('ds.period')}
            value={{ start: filter.startDate ?? '', end: filter.endDate ?? '' }}
            onChange={(r) => set({ startDate: r.start || undefined, endDate: r.end || undefined })}
          />
          <RegionSelect
            size="sm"
            value={filter.provinceTypeCode ?? ''}
            onChange={(v) =>
              String(v || '') !== (filter.provinceTypeCode ?? '') &&
              set({ provinceTypeCode: v ? String(v) : undefined, schoolItemCode: undefined })
            }
          />
          <CampusSelect
            size="sm"
            provinceTypeCode={filter.provinceTypeCode ?? ''}
            value={filter.schoolItemCode ?? ''}
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
            {period ? `${period.startDate} ~ ${period.endDate} · ` : ''}
            {t('ds.hint')}
          </span>
        </form>
      }
    />
  );
}

/** A figure card: its label and value. */
export function FigureCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card padded>
      <div className="text-xs text-subtle">{label}</div>
      <div className="mt-1 text-xl font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </div>
    </Card>
  );
}
