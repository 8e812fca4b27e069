// /dataStatistics/orderPeriod: the orders of the period by how long they took from creation to
// effective (every payment approved), by order type, with the instalment orders. Figures:
// docs/metrics.md "Order period".
import { fromCents } from '@bo/domain';
import type { ResponseOf, contract } from '@bo/api-sdk';
import { formatMoney } from '@bo/ui-kit';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  DashboardHeader,
  FigureCards,
  FigureTable,
  Proportion,
  useDashboardFilter,
  useFigure,
  type FigureColumn,
} from './parts';

type D = typeof contract.dashboards;
type TypeRow = ResponseOf<D['orderPeriod']>['byType'][number];

export default function OrderPeriod() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const data = useFigure('orderPeriod', filter, () => sdk.dashboards.orderPeriod({ query: filter }));
  const d = data.data;
  const columns: FigureColumn<TypeRow>[] = [
    { key: 'orders', label: t('ds.op.orders'), value: (r) => r.orders },
    { key: 'effective', label: t('ds.op.bucket'), value: (r) => `${r.effective} / ${r.orders}` },
    { key: 'avg', label: t('ds.op.avgDays'), value: (r) => r.avgDays.toFixed(1) },
    { key: 'term', label: t('ds.op.termOrders'), value: (r) => r.termOrders },
    { key: 'paid', label: t('ds.op.paidCents'), value: (r) => fromCents(r.paidCents) },
  ];
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <DashboardHeader path="/dataStatistics/orderPeriod" filter={filter} set={set} period={d?.period} />
      <FigureCards
        loading={data.isLoading}
        cards={
          d && [
            { key: 'orders', label: t('ds.op.orders'), value: d.orders },
            { key: 'avgDays', label: t('ds.op.avgDays'), value: d.avgDays.toFixed(1) },
            { key: 'termOrders', label: t('ds.op.termOrders'), value: d.termOrders },
            { key: 'paid', label: t('ds.op.paidCents'), value: formatMoney({ cents: d.paidCents }) },
          ]
        }
      />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <Bars
          title={t('ds.op.byBucket')}
          data={d && { rows: d.buckets.map((b) => ({ key: b.key, name: b.name, value: b.orders })) }}
        />
        <Proportion
          title={t('ds.op.byType')}
          data={d && { rows: d.byType.map((r) => ({ key: r.key, name: r.name, value: r.orders })) }}
        />
      </div>
      <FigureTable title={t('ds.op.byType')} rows={d?.byType} columns={columns} />
    </div>
  );
}
