// The parts every dashboard screen is made of: the filter (in the URL, ds.*), and the chart cards
// over the figures' three shapes (distribution, proportion, month trend).
import type { ResponseOf, TDashboardFilter, TDrillFigure, contract } from '@bo/api-sdk';
import { exportFileName, fromCents, routeByPath, shanghaiDate } from '@bo/domain';
import {
  Button,
  Card,
  DateRangeInput,
  EmptyState,
  PageHeader,
  Pagination,
  Select,
  Spinner,
  formatMoney,
} from '@bo/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BarsChart, LinesChart, ShareChart } from '@bo/ui-kit/charts';
import { downloadBlob, writeWorkbook } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useUrlState } from '../../app/urlState';
import { useUser } from '../../app/session';
import { useLocale, useT } from '../../i18n';

type D = typeof contract.dashboards;
type Distribution = ResponseOf<D['advanceCampusDistribution']>;
/** A distribution of money (`cents`) or of counts and hours (`value`). */
type Shares = { rows: { key: string; name: string; cents?: number; value?: number }[] };
type Trend = ResponseOf<D['advanceSchoolTrend']>;

const KEYS = ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode'] as const;
/** Chart axes in yuan (figures stay exact in the cards and tables). */
const axisYuan = (cents: number) => Math.round(cents / 100);

