// /dataStatistics/class: the lessons of the caller's campuses by lesson day — scheduled, given,
// confirmed, student-hours booked and consumed — by kind, campus, course and month, and per student
// with each student's lessons. Figures: docs/metrics.md "Schedule".
import { Button, Dialog, Pagination, Spinner, TextField } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Bars,
  DashboardHeader,
  DrillPanel,
  FigureCards,
  FigureTable,
  Lines,
  Proportion,
  useDashboardFilter,
  useDrill,
  useFigure,
} from './parts';
import { useFigureName } from './figureNames';

const PAGE_SIZE = 20;
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export default function ClassStatistics() {
  const t = useT();
  const figureName = useFigureName();
  const { filter, set } = useDashboardFilter();
  const drill = useDrill();
  const q = { query: filter };
  const summary = useFigure('schedule', filter, () => sdk.dashboards.scheduleSummary(q));
  const kinds = useFigure('scheduleKinds', filter, () => sdk.dashboards.scheduleByKind(q));
  const campuses = useFigure('scheduleCampuses', filter, () => sdk.dashboards.scheduleCampusDistribution(q));
  const courses = useFigure('scheduleCourses', filter, () => sdk.dashboards.scheduleCourseProportion(q));
  const trend = useFigure('scheduleTrend', filter, () => sdk.dashboards.scheduleSchoolTrend(q));
  const courseTrend = useFigure('scheduleCourseTrend', filter, () => sdk.dashboards.scheduleCourseTrend(q));
  const perStudent = useFigure('scheduleStudents', filter, () => sdk.dashboards.scheduleStudentSummary(q));
  const [keyword, setKeyword] = useState('');
  const [pageIdx, setPageIdx] = useState(1);
  const list = useQuery({
    queryKey: ['dashboards', 'scheduleStudentList', filter, keyword, pageIdx],
    queryFn: () =>
      sdk.dashboards.scheduleStudentList({
        query: { ...filter, keyword: keyword || undefined, pageIdx, pageSize: PAGE_SIZE },
      }),
  });
  const [student, setStudent] = useState<number | null>(null);
  const history = useQuery({
    queryKey: ['dashboards', 'scheduleHistory', filter, student],
    queryFn: () => sdk.dashboards.scheduleStudentHistory({ query: { ...filter, studentId: student ?? 0 } }),
    enabled: student !== null,
  });
  const s = summary.data;
  const hours = (v: number) => v.toFixed(2);
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/class" filter={filter} set={set} period={s?.period} />
      <FigureCards
        loading={summary.isLoading}
        drill={drill}
        grid="md:grid-cols-3 xl:grid-cols-6"
        cards={
          s && [
            {
              key: 'lessons',
              label: t('ds.ov.lessons'),
              value: s.lessons,
              drill: 'lessons',
            },
            { key: 'given', label: t('ds.ov.givenLessons'), value: s.givenLessons },
            { key: 'confirmed', label: t('ds.sc.confirmedLessons'), value: s.confirmedLessons },
            { key: 'scheduled', label: t('ds.scheduledHours'), value: hours(s.scheduledHours) },
            { key: 'consumed', label: t('ds.sc.consumedHours'), value: hours(s.consumedHours) },
            { key: 'students', label: t('ds.sc.students'), value: s.students },
          ]
        }
      />
      <DrillPanel filter={filter} drill={drill} figureName={figureName} />
      <FigureTable
        title={t('ds.sc.byKind')}
        rows={kinds.data?.rows.map((r) => ({ ...r, key: r.kind, name: t(`ds.sc.kind.${kindKey(r.kind)}`) }))}
        columns={[
          { key: 'lessons', label: t('ds.ov.lessons'), value: (r) => r.lessons },
          { key: 'given', label: t('ds.ov.givenLessons'), value: (r) => r.givenLessons },
          { key: 'confirmed', label: t('ds.sc.confirmedLessons'), value: (r) => r.confirmedLessons },
          { key: 'scheduled', label: t('ds.scheduledHours'), value: (r) => hours(r.scheduledHours) },
          { key: 'consumed', label: t('ds.sc.consumedHours'), value: (r) => hours(r.consumedHours) },
          { key: 'students', label: t('ds.sc.students'), value: (r) => r.students },
        ]}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Lines title={t('ds.sc.trend')} data={trend.data} money={false} />
        <Bars title={t('ds.sc.byCampus')} data={campuses.data} />
        <Proportion title={t('ds.sc.byCourse')} data={courses.data} />
        <Lines title={t('ds.sc.courseTrend')} data={courseTrend.data} money={false} />
      </div>
      <section className="rounded-lg border border-line bg-surface shadow-card">
        <header className="flex flex-wrap items-end justify-between gap-3 border-b border-line px-4 py-2">
          <h2 className="text-sm font-semibold text-ink">{t('ds.sc.perStudent')}</h2>
          {perStudent.data && (
            <span className="text-xs text-subtle">
              {t('ds.sc.students')} {perStudent.data.students} · {t('ds.sc.attended')}{' '}
              {perStudent.data.attended} · {t('ds.sc.hoursPerStudent')}{' '}
              {hours(perStudent.data.hoursPerStudent)}
            </span>
          )}
          <TextField
            size="sm"
            label={t('ds.sc.keyword')}
            value={keyword}
            onChange={(e) => {
              setKeyword(e.target.value.trim());
              setPageIdx(1);
            }}
          />
        </header>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('ds.sc.perStudent')}>
            <thead className="bg-hover text-left">
              <tr>
                <th className="px-3 py-2">{t('ds.student')}</th>
                <th className="px-3 py-2">{t('ds.campus')}</th>
                <th className="px-3 py-2 text-right">{t('ds.ov.lessons')}</th>
                <th className="px-3 py-2 text-right">{t('ds.sc.arrivals')}</th>
                <th className="px-3 py-2 text-right">{t('ds.sc.leaves')}</th>
                <th className="px-3 py-2 text-right">{t('ds.sc.absences')}</th>
                <th className="px-3 py-2 text-right">{t('ds.scheduledHours')}</th>
                <th className="px-3 py-2 text-right">{t('ds.sc.consumedHours')}</th>
              </tr>
            </thead>
            <tbody>
              {(list.data?.list ?? []).map((r) => (
                <tr key={r.studentId} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Button variant="ghost" size="sm" onClick={() => setStudent(r.studentId)}>
                      {r.studentName} <span className="text-xs text-subtle">{r.studentCode}</span>
                    </Button>
                  </td>
                  <td className="px-3 py-2">{r.schoolItemName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.lessons}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.arrivals}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.leaves}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.absences}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{hours(r.scheduledHours)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{hours(r.consumedHours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {list.data && list.data.total > PAGE_SIZE && (
          <div className="px-4 py-2">
            <Pagination
              pageIdx={pageIdx}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onChange={setPageIdx}
            />
          </div>
        )}
      </section>
      <Dialog
        open={student !== null}
        onClose={() => setStudent(null)}
        title={history.data ? `${history.data.student.name} · ${t('ds.sc.history')}` : t('ds.sc.history')}
        closeLabel={t('ds.close')}
        size="xl"
      >
        {history.isLoading && <Spinner label={t('ds.loading')} />}
        <table className="w-full text-sm" aria-label={t('ds.sc.history')}>
          <thead className="bg-hover text-left">
            <tr>
              <th className="px-3 py-2">{t('ds.date')}</th>
              <th className="px-3 py-2">{t('ds.sc.time')}</th>
              <th className="px-3 py-2">{t('ds.course')}</th>
              <th className="px-3 py-2">{t('ds.sc.teacher')}</th>
              <th className="px-3 py-2">{t('ds.sc.sign')}</th>
              <th className="px-3 py-2 text-right">{t('ds.hours')}</th>
            </tr>
          </thead>
          <tbody>
            {(history.data?.rows ?? []).map((r) => (
              <tr key={r.lessonId} className="border-t border-line">
                <td className="px-3 py-2 tabular-nums">{r.date}</td>
                <td className="px-3 py-2 tabular-nums">
                  {clock(r.startMinute)}–{clock(r.endMinute)}
                </td>
                <td className="px-3 py-2">{r.courseName}</td>
                <td className="px-3 py-2">{r.teacherName}</td>
                <td className="px-3 py-2">
                  {r.booking === 'released'
                    ? t('ds.sc.released')
                    : r.sign
                      ? t(`ds.sc.sign.${signKey(r.sign)}`)
                      : '—'}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{hours(r.hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Dialog>
    </div>
  );
}

const KINDS = ['oneToOne', 'group', 'trial', 'assessment'] as const;
const kindKey = (k: string) => KINDS.find((x) => x === k) ?? 'oneToOne';
const SIGNS = ['present', 'late', 'leave', 'absent', 'makeup'] as const;
const signKey = (k: string) => SIGNS.find((x) => x === k) ?? 'present';
