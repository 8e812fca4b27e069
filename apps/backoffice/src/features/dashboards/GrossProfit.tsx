// /dataStatistics/grossProfit: revenue less the imported school costs and the payroll, over the whole
// months of the period, per campus and by cost type; it opens on the latest ended month holding
// costs. Figures: docs/metrics.md "Profit".
import { fromCents } from '@bo/domain';
import type { ResponseOf, contract } from '@bo/api-sdk';
import { formatMoney } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  CampusFigureTable,
  campusShares,
  DashboardHeader,
  FigureCards,
  Proportion,
  useDashboardFilter,
  useFigure,
  type CampusRow,
  type FigureColumn,
} from './parts';

type D = typeof contract.dashboards;
type Row = CampusRow<ResponseOf<D['profitCampusDistribution']>['total']>;
type MoneyKey = 'revenueCents' | 'schoolCostCents' | 'payrollCents' | 'costCents' | 'profitCents';

const MONEY: MoneyKey[] = ['revenueCents', 'schoolCostCents', 'payrollCents', 'costCents', 'profitCents'];

/**
 * Opens on the latest month that has ended and holds costs in the user's campuses (a month's costs
 * are imported and its payroll computed after it ends, so the month running would show revenue
 * against no costs); the current month while none has. A period in the URL wins.
 */
export default function GrossProfit() {
  const opening = useQuery({
    queryKey: ['dashboards', 'profitLatestMonth'],
    queryFn: () => sdk.dashboards.profitLatestMonth(),
  });
  if (opening.isPending) return null;
  return <GrossProfitFigures opening={opening.data ?? null} />;
}

function GrossProfitFigures({ opening }: { opening: { startDate: string; endDate: string } | null }) {
  const t = useT();
  const { filter, set } = useDashboardFilter('range', opening);
  const q = { query: filter };
  const summary = useFigure('profit', filter, () => sdk.dashboards.profitSummary(q));
  const campuses = useFigure('profitCampus', filter, () => sdk.dashboards.profitCampusDistribution(q));
  const ratio = useFigure('profitCosts', filter, () => sdk.dashboards.profitCostRatio(q));
  const s = summary.data;
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const columns: FigureColumn<Row>[] = [
    ...MONEY.map((k) => ({ key: k, label: t(`ds.pf.${k}`), value: (r: Row) => fromCents(r[k]) })),
    { key: 'margin', label: t('ds.pf.marginPct'), value: (r) => pct(r.marginPct) },
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DashboardHeader path="/dataStatistics/grossProfit" filter={filter} set={set} period={s?.period} />
      <p className="text-xs text-subtle">{t('ds.pf.hint')}</p>
      <FigureCards
        loading={summary.isLoading}
        grid="md:grid-cols-3 xl:grid-cols-6"
        cards={
          s && [
            ...MONEY.map((k) => ({
              key: k,
              label: t(`ds.pf.${k}`),
              value: formatMoney({ cents: s[k] }),
            })),
            {
              key: 'margin',
              label: t('ds.pf.marginPct'),
              value: pct(s.marginPct),
            },
          ]
        }
      />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Bars title={t('ds.pf.byCampus')} data={campusShares(campuses.data?.rows, (r) => r.profitCents)} />
        <Proportion title={t('ds.pf.costRatio')} data={ratio.data} />
      </div>
      <CampusFigureTable title={t('ds.pf.byCampus')} data={campuses.data} columns={columns} />
    </div>
  );
}