function Chart({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  const t = useT();
  return <Card title={title}>{empty ? <EmptyState title={t('ds.empty')} /> : children}</Card>;
}

const shareValue = (r: Shares['rows'][number]) =>
  r.cents !== undefined ? axisYuan(r.cents) : (r.value ?? 0);

/** A bar per key; with `onPick`, a click on a bar opens that key's rows (tables offer the same by keyboard). */
export function Bars({
  title,
  data,
  onPick,
}: {
  title: string;
  data: Distribution | Shares | undefined;
  onPick?: (key: string) => void;
}) {
  const t = useT();
  const rows = (data?.rows ?? [])
    .slice(0, 12)
    .map((r) => ({ key: r.key, name: r.name, value: shareValue(r) }));
  return (
    <Chart title={title} empty={!rows.length}>
      <BarsChart
        data={rows}
        x="name"
        series={[{ key: 'value', name: title }]}
        legend={false}
        {...(onPick
          ? {
              onPick: (i: number) => {
                const row = rows[i];
                if (row) onPick(row.key);
              },
              pickLabel: (i: number) =>
                t('ds.barPick', { name: rows[i]?.name ?? '', value: rows[i]?.value ?? 0 }),
            }
          : {})}
      />
    </Chart>
  );
}

export function Proportion({ title, data }: { title: string; data: Distribution | Shares | undefined }) {
  const rows = (data?.rows ?? [])
    .map((r) => ({ name: r.name, value: shareValue(r) }))
    .filter((r) => r.value > 0);
  return (
    <Chart title={title} empty={!rows.length}>
      <ShareChart data={rows} />
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
      <LinesChart
        data={rows}
        x="month"
        integers
        series={series.map((s) => ({ key: s.key || 'total', name: s.name }))}
      />
    </Chart>
  );
}

/**
 * The screen's filter, kept in the URL so a reload or a shared link shows the same figures. A
 * screen by year or by month opens on the current one (a default the URL omits). A screen by days
 * may name the period it opens on (`opening`): used while the URL names no day of its own, so a
 * period chosen or linked always wins, and reset returns to it.
 */
export function useDashboardFilter(
  mode: PeriodMode = 'range',
  opening?: { startDate: string; endDate: string } | null,
) {
  const today = shanghaiDate(new Date());
  const defaults =
    mode === 'range'
      ? {}
      : calendarPeriod(Number(today.slice(0, 4)), mode === 'month' ? Number(today.slice(5, 7)) : undefined);
  const { value, set } = useUrlState('ds', KEYS, defaults);
  const named = value.startDate !== undefined || value.endDate !== undefined;
  const filter: TDashboardFilter = mode === 'range' && opening && !named ? { ...value, ...opening } : value;
  return { filter, set };
}

/** One figure of a screen, cached by its name and the filter. */
export function useFigure<T>(name: string, filter: TDashboardFilter, load: () => Promise<T>) {
  return useQuery({ queryKey: ['dashboards', name, filter], queryFn: load });
}

/** How a screen picks its period: any days, a calendar year, or a calendar month. */
export type PeriodMode = 'range' | 'year' | 'month';

const pad2 = (n: number) => String(n).padStart(2, '0');
/** The first and last day of a year, or of a month of it (1–12). */
export function calendarPeriod(year: number, month?: number): { startDate: string; endDate: string } {
  if (!month) return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { startDate: `${year}-${pad2(month)}-01`, endDate: `${year}-${pad2(month)}-${pad2(last)}` };
}

const YEARS_BACK = 6;
const RESET_PERIOD = { startDate: undefined, endDate: undefined };

/**
 * The one filter bar of every dashboard: the period (days, a year or a month, as the screen's
 * endpoints take it), region and campus, and reset. Every choice lands in the URL as the filter's
 * startDate / endDate / provinceTypeCode / schoolItemCode, so a year or month is just a period.
 */
export function DashboardFilterBar({
  filter,
  set,
  mode = 'range',
  campus = true,
}: {
  filter: TDashboardFilter;
  set: ReturnType<typeof useDashboardFilter>['set'];
  mode?: PeriodMode;
  /** False where the screen has no campus breakdown (a person's own figures). */
  campus?: boolean;
}) {
  const t = useT();
  const user = useUser();
  const thisYear = Number(shanghaiDate(new Date()).slice(0, 4));
  const year = Number((filter.startDate ?? '').slice(0, 4)) || thisYear;
  const month = Number((filter.startDate ?? '').slice(5, 7)) || 1;
  const years = Array.from({ length: YEARS_BACK }, (_, i) => thisYear - i);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('ds.filter')}
      onSubmit={(e) => e.preventDefault()}
    >
      {mode === 'range' ? (
        <DateRangeInput
          size="sm"
          label={t('ds.period')}
          value={{ start: filter.startDate ?? '', end: filter.endDate ?? '' }}
          onChange={(r) => set({ startDate: r.start || undefined, endDate: r.end || undefined })}
        />
      ) : (
        <>
          <Select
            size="sm"
            label={t('ds.year')}
            value={year}
            options={years.map((y) => ({ value: y, label: String(y) }))}
            onChange={(y) => y && set(calendarPeriod(y, mode === 'month' ? month : undefined))}
          />
          {mode === 'month' && (
            <Select
              size="sm"
              label={t('ds.month')}
              value={month}
              options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
              onChange={(m) => m && set(calendarPeriod(year, m))}
            />
          )}
        </>
      )}
      <RegionSelect
        size="sm"
        value={filter.provinceTypeCode ?? ''}
        onChange={(v) => {
          const region = v ? String(v) : undefined;
          if ((region ?? '') === (filter.provinceTypeCode ?? '')) return;
          // The campus stays when it lies in the region: a link naming only a campus keeps it when
          // the region of a one-region user is preselected.
          const campusCode = filter.schoolItemCode;
          const keeps =
            !region || user?.schoolItems.some((c) => c.code === campusCode && c.provincetypecode === region);
          set({ provinceTypeCode: region, schoolItemCode: keeps ? campusCode : undefined });
        }}
      />
      {campus && (
        <CampusSelect
          size="sm"
          provinceTypeCode={filter.provinceTypeCode ?? ''}
          value={filter.schoolItemCode ?? ''}
          onChange={(v) => set({ schoolItemCode: v ? String(v) : undefined })}
        />
      )}
      <Button
        type="button"
        variant="ghost"
        onClick={() => set({ ...RESET_PERIOD, provinceTypeCode: undefined, schoolItemCode: undefined })}
      >
        {t('ds.reset')}
      </Button>
    </form>
  );
}

/** The screen's title (spec §2) over the filter bar and the period the figures cover. */
export function DashboardHeader({
  path,
  filter,
  set,
  period,
  mode = 'range',
  campus = true,
  extra,
}: {
  path: string;
  filter: TDashboardFilter;
  set: ReturnType<typeof useDashboardFilter>['set'];
  /** The period the server used (defaults filled in). */
  period?: { startDate: string; endDate: string };
  mode?: PeriodMode;
  campus?: boolean;
  /** The screen's own actions (an export) beside the title. */
  extra?: ReactNode;
}) {
  const t = useT();
  const [locale] = useLocale();
  return (
    <PageHeader
      title={routeByPath(path)?.title[locale] ?? ''}
      actions={extra}
      description={
        <div className="flex flex-col gap-1">
          <DashboardFilterBar filter={filter} set={set} mode={mode} campus={campus} />
          <span className="text-xs text-subtle">
            {period ? `${period.startDate} ~ ${period.endDate} · ` : ''}
            {t(mode === 'range' ? 'ds.hint' : mode === 'year' ? 'ds.hintYear' : 'ds.hintMonth')}
          </span>
        </div>
      }
    />
  );
}

