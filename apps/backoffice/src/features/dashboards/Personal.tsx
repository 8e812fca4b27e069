// /dataStatistics/personal: the signed-in employee's own figures — as a teacher their lessons,
// saturation, hours consumed and revenue; as an adviser the money received on the orders they
// advise — for a month, and per month. Figures: docs/metrics.md "Personal".
import { Spinner, formatMoney } from '@bo/ui-kit';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { DashboardHeader, FigureCards, FigureTable, useDashboardFilter, useFigure } from './parts';

const hours = (v: number) => v.toFixed(2);
const pct = (v: number) => `${v.toFixed(2)}%`;

export default function Personal() {
  const t = useT();
  const { filter, set } = useDashboardFilter('month');
  const period = { startDate: filter.startDate, endDate: filter.endDate };
  const me = useFigure('personal', period, () => sdk.staffFigures.personal({ body: period }));
  const m = me.data;
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/personal"
        filter={filter}
        set={set}
        period={m?.period}
        mode="month"
        campus={false}
      />
      {me.isLoading && <Spinner label={t('ds.loading')} />}
      {m && (
        <>
          <p className="text-sm text-ink">
            {m.employeeName}
            <span className="ml-2 text-xs text-subtle">
              {m.employeeCode} · {m.schoolItemName} · {m.postName}
            </span>
          </p>
          <FigureCards
            cards={[
              { key: 'lessons', label: t('ds.ov.lessons'), value: m.lessons },
              { key: 'rate', label: t('ds.sat.teacherRate'), value: pct(m.load.rate) },
              {
                key: 'hours',
                label: t('ds.sat.teacherHours'),
                value: `${hours(m.load.bookedHours)} / ${hours(m.load.availableHours)}`,
              },
              { key: 'consumed', label: t('ds.sc.consumedHours'), value: hours(m.consumedHours) },
              { key: 'revenue', label: t('ds.revenue'), value: formatMoney({ cents: m.revenueCents }) },
              { key: 'received', label: t('ds.me.received'), value: formatMoney({ cents: m.receivedCents }) },
              { key: 'paidOrders', label: t('ds.me.paidOrders'), value: m.paidOrders },
            ]}
          />
          <FigureTable
            title={t('ds.me.byMonth')}
            rows={m.months.map((x) => ({ ...x, key: x.month, name: x.month }))}
            columns={[
              { key: 'booked', label: t('ds.sat.booked'), value: (x) => hours(x.bookedHours) },
              { key: 'consumed', label: t('ds.sc.consumedHours'), value: (x) => hours(x.consumedHours) },
              { key: 'rate', label: t('ds.sat.rate'), value: (x) => pct(x.rate) },
            ]}
            exportAs={{ name: '个人数据', date: m.period.endDate }}
          />
        </>
      )}
    </div>
  );
}
