// /dataStatistics/centerData: the campus overview — money received, revenue, refunds, advance
// receipts, hours, students and lessons of the caller's campuses, per campus and per course. Every
// figure with rows behind it opens them (a paged table whose sum is the figure) with their export.
// Figures: docs/metrics.md "Overview".
import { fromCents } from '@bo/domain';
import type { ResponseOf, TDrillFigure, contract } from '@bo/api-sdk';
import { formatMoney } from '@bo/ui-kit';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  CampusFigureTable,
  campusShares,
  DashboardHeader,
  DrillPanel,
  FigureCards,
  FigureTable,
  useDashboardFilter,
  useDrill,
  useFigure,
  useStudentColumns,
  type CampusRow,
  type FigureColumn,
} from './parts';
import { useFigureName } from './figureNames';

type D = typeof contract.dashboards;
type Row = CampusRow<ResponseOf<D['overviewSchoolSummary']>['total']>;
type CourseRow = ResponseOf<D['overviewSchoolCourseSummary']>['rows'][number] & { key: string; name: string };

export default function CenterData() {
  const t = useT();
  const figureName = useFigureName();
  const { filter, set } = useDashboardFilter();
  const drill = useDrill();
  const q = { query: filter };
  const summary = useFigure('overview', filter, () => sdk.dashboards.overviewSummary(q));
  const campuses = useFigure('overviewCampus', filter, () => sdk.dashboards.overviewSchoolSummary(q));
  const studentsByCampus = useFigure('overviewStudents', filter, () =>
    sdk.dashboards.overviewSchoolStudentSummary(q),
  );
  const courses = useFigure('overviewCourses', filter, () => sdk.dashboards.overviewSchoolCourseSummary(q));
  const s = summary.data;
  const money = (c: number) => formatMoney({ cents: c });
  const cards: {
    key: Exclude<keyof NonNullable<typeof s>, 'period'>;
    value: (v: number) => string;
    drill?: TDrillFigure;
  }[] = [
    { key: 'receivedCents', value: money, drill: 'received' },
    { key: 'revenueCents', value: money, drill: 'revenue' },
    { key: 'refundedCents', value: money, drill: 'refunded' },
    { key: 'closingCents', value: money },
    { key: 'consumedHours', value: (v) => v.toFixed(2), drill: 'revenue' },
    { key: 'newStudents', value: String, drill: 'newStudents' },
    { key: 'activeStudents', value: String, drill: 'activeStudents' },
    { key: 'lessons', value: String, drill: 'lessons' },
    { key: 'givenLessons', value: String },
  ];
  const campusColumns: FigureColumn<Row>[] = [
    {
      key: 'received',
      label: t('ds.ov.receivedCents'),
      value: (r) => fromCents(r.receivedCents),
      drill: 'received',
    },
    {
      key: 'revenue',
      label: t('ds.ov.revenueCents'),
      value: (r) => fromCents(r.revenueCents),
      drill: 'revenue',
    },
    {
      key: 'refunded',
      label: t('ds.ov.refundedCents'),
      value: (r) => fromCents(r.refundedCents),
      drill: 'refunded',
    },
    { key: 'closing', label: t('ds.ov.closingCents'), value: (r) => fromCents(r.closingCents) },
    { key: 'hours', label: t('ds.ov.consumedHours'), value: (r) => r.consumedHours.toFixed(2) },
    { key: 'new', label: t('ds.ov.newStudents'), value: (r) => r.newStudents, drill: 'newStudents' },
    {
      key: 'active',
      label: t('ds.ov.activeStudents'),
      value: (r) => r.activeStudents,
      drill: 'activeStudents',
    },
    { key: 'lessons', label: t('ds.ov.lessons'), value: (r) => r.lessons, drill: 'lessons' },
    { key: 'given', label: t('ds.ov.givenLessons'), value: (r) => r.givenLessons },
  ];
  const studentColumns = useStudentColumns();
  const courseColumns: FigureColumn<CourseRow>[] = [
    { key: 'revenue', label: t('ds.ov.revenueCents'), value: (r) => fromCents(r.revenueCents) },
    { key: 'hours', label: t('ds.ov.consumedHours'), value: (r) => r.consumedHours.toFixed(2) },
    { key: 'active', label: t('ds.ov.activeStudents'), value: (r) => r.activeStudents },
    { key: 'scheduled', label: t('ds.scheduledHours'), value: (r) => r.scheduledHours.toFixed(2) },
    { key: 'lessons', label: t('ds.ov.lessons'), value: (r) => r.lessons },
  ];
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/centerData" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        drill={drill}
        grid="md:grid-cols-3 xl:grid-cols-5"
        cards={
          s &&
          cards.map((c) => ({
            key: c.key,
            label: t(`ds.ov.${c.key}`),
            value: c.value(Number(s[c.key])),
            drill: c.drill,
          }))
        }
      />
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <CampusFigureTable
        title={t('ds.ov.byCampus')}
        data={campuses.data}
        columns={campusColumns}
        onDrill={drill.open}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Bars
          title={t('ds.revenueRanking')}
          data={campusShares(campuses.data?.rows, (r) => r.revenueCents)}
        />
        <Bars
          title={t('ds.ov.newByCampus')}
          data={campusShares(studentsByCampus.data?.rows, (r) => r.newStudents, 'value')}
        />
      </div>
      <CampusFigureTable
        title={t('ds.st.byCampus')}
        data={studentsByCampus.data}
        columns={studentColumns}
        onDrill={drill.open}
      />
      <FigureTable
        title={t('ds.ov.byCourse')}
        rows={courses.data?.rows.map((r) => ({ ...r, key: r.courseCode, name: r.courseName }))}
        columns={courseColumns}
      />
    </div>
  );
}
