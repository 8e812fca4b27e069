// /dataStatistics/courseRate: each course's share of the period — revenue, hours consumed, hours
// scheduled and class use — from /overview/schoolcoursesummary (docs/metrics.md "Course share").
import { fromCents } from '@bo/domain';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { DashboardHeader, Proportion, useDashboardFilter, useFigure } from '../dashboards/parts';
import { hours, pct, ReportTable } from './parts';

const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

export default function CourseRate() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const courses = useFigure('courseRate', filter, () =>
    sdk.dashboards.overviewSchoolCourseSummary({ query: filter }),
  );
  const rows = courses.data?.rows ?? [];
  const revenue = rows.reduce((s, r) => s + r.revenueCents, 0);
  const consumed = rows.reduce((s, r) => s + r.consumedHours, 0);
  const named = rows.map((r) => ({ ...r, key: r.courseCode, name: r.courseName }));
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader
        path="/dataStatistics/courseRate"
        filter={filter}
        set={set}
        period={courses.data?.period}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Proportion
          title={t('rp.revenueByCourse')}
          data={
            courses.data && { rows: named.map((r) => ({ key: r.key, name: r.name, cents: r.revenueCents })) }
          }
        />
        <Proportion
          title={t('rp.hoursByCourse')}
          data={
            courses.data && { rows: named.map((r) => ({ key: r.key, name: r.name, value: r.consumedHours })) }
          }
        />
      </div>
      <ReportTable
        title={t('rp.byCourse')}
        loading={courses.isLoading}
        rows={courses.data ? named : undefined}
        rowKey={(r) => r.key}
        columns={[
          { key: 'name', label: t('rp.course'), value: (r) => r.name },
          { key: 'revenue', label: t('rp.revenue'), numeric: true, value: (r) => fromCents(r.revenueCents) },
          {
            key: 'revenueShare',
            label: t('rp.revenueShare'),
            numeric: true,
            value: (r) => pct(share(r.revenueCents, revenue)),
          },
          {
            key: 'consumed',
            label: t('rp.consumedHours'),
            numeric: true,
            value: (r) => hours(r.consumedHours),
          },
          {
            key: 'hoursShare',
            label: t('rp.hoursShare'),
            numeric: true,
            value: (r) => pct(share(r.consumedHours, consumed)),
          },
          {
            key: 'scheduled',
            label: t('rp.scheduledHours'),
            numeric: true,
            value: (r) => hours(r.scheduledHours),
          },
          {
            key: 'used',
            label: t('rp.usedPct'),
            numeric: true,
            value: (r) => pct(share(r.consumedHours, r.scheduledHours)),
          },
          { key: 'students', label: t('rp.students'), numeric: true, value: (r) => r.activeStudents },
          { key: 'lessons', label: t('rp.lessons'), numeric: true, value: (r) => r.lessons },
        ]}
      />
    </div>
  );
}
