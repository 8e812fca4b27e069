// /dataStatistics/revenueGM: revenue — the value of the hours consumed at the price paid — of the
// caller's regions: cards, breakdowns by campus, order type and course, month trends. Figures:
// docs/metrics.md "Revenue"; below it the pre-revenue ("Pre-revenue"): hours booked, not consumed yet.
import { formatMoney } from '@bo/ui-kit';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  DashboardHeader,
  FigureCards,
  Lines,
  Proportion,
  useDashboardFilter,
  useFigure,
} from './parts';

export default function RevenueOverview() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const query = { query: filter };
  const summary = useFigure('revenue', filter, () => sdk.dashboards.revenueSummary(query));
  const ranking = useFigure('revenueRanking', filter, () => sdk.dashboards.revenueSchoolRanking(query));
  const types = useFigure('revenueTypes', filter, () => sdk.dashboards.revenueTypeProportion(query));
  const courses = useFigure('revenueCourses', filter, () => sdk.dashboards.revenueCourseProportion(query));
  const trend = useFigure('revenueTrend', filter, () => sdk.dashboards.revenueSchoolTrend(query));
  const typeTrend = useFigure('revenueTypeTrend', filter, () => sdk.dashboards.revenueTypeTrend(query));
  const courseTrend = useFigure('revenueCourseTrend', filter, () => sdk.dashboards.revenueCourseTrend(query));
  const pre = useFigure('preRevenue', filter, () => sdk.dashboards.preRevenueSummary(query));
  const preRanking = useFigure('preRevenueRanking', filter, () =>
    sdk.dashboards.preRevenueSchoolRanking(query),
  );
  const preCourses = useFigure('preRevenueCourses', filter, () =>
    sdk.dashboards.preRevenueCourseProportion(query),
  );
  const preTrend = useFigure('preRevenueTrend', filter, () => sdk.dashboards.preRevenueSchoolTrend(query));
  const p = pre.data;
  const s = summary.data;
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/revenueGM" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        grid="md:grid-cols-3"
        cards={
          s && [
            { key: 'revenue', label: t('ds.revenue'), value: formatMoney({ cents: s.revenueCents }) },
            { key: 'consumed', label: t('ds.consumedHours'), value: s.consumedHours.toFixed(2) },
            { key: 'students', label: t('ds.servedStudents'), value: s.students },
          ]
        }
      />
      <FigureCards
        grid="md:grid-cols-3"
        cards={
          p && [
            {
              key: 'preRevenue',
              label: t('ds.preRevenue'),
              value: formatMoney({ cents: p.preRevenueCents }),
            },
            { key: 'preHours', label: t('ds.preHours'), value: p.hours.toFixed(2) },
            { key: 'preStudents', label: t('ds.preStudents'), value: p.students },
          ]
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines title={t('ds.revenueTrend')} data={trend.data} />
        <Bars title={t('ds.revenueRanking')} data={ranking.data} />
        <Proportion title={t('ds.revenueByType')} data={types.data} />
        <Bars title={t('ds.revenueByCourse')} data={courses.data} />
        <Lines title={t('ds.revenueTypeTrend')} data={typeTrend.data} />
        <Lines title={t('ds.revenueCourseTrend')} data={courseTrend.data} />
        <Lines title={t('ds.preRevenueTrend')} data={preTrend.data} />
        <Bars title={t('ds.preRevenueRanking')} data={preRanking.data} />
        <Bars title={t('ds.preRevenueByCourse')} data={preCourses.data} />
      </div>
    </div>
  );
}
