// /dataStatistics/studentsGM: the students of the caller's campuses — new case files, students who
// attended, students holding advance receipts, those who left, and the case files by status, per
// campus and month. Figures: docs/metrics.md "Students".
import type { ResponseOf, contract } from '@bo/api-sdk';
import { Spinner } from '@bo/ui-kit';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  DashboardHeader,
  DrillPanel,
  FigureCard,
  FigureTable,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
  type FigureColumn,
} from './parts';
import { useFigureName } from './figureNames';

type Row = ResponseOf<(typeof contract.dashboards)['studentCampusDistribution']>['total'] & {
  key: string;
  name: string;
};
const asCampus = <T extends { schoolItemCode: string; schoolItemName: string }>(r: T) => ({
  ...r,
  key: r.schoolItemCode,
  name: r.schoolItemName,
});

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
  const columns: FigureColumn<Row>[] = [
    { key: 'new', label: t('ds.st.newStudents'), value: (r) => r.newStudents, drill: 'newStudents' },
    {
      key: 'active',
      label: t('ds.st.activeStudents'),
      value: (r) => r.activeStudents,
      drill: 'activeStudents',
    },
    { key: 'holding', label: t('ds.st.holdingStudents'), value: (r) => r.holdingStudents },
    { key: 'left', label: t('ds.st.leftStudents'), value: (r) => r.leftStudents },
    { key: 'reading', label: t('ds.st.readingStudents'), value: (r) => r.readingStudents },
  ];
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/studentsGM" filter={filter} set={set} period={s?.period} />
      {summary.isLoading && <Spinner label={t('ds.loading')} />}
      {s && (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
          <FigureCard
            label={t('ds.st.newStudents')}
            value={s.newStudents}
            onDrill={() => drill.open('newStudents')}
          />
          <FigureCard
            label={t('ds.st.activeStudents')}
            value={s.activeStudents}
            onDrill={() => drill.open('activeStudents')}
          />
          <FigureCard label={t('ds.st.holdingStudents')} value={s.holdingStudents} />
          <FigureCard label={t('ds.st.leftStudents')} value={s.leftStudents} />
          <FigureCard label={t('ds.st.readingStudents')} value={s.readingStudents} />
        </div>
      )}
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
          data={
            campuses.data && {
              rows: campuses.data.rows.map((r) => ({
                key: r.schoolItemCode,
                name: r.schoolItemName,
                value: r.activeStudents,
              })),
            }
          }
        />
      </div>
      <FigureTable
        title={t('ds.st.byCampus')}
        rows={campuses.data?.rows.map(asCampus)}
        total={campuses.data && asCampus(campuses.data.total)}
        columns={columns}
        onDrill={drill.open}
      />
    </div>
  );
}
