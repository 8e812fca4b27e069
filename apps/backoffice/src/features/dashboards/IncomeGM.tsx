// /dataStatistics/incomeGM: the income dashboard — money received, refunds, net income, revenue and
// pre-revenue of a month, by campus and payment method, against the monthly targets. Also the page
// the mobile-chat link opens on a phone: one column of cards first, tables scroll sideways.
// Figures: docs/metrics.md "Income", "Targets".
import type { ResponseOf, TDrillFigure, contract } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import { Button, Spinner } from '@bo/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { useFigureName } from './figureNames';
import {
  Bars,
  DashboardHeader,
  DrillPanel,
  FigureCard,
  FigureTable,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
  yuan,
  type FigureColumn,
} from './parts';

type D = typeof contract.dashboards;
type Figures = Omit<ResponseOf<D['revenueMobileQuery']>, 'period' | 'methods' | 'trend'>;
type CampusRow = ResponseOf<D['revenueWebRange']>['total'] & { key: string; name: string };
type TargetRow = ResponseOf<D['revenueTargetRate']>['rows'][number] & { key: string; name: string };

const CARDS: { key: keyof Figures; drill?: TDrillFigure }[] = [
  { key: 'receivedCents', drill: 'received' },
  { key: 'refundedCents', drill: 'refunded' },
  { key: 'incomeCents' },
  { key: 'revenueCents', drill: 'revenue' },
  { key: 'preRevenueCents' },
  { key: 'closingCents' },
];

const asCampus = <T extends { schoolItemCode: string; schoolItemName: string }>(r: T) => ({
  ...r,
  key: r.schoolItemCode,
  name: r.schoolItemName,
});

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
  const money = (c: number) => `¥${yuan(c)}`;
  const columns: FigureColumn<CampusRow>[] = [
    {
      key: 'received',
      label: t('ds.inc.receivedCents'),
      value: (r) => yuan(r.receivedCents),
      drill: 'received',
    },
    {
      key: 'refunded',
      label: t('ds.inc.refundedCents'),
      value: (r) => yuan(r.refundedCents),
      drill: 'refunded',
    },
    { key: 'income', label: t('ds.inc.incomeCents'), value: (r) => yuan(r.incomeCents) },
    { key: 'revenue', label: t('ds.inc.revenueCents'), value: (r) => yuan(r.revenueCents), drill: 'revenue' },
    { key: 'pre', label: t('ds.inc.preRevenueCents'), value: (r) => yuan(r.preRevenueCents) },
    { key: 'closing', label: t('ds.inc.closingCents'), value: (r) => yuan(r.closingCents) },
  ];
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const targetColumns: FigureColumn<TargetRow>[] = [
    { key: 'it', label: t('ds.inc.incomeTarget'), value: (r) => yuan(r.income.targetCents) },
    { key: 'ia', label: t('ds.inc.incomeCents'), value: (r) => yuan(r.income.actualCents) },
    { key: 'ir', label: t('ds.inc.incomeRate'), value: (r) => pct(r.income.ratePct) },
    { key: 'rt', label: t('ds.inc.revenueTarget'), value: (r) => yuan(r.revenue.targetCents) },
    { key: 'ra', label: t('ds.inc.revenueCents'), value: (r) => yuan(r.revenue.actualCents) },
    { key: 'rr', label: t('ds.inc.revenueRate'), value: (r) => pct(r.revenue.ratePct) },
  ];
  const byCampus = range.data && {
    rows: range.data.rows.map((r) => ({
      key: r.schoolItemCode,
      name: r.schoolItemName,
      cents: r.incomeCents,
    })),
  };
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
      {mobile.isLoading && <Spinner label={t('ds.loading')} />}
      {m && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {CARDS.map((c) => {
            const to = c.drill;
            return (
              <FigureCard
                key={c.key}
                label={t(`ds.inc.${c.key}`)}
                value={money(m[c.key])}
                onDrill={to ? () => drill.open(to) : undefined}
              />
            );
          })}
        </div>
      )}
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Lines title={t('ds.inc.trend')} data={m?.trend} />
        <Proportion title={t('ds.inc.byMethod')} data={m && { rows: m.methods }} />
      </div>
      <Bars
        title={`${t('ds.inc.byCampus')} · ${t('ds.inc.byCampusHint')}`}
        data={byCampus}
        onPick={(campus) => campus && drill.open('received', campus)}
      />
      <FigureTable
        title={t('ds.inc.byCampus')}
        rows={range.data?.rows.map(asCampus)}
        total={range.data && asCampus(range.data.total)}
        columns={columns}
        onDrill={drill.open}
      />
      <FigureTable
        title={t('ds.inc.targets')}
        rows={targets.data?.rows.map(asCampus)}
        columns={targetColumns}
      />
    </div>
  );
}
