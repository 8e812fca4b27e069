// /dataStatistics/incomeGM: the income dashboard — money received, refunds, net income, revenue and
// pre-revenue of a month, by campus and payment method, against the monthly targets. Also the page
// the mobile-chat link opens on a phone: one column of cards first, tables scroll sideways.
// Figures: docs/metrics.md "Income", "Targets".
import type { ResponseOf, TDrillFigure, contract } from '@bo/api-sdk';
import { exportFileName, fromCents } from '@bo/domain';
import { Button, formatMoney } from '@bo/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { useFigureName } from './figureNames';
import {
  Bars,
  CampusFigureTable,
  campusShares,
  DashboardHeader,
  DrillPanel,
  FigureCards,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
  type CampusRow,
  type FigureColumn,
} from './parts';

type D = typeof contract.dashboards;
type Figures = Omit<ResponseOf<D['revenueMobileQuery']>, 'period' | 'methods' | 'trend'>;
type Row = CampusRow<ResponseOf<D['revenueWebRange']>['total']>;
type TargetRow = CampusRow<ResponseOf<D['revenueTargetRate']>['rows'][number]>;

const CARDS: { key: keyof Figures; drill?: TDrillFigure }[] = [
  { key: 'receivedCents', drill: 'received' },
  { key: 'refundedCents', drill: 'refunded' },
  { key: 'incomeCents' },
  { key: 'revenueCents', drill: 'revenue' },
  { key: 'preRevenueCents' },
  { key: 'closingCents' },
];

export default function IncomeGM() {
  const t = useT();
  const figureName = useFigureName();
  const { filter, set } = useDashboardFilter('month');
  const drill = useDrill();
  const q = { query: filter };
  const mobile = useFigure('incomeMobile', filter, () => sdk.dashboards.revenueMobileQuery(q));
  const range = useFigure('incomeRange', filter, () => sdk.dashboards.revenueWebRange(q));
  const targets = useFigure('incomeTargets', filter, () => sdk.dashboards.revenueTargetRate(q));
  const exp = useMutation({
    mutationFn: () => sdk.dashboards.revenueWebRangeExport(q),
    onSuccess: (blob) =>
      downloadBlob(blob, exportFileName('收入汇总', range.data?.period.endDate ?? new Date())),
  });
  const m = mobile.data;
  const money = (c: number) => formatMoney({ cents: c });
  const columns: FigureColumn<Row>[] = [
    {
      key: 'received',
      label: t('ds.inc.receivedCents'),
      value: (r) => fromCents(r.receivedCents),
      drill: 'received',
    },
    {
      key: 'refunded',
      label: t('ds.inc.refundedCents'),
      value: (r) => fromCents(r.refundedCents),
      drill: 'refunded',
    },
    { key: 'income', label: t('ds.inc.incomeCents'), value: (r) => fromCents(r.incomeCents) },
    {
      key: 'revenue',
      label: t('ds.inc.revenueCents'),
      value: (r) => fromCents(r.revenueCents),
      drill: 'revenue',
    },
    { key: 'pre', label: t('ds.inc.preRevenueCents'), value: (r) => fromCents(r.preRevenueCents) },
    { key: 'closing', label: t('ds.inc.closingCents'), value: (r) => fromCents(r.closingCents) },
  ];
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const targetColumns: FigureColumn<TargetRow>[] = [
    { key: 'it', label: t('ds.inc.incomeTarget'), value: (r) => fromCents(r.income.targetCents) },
    { key: 'ia', label: t('ds.inc.incomeCents'), value: (r) => fromCents(r.income.actualCents) },
    { key: 'ir', label: t('ds.inc.incomeRate'), value: (r) => pct(r.income.ratePct) },
    { key: 'rt', label: t('ds.inc.revenueTarget'), value: (r) => fromCents(r.revenue.targetCents) },
    { key: 'ra', label: t('ds.inc.revenueCents'), value: (r) => fromCents(r.revenue.actualCents) },
    { key: 'rr', label: t('ds.inc.revenueRate'), value: (r) => pct(r.revenue.ratePct) },
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/incomeGM"
        filter={filter}
        set={set}
        period={m?.period}
        mode="month"
        extra={
          <Button variant="secondary" loading={exp.isPending} onClick={() => exp.mutate()}>
            {t('ds.inc.export')}
          </Button>
        }
      />
      <FigureCards
        loading={mobile.isLoading}
        drill={drill}
        grid="md:grid-cols-3 xl:grid-cols-6"
        cards={
          m &&
          CARDS.map((c) => ({
            key: c.key,
            label: t(`ds.inc.${c.key}`),
            value: money(m[c.key]),
            drill: c.drill,
          }))
        }
      />
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Lines title={t('ds.inc.trend')} data={m?.trend} />
        <Proportion title={t('ds.inc.byMethod')} data={m && { rows: m.methods }} />
      </div>
      <Bars
        title={`${t('ds.inc.byCampus')} · ${t('ds.inc.byCampusHint')}`}
        data={campusShares(range.data?.rows, (r) => r.incomeCents)}
        onPick={(campus) => campus && drill.open('received', campus)}
      />
      <CampusFigureTable
        title={t('ds.inc.byCampus')}
        data={range.data}
        columns={columns}
        onDrill={drill.open}
      />
      <CampusFigureTable title={t('ds.inc.targets')} data={targets.data} columns={targetColumns} />
    </div>
  );
}
