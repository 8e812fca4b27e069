// /dataStatistics/arrivalRate: arrival of the lessons whose day has come (present, late or make-up of
// the bookings), per campus, and each teacher's lessons given and awaiting confirmation. Figures:
// docs/metrics.md "Class use and arrival", "Centre".
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { Bars, DashboardHeader, FigureCards, FigureTable, useDashboardFilter, useFigure } from './parts';

export default function ArrivalRate() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const q = { query: filter };
  const ratio = useFigure('ratio', filter, () => sdk.dashboards.ratioSummary(q));
  const campuses = useFigure('ratioCampuses', filter, () => sdk.dashboards.ratioCampusDistribution(q));
  const center = useFigure('center', filter, () => sdk.dashboards.centerSummary(q));
  const teachers = useFigure('centerTeachers', filter, () => sdk.dashboards.centerSummaryByEmp(q));
  const r = ratio.data;
  const c = center.data;
  const pct = (v: number) => `${v.toFixed(2)}%`;
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/arrivalRate" filter={filter} set={set} period={r?.period} />
      <FigureCards
        loading={ratio.isLoading}
        cards={
          r &&
          c && [
            { key: 'arrivalPct', label: t('ds.rt.arrivalPct'), value: pct(r.arrivalPct) },
            { key: 'bookings', label: t('ds.rt.bookings'), value: r.bookings },
            { key: 'arrivals', label: t('ds.sc.arrivals'), value: r.arrivals },
            {
              key: 'leaves',
              label: `${t('ds.sc.leaves')} / ${t('ds.sc.absences')}`,
              value: `${r.leaves} / ${r.absences}`,
            },
            { key: 'unsigned', label: t('ds.rt.unsigned'), value: r.unsigned },
            { key: 'teachers', label: t('ds.ce.teachers'), value: c.teachers },
            { key: 'given', label: t('ds.ov.givenLessons'), value: c.givenLessons },
            { key: 'unconfirmed', label: t('ds.ce.unconfirmed'), value: c.unconfirmedLessons },
          ]
        }
      />
      <p className="text-xs text-subtle">{t('ds.rt.hint')}</p>
      <Bars
        title={t('ds.rt.arrivalByCampus')}
        data={
          campuses.data && {
            rows: campuses.data.rows.map((x) => ({
              key: x.schoolItemCode,
              name: x.schoolItemName,
              value: x.arrivalPct,
            })),
          }
        }
      />
      <FigureTable
        title={t('ds.ce.byTeacher')}
        rows={teachers.data?.rows.map((x) => ({ ...x, key: x.teacherCode, name: x.teacherName }))}
        columns={[
          { key: 'lessons', label: t('ds.ov.lessons'), value: (x) => x.lessons },
          { key: 'given', label: t('ds.ov.givenLessons'), value: (x) => x.givenLessons },
          { key: 'confirmed', label: t('ds.sc.confirmedLessons'), value: (x) => x.confirmedLessons },
          { key: 'unconfirmed', label: t('ds.ce.unconfirmed'), value: (x) => x.unconfirmedLessons },
          { key: 'scheduled', label: t('ds.scheduledHours'), value: (x) => x.scheduledHours.toFixed(2) },
          { key: 'consumed', label: t('ds.sc.consumedHours'), value: (x) => x.consumedHours.toFixed(2) },
          { key: 'students', label: t('ds.sc.students'), value: (x) => x.students },
        ]}
      />
    </div>
  );
}
