// /dataStatistics/usedClassRate: class use — hours consumed of the student-hours booked — and
// arrival of the lessons whose day has come, in total and per campus. Figures: docs/metrics.md
// "Class use and arrival".
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  CampusFigureTable,
  campusShares,
  DashboardHeader,
  FigureCards,
  useDashboardFilter,
  useFigure,
} from './parts';

export default function UsedClassRate() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const q = { query: filter };
  const summary = useFigure('ratio', filter, () => sdk.dashboards.ratioSummary(q));
  const campuses = useFigure('ratioCampuses', filter, () => sdk.dashboards.ratioCampusDistribution(q));
  const s = summary.data;
  const hours = (v: number) => v.toFixed(2);
  const pct = (v: number) => `${v.toFixed(2)}%`;
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/usedClassRate" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        cards={
          s && [
            { key: 'used', label: t('ds.rt.usedPct'), value: pct(s.usedPct) },
            { key: 'booked', label: t('ds.rt.bookedHours'), value: hours(s.bookedHours) },
            { key: 'consumed', label: t('ds.sc.consumedHours'), value: hours(s.consumedHours) },
            {
              key: 'arrival',
              label: t('ds.rt.arrivalPct'),
              value: pct(s.arrivalPct),
            },
            { key: 'bookings', label: t('ds.rt.bookings'), value: s.bookings },
            { key: 'arrivals', label: t('ds.sc.arrivals'), value: s.arrivals },
            { key: 'leaves', label: t('ds.sc.leaves'), value: s.leaves },
            {
              key: 'absences',
              label: `${t('ds.sc.absences')} / ${t('ds.rt.unsigned')}`,
              value: `${s.absences} / ${s.unsigned}`,
            },
          ]
        }
      />
      <p className="text-xs text-subtle">{t('ds.rt.hint')}</p>
      <div className="grid gap-4 xl:grid-cols-2">
        <Bars
          title={t('ds.rt.usedByCampus')}
          data={campusShares(campuses.data?.rows, (r) => r.usedPct, 'value')}
        />
        <Bars
          title={t('ds.rt.arrivalByCampus')}
          data={campusShares(campuses.data?.rows, (r) => r.arrivalPct, 'value')}
        />
      </div>
      <CampusFigureTable
        title={t('ds.rt.byCampus')}
        data={campuses.data}
        columns={[
          { key: 'booked', label: t('ds.rt.bookedHours'), value: (r) => hours(r.bookedHours) },
          { key: 'consumed', label: t('ds.sc.consumedHours'), value: (r) => hours(r.consumedHours) },
          { key: 'used', label: t('ds.rt.usedPct'), value: (r) => pct(r.usedPct) },
          { key: 'bookings', label: t('ds.rt.bookings'), value: (r) => r.bookings },
          { key: 'arrivals', label: t('ds.sc.arrivals'), value: (r) => r.arrivals },
          { key: 'leaves', label: t('ds.sc.leaves'), value: (r) => r.leaves },
          { key: 'absences', label: t('ds.sc.absences'), value: (r) => r.absences },
          { key: 'unsigned', label: t('ds.rt.unsigned'), value: (r) => r.unsigned },
          { key: 'arrival', label: t('ds.rt.arrivalPct'), value: (r) => pct(r.arrivalPct) },
        ]}
      />
    </div>
  );
}