/**
 * A figure card: its label and value; with `onDrill`, a button opening the rows behind it. The
 * value is an `<output>` labelled by the card's label, so a person (and a journey) finds a figure by
 * its name.
 */
function FigureCard({ label, value, onDrill }: { label: string; value: ReactNode; onDrill?: () => void }) {
  const t = useT();
  const id = useId();
  return (
    <Card padded>
      <div className="flex items-center justify-between gap-2 text-xs text-subtle">
        <label htmlFor={id}>{label}</label>
        {onDrill && (
          <button
            type="button"
            className="text-primary hover:underline"
            aria-label={`${t('ds.drill')} ${label}`}
            onClick={onDrill}
          >
            {t('ds.drill')}
          </button>
        )}
      </div>
      {/* Not a live region: a filter change updates every card at once. */}
      <output id={id} aria-live="off" className="mt-1 block text-xl font-semibold tabular-nums text-ink">
        {value}
      </output>
    </Card>
  );
}

/** A card of a screen's figures: its label, the value shown, and the figure whose rows it opens. */
export interface FigureCardDef {
  key: string;
  label: string;
  value: ReactNode;
  drill?: TDrillFigure;
}

/**
 * The screen's figure cards in a grid (`cards` undefined: not loaded yet, a spinner while loading).
 * `grid` holds the grid's column classes from md up, `narrow` the columns below md (cards whose
 * value carries a detail line need the whole width there).
 */
export function FigureCards({
  cards,
  loading,
  drill,
  grid = 'md:grid-cols-4',
  narrow = 'grid-cols-2',
}: {
  cards: FigureCardDef[] | undefined;
  loading?: boolean;
  drill?: ReturnType<typeof useDrill>;
  grid?: string;
  narrow?: 'grid-cols-1' | 'grid-cols-2';
}) {
  const t = useT();
  if (!cards) return loading ? <Spinner label={t('ds.loading')} /> : null;
  return (
    <div className={`grid ${narrow} gap-3 ${grid}`}>
      {cards.map((c) => {
        const to = c.drill;
        return (
          <FigureCard
            key={c.key}
            label={c.label}
            value={c.value}
            onDrill={to && drill ? () => drill.open(to) : undefined}
          />
        );
      })}
    </div>
  );
}

const DRILL_KEYS = ['figure', 'campus', 'page'] as const;

/** Which figure's rows are open (in the URL under dd.*): the figure and, from a table, its campus. */
export function useDrill() {
  const { value, set } = useUrlState('dd', DRILL_KEYS);
  return {
    figure: value.figure as TDrillFigure | undefined,
    campus: value.campus,
    page: Number(value.page ?? 1) || 1,
    open: (figure: TDrillFigure, campus?: string) => set({ figure, campus, page: undefined }),
    setPage: (page: number) => set({ page: page > 1 ? String(page) : undefined }),
    close: () => set({ figure: undefined, campus: undefined, page: undefined }),
  };
}

/** A figure of a table cell that opens the rows behind it. */
export function DrillCell({
  label,
  value,
  onClick,
}: {
  label: string;
  value: ReactNode;
  onClick: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="tabular-nums text-primary hover:underline"
      aria-label={`${t('ds.drill')} ${label}`}
      onClick={onClick}
    >
      {value}
    </button>
  );
}

const PAGE_SIZE = 20;

