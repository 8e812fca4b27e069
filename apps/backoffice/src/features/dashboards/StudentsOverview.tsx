// /dataStatistics/studentsGM: the students of the caller's campuses — new case files, students who
// attended, students holding advance receipts, those who left, and the case files by status, per
// campus and month. Figures: docs/metrics.md "Students".
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  CampusFigureTable,
  campusShares,
  DashboardHeader,
  DrillPanel,
  FigureCards,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
  useStudentColumns,
} from './parts';
import { useFigureName } from './figureNames';

export default function StudentsOverview() {
  const t = useT();
  const figureName = useFigureName();
  const { filter, set } = useDashboardFilter();
  const drill = useDrill();
  const q = { query: filter };
  const summary = useFigure('students', filter, () => sdk.dashboards.studentSummary(q));
  const statuses = useFigure('studentStatuses', filter, () => sdk.dashboards.studentStatusSummary(q));
  const campuses = useFigure('studentCampuses', filter, () => sdk.dashboards.studentCampusDistribution(q));
  const trend = useFigure('studentTrend', filter, () => sdk.dashboards.studentSchoolTrend(q));
  const s = summary.data;
  const columns = useStudentColumns();
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/studentsGM" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        drill={drill}
        grid="md:grid-cols-5"
        cards={
          s && [
            {
              key: 'new',
              label: t('ds.st.newStudents'),
              value: s.newStudents,
              drill: 'newStudents',
            },
            {
              key: 'active',
              label: t('ds.st.activeStudents'),
              value: s.activeStudents,
              drill: 'activeStudents',
            },
            { key: 'holding', label: t('ds.st.holdingStudents'), value: s.holdingStudents },
            { key: 'left', label: t('ds.st.leftStudents'), value: s.leftStudents },
            { key: 'reading', label: t('ds.st.readingStudents'), value: s.readingStudents },
          ]
        }
      />
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines title={t('ds.st.trend')} data={trend.data} money={false} />
        <Proportion
          title={t('ds.st.byStatus')}
          data={
            statuses.data && {
              rows: statuses.data.rows.map((r) => ({
                key: String(r.status),
                name: t(`ds.st.status.${r.status === 20 ? 20 : r.status === 30 ? 30 : 10}`),
                value: r.students,
              })),
            }
          }
        />
        <Bars
          title={t('ds.st.activeByCampus')}
          data={campusShares(campuses.data?.rows, (r) => r.activeStudents, 'value')}
        />
      </div>
      <CampusFigureTable
        title={t('ds.st.byCampus')}
        data={campuses.data}
        columns={columns}
        onDrill={drill.open}
      />
    </div>
  );
}
