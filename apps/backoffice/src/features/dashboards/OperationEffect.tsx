// /dataStatistics/operationEffect: the operating results of each campus side by side — net income,
// revenue and gross profit (whole months), with pre-revenue and the families' consumption rate.
// Figures: docs/metrics.md "Income", "Profit", "Targets".
import { fromCents } from '@bo/domain';
import type { ResponseOf, contract } from '@bo/api-sdk';
import { Card, EmptyState } from '@bo/ui-kit';
import { BarsChart } from '@bo/ui-kit/charts';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { DashboardHeader, FigureTable, useDashboardFilter, useFigure, type FigureColumn } from './parts';

type D = typeof contract.dashboards;
type Row = ResponseOf<D['revenueWebRange']>['total'] & {
  key: string;
  name: string;
  profitCents: number;
  costCents: number;
  marginPct: number;
  parentPct: number;
};

const yuanAxis = (cents: number) => Math.round(cents / 100);

export default function OperationEffect() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const q = { query: filter };
  const income = useFigure('incomeRange', filter, () => sdk.dashboards.revenueWebRange(q));
  const profit = useFigure('profitCampus', filter, () => sdk.dashboards.profitCampusDistribution(q));
  const parents = useFigure('parentCost', filter, () => sdk.dashboards.revenueParentCostRate(q));
  const profitOf = (code: string) =>
    code ? profit.data?.rows.find((r) => r.schoolItemCode === code) : profit.data?.total;
  const row = (r: ResponseOf<D['revenueWebRange']>['total']): Row => {
    const p = profitOf(r.schoolItemCode);
    return {
      ...r,
      key: r.schoolItemCode,
      name: r.schoolItemName,
      profitCents: p?.profitCents ?? 0,
      costCents: p?.costCents ?? 0,
      marginPct: p?.marginPct ?? 0,
      parentPct: parents.data?.rows.find((x) => x.schoolItemCode === r.schoolItemCode)?.ratePct ?? 0,
    };
  };
  const rows = income.data?.rows.map(row);
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const columns: FigureColumn<Row>[] = [
    { key: 'income', label: t('ds.inc.incomeCents'), value: (r) => fromCents(r.incomeCents) },
    { key: 'revenue', label: t('ds.inc.revenueCents'), value: (r) => fromCents(r.revenueCents) },
    { key: 'pre', label: t('ds.inc.preRevenueCents'), value: (r) => fromCents(r.preRevenueCents) },
    { key: 'cost', label: t('ds.pf.costCents'), value: (r) => fromCents(r.costCents) },
    { key: 'profit', label: t('ds.pf.profitCents'), value: (r) => fromCents(r.profitCents) },
    { key: 'margin', label: t('ds.pf.marginPct'), value: (r) => pct(r.marginPct) },
    { key: 'parents', label: t('ds.inc.parentRate'), value: (r) => (r.key ? pct(r.parentPct) : '') },
  ];
  const chart = (rows ?? []).map((r) => ({
    name: r.name,
    income: yuanAxis(r.incomeCents),
    revenue: yuanAxis(r.revenueCents),
    profit: yuanAxis(r.profitCents),
  }));
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/operationEffect"
        filter={filter}
        set={set}
        period={income.data?.period}
      />
      <p className="text-xs text-subtle">{t('ds.pf.hint')}</p>
      <Card title={t('ds.op.chart')}>
        {chart.length ? (
          <BarsChart
            data={chart}
            x="name"
            height={300}
            series={[
              { key: 'income', name: t('ds.op.legendIncome') },
              { key: 'revenue', name: t('ds.op.legendRevenue') },
              { key: 'profit', name: t('ds.op.legendProfit') },
            ]}
          />
        ) : (
          <EmptyState title={t('ds.empty')} />
        )}
      </Card>
      <FigureTable
        title={t('ds.op.table')}
        rows={rows}
        total={income.data && row(income.data.total)}
        columns={columns}
      />
    </div>
  );
}