/** The rows behind the open figure: a paged table whose sum is the figure, with the export. */
export function DrillPanel({
  filter,
  drill,
  figureName,
}: {
  filter: TDashboardFilter;
  drill: ReturnType<typeof useDrill>;
  figureName: (f: TDrillFigure) => string;
}) {
  const t = useT();
  const figure = drill.figure;
  // A bar or a card opens the rows below the charts: bring them into view, or the click seems lost.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (figure) panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [figure, drill.campus]);
  const query = {
    ...filter,
    ...(drill.campus ? { schoolItemCode: drill.campus, provinceTypeCode: undefined } : {}),
  };
  const rows = useQuery({
    queryKey: ['dashboards', 'drill', figure, query, drill.page],
    queryFn: () =>
      sdk.dashboards.drillPage({
        query: { ...query, figure: figure ?? 'received', pageIdx: drill.page, pageSize: PAGE_SIZE },
      }),
    enabled: Boolean(figure),
  });
  const exp = useMutation({
    mutationFn: () => sdk.dashboards.drillExport({ body: { ...query, figure: figure ?? 'received' } }),
    onSuccess: (blob) =>
      downloadBlob(
        blob,
        exportFileName(`${figureName(figure ?? 'received')}明细`, query.endDate ?? new Date()),
      ),
  });
  if (!figure) return null;
  const data = rows.data;
  const title = `${figureName(figure)} · ${t('ds.drillRows')}`;
  return (
    <div ref={panel} className="scroll-mt-4">
      <Card
        title={title}
        extra={
          <>
            <Button variant="secondary" loading={exp.isPending} onClick={() => exp.mutate()}>
              {t('ds.export')}
            </Button>
            <Button variant="ghost" onClick={drill.close}>
              {t('ds.close')}
            </Button>
          </>
        }
        padded={false}
      >
        {rows.isLoading && <Spinner label={t('ds.loading')} />}
        {data && (
          <p className="px-4 pt-3 text-xs text-subtle">
            {t('ds.drillSum')}: {data.total} · {formatMoney({ cents: data.sumCents })} ·{' '}
            {data.sumHours.toFixed(2)} {t('ds.hoursUnit')}
          </p>
        )}
        {data && data.list.length === 0 ? (
          <EmptyState title={t('ds.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label={title}>
              <thead className="bg-hover text-left">
                <tr>
                  <th className="px-3 py-2">{t('ds.date')}</th>
                  <th className="px-3 py-2">{t('ds.campus')}</th>
                  <th className="px-3 py-2">{t('ds.student')}</th>
                  <th className="px-3 py-2">{t('ds.course')}</th>
                  <th className="px-3 py-2">{t('ds.ref')}</th>
                  <th className="px-3 py-2">{t('ds.detail')}</th>
                  <th className="px-3 py-2 text-right">{t('ds.hours')}</th>
                  <th className="px-3 py-2 text-right">{t('ds.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {(data?.list ?? []).map((r, i) => (
                  <tr key={`${r.ref}-${r.studentCode}-${i}`} className="border-t border-line">
                    <td className="px-3 py-2 tabular-nums">{r.date}</td>
                    <td className="px-3 py-2">{r.schoolItemName}</td>
                    <td className="px-3 py-2">
                      {r.studentName}
                      {r.studentCode && <span className="ml-1 text-xs text-subtle">{r.studentCode}</span>}
                    </td>
                    <td className="px-3 py-2">{r.courseName}</td>
                    <td className="px-3 py-2 tabular-nums">{r.ref}</td>
                    <td className="px-3 py-2">{r.detail}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {r.hours === null ? '' : r.hours.toFixed(2)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {r.cents === null ? '' : fromCents(r.cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > PAGE_SIZE && (
          <div className="px-4 py-2">
            <Pagination
              pageIdx={drill.page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={(p) => drill.setPage(p)}
            />
          </div>
        )}
      </Card>
    </div>
  );
}

/** A row of a campus's figures, as its campus code and name. */
type CampusKeyed = { schoolItemCode: string; schoolItemName: string };
/** A campus row keyed for FigureTable. */
export type CampusRow<R extends CampusKeyed> = R & { key: string; name: string };
export const asCampus = <R extends CampusKeyed>(r: R): CampusRow<R> => ({
  ...r,
  key: r.schoolItemCode,
  name: r.schoolItemName,
});

/** One figure of every campus as chart shares: money (`cents`) or a count, hours or percent (`value`). */
export function campusShares<R extends CampusKeyed>(
  rows: R[] | undefined,
  pick: (r: R) => number,
  unit: 'cents' | 'value' = 'cents',
): Shares | undefined {
  return (
    rows && {
      rows: rows.map((r) =>
        unit === 'cents'
          ? { key: r.schoolItemCode, name: r.schoolItemName, cents: pick(r) }
          : { key: r.schoolItemCode, name: r.schoolItemName, value: pick(r) },
      ),
    }
  );
}

/** A column of a figure table: its label, the value, and the figure a click opens. */
export interface FigureColumn<Row> {
  key: string;
  label: string;
  value: (r: Row) => ReactNode;
  drill?: TDrillFigure;
}

interface FigureTableProps<Row> {
  title: string;
  rows: Row[] | undefined;
  total?: Row;
  columns: FigureColumn<Row>[];
  onDrill?: (figure: TDrillFigure, campus: string) => void;
  /** The export's file name (§9: `<name>_YYYYMMDD.xlsx`, dated `date`): a button writes the table as shown. */
  exportAs?: { name: string; date: string | undefined };
}

/** A table of figures per campus (or course) with its total row; figure cells open their rows. */
export function FigureTable<Row extends { key: string; name: string }>({
  title,
  rows,
  total,
  columns,
  onDrill,
  exportAs,
}: FigureTableProps<Row>) {
  const t = useT();
  const exp = useMutation({
    mutationFn: async () => {
      const all = [...(rows ?? []), ...(total ? [total] : [])];
      const plain = (v: ReactNode) => (typeof v === 'number' || typeof v === 'string' ? v : '');
      const blob = await writeWorkbook(
        title,
        [{ key: 'name', header: t('ds.name') }, ...columns.map((c) => ({ key: c.key, header: c.label }))],
        all.map((r) => ({
          name: r.key ? r.name : t('ds.total'),
          ...Object.fromEntries(columns.map((c) => [c.key, plain(c.value(r))])),
        })),
      );
      downloadBlob(blob, exportFileName(exportAs?.name ?? title, exportAs?.date ?? new Date()));
    },
  });
  return (
    <Card
      title={title}
      padded={false}
      extra={
        exportAs && rows?.length ? (
          <Button variant="secondary" size="sm" loading={exp.isPending} onClick={() => exp.mutate()}>
            {t('ds.export')}
          </Button>
        ) : undefined
      }
    >
      {rows && rows.length === 0 ? (
        <EmptyState title={t('ds.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead className="bg-hover text-left">
              <tr>
                <th className="px-3 py-2">{t('ds.name')}</th>
                {columns.map((c) => (
                  <th key={c.key} className="px-3 py-2 text-right">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...(rows ?? []), ...(total ? [total] : [])].map((r) => (
                <tr
                  key={r.key || 'total'}
                  className={r.key ? 'border-t border-line' : 'border-t border-line font-semibold'}
                >
                  <td className="px-3 py-2">{r.key ? r.name : t('ds.total')}</td>
                  {columns.map((c) => {
                    const drill = c.drill;
                    return (
                      <td key={c.key} className="px-3 py-2 text-right tabular-nums">
                        {drill && onDrill && r.key ? (
                          <DrillCell
                            label={`${r.name} ${c.label}`}
                            value={c.value(r)}
                            onClick={() => onDrill(drill, r.key)}
                          />
                        ) : (
                          c.value(r)
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** FigureTable over a by-campus answer (`rows` and, where the figures add up, `total`). */
export function CampusFigureTable<R extends CampusKeyed>({
  data,
  ...table
}: Omit<FigureTableProps<CampusRow<R>>, 'rows' | 'total'> & {
  data: { rows: R[]; total?: R } | undefined;
}) {
  return (
    <FigureTable {...table} rows={data?.rows.map(asCampus)} total={data?.total && asCampus(data.total)} />
  );
}

type StudentRow = CampusRow<ResponseOf<D['studentCampusDistribution']>['total']>;
/** The columns of the students by campus (studentsGM and the campus overview show the same table). */
export function useStudentColumns(): FigureColumn<StudentRow>[] {
  const t = useT();
  return [
    { key: 'new', label: t('ds.st.newStudents'), value: (r) => r.newStudents, drill: 'newStudents' },
    {
      key: 'active',
      label: t('ds.st.activeStudents'),
      value: (r) => r.activeStudents,
      drill: 'activeStudents',
    },
    { key: 'holding', label: t('ds.st.holdingStudents'), value: (r) => r.holdingStudents },
    { key: 'left', label: t('ds.st.leftStudents'), value: (r) => r.leftStudents },
    { key: 'reading', label: t('ds.st.readingStudents'), value: (r) => r.readingStudents },
  ];
}
