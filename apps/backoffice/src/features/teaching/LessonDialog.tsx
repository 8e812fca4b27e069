// One lesson opened from the week view: its students with their attendance (sign or cancel a
// sign; signing consumes the lesson's hours), the teacher's confirmation (locks the lesson),
// cancelling a lesson nobody has signed, and a group lesson's class's assessment tasks.
import { ATTENDANCE_STATUSES, type TLessonRow } from '@bo/api-sdk';
import { Badge, Button, Dialog, Select, useConfirm } from '@bo/ui-kit';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { runCommand } from '../../app/invalidation';
import { useCanOpen, useHolds } from '../../app/permissions';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClassTasks } from './AssessTasksDialog';

type Status = (typeof ATTENDANCE_STATUSES)[number];

export function LessonDialog({ lesson, onClose }: { lesson: TLessonRow | null; onClose: () => void }) {
  const t = useT();
  const ask = useConfirm();
  const qc = useQueryClient();
  const [picked, setPicked] = useState<Record<number, Status | ''>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Teachers and academic staff open the child's case file for its 个训计划 (the plan privileges).
  const canOpenStudent = useCanOpen('/students/studentDetail');
  // A group lesson shows its class's assessment tasks to whoever records them (a teacher: their own).
  const recorder = useHolds('plans.record');
  const planner = useHolds('/education/teamCourse');
  const assessor = useHolds('/education/adminAssessment');
  const canAssess = recorder || planner || assessor;
  // Each student's hours left of the lesson's course: what a sign takes them from.
  const remain = useQueries({
    queries: (lesson?.students ?? []).map((s) => ({
      queryKey: ['teaching', 'remainHours', s.studentId],
      queryFn: () => sdk.teaching.remainHours({ query: { studentId: s.studentId } }),
    })),
  });
  if (!lesson) return null;
  const left = (i: number) =>
    remain[i]?.data?.find((r) => r.courseCode === lesson.courseCode)?.remainingHours;

  /** Runs a command of the lesson (its SDK call made at once), refreshes what it changed, then `after`. */
  const run = async (f: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, f);
      after?.();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const unsigned = lesson.students.filter((s) => !s.attendance);
  const toSign = unsigned.flatMap((s) => {
    const status = picked[s.studentId];
    return status ? [{ studentId: s.studentId, status }] : [];
  });

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      closeLabel={t('teach.close')}
      title={`${lesson.courseName} · ${lesson.lessonDate} ${lesson.startTime}–${lesson.endTime}`}
      description={`${lesson.teacherName}${lesson.classroomName ? ` · ${lesson.classroomName}` : ''} · ${t(
        `teach.kind.${lesson.kind}`,
      )} · ${t('teach.hours')} ${lesson.hours}`}
      footer={
        <>
          {!lesson.confirmed && !lesson.students.some((s) => s.attendance) && (
            <Button
              variant="danger"
              disabled={busy}
              onClick={() =>
                void ask({
                  title: t('teach.cancelLesson'),
                  message: t('teach.cancelLessonConfirm'),
                  danger: true,
                }).then(async (yes) => {
                  if (yes)
                    await run(
                      () => sdk.teaching.planCancel({ body: { id: lesson.id, version: lesson.version } }),
                      onClose,
                    );
                })
              }
            >
              {t('teach.cancelLesson')}
            </Button>
          )}
          {!lesson.confirmed && (
            <Button
              disabled={busy}
              // Confirming locks the lesson (no more moves or attendance changes): asked, as everywhere.
              onClick={() =>
                void ask({ title: t('teach.confirm'), message: t('teach.confirmAsk') }).then(async (yes) => {
                  if (yes) await run(() => sdk.teaching.planConfirm({ body: { ids: [lesson.id] } }));
                })
              }
            >
              {t('teach.confirm')}
            </Button>
          )}
          {!lesson.confirmed && unsigned.length > 0 && (
            <Button
              variant="primary"
              disabled={busy || !toSign.length}
              onClick={() =>
                void run(
                  () => sdk.teaching.sign({ body: { lessonId: lesson.id, items: toSign } }),
                  () => setPicked({}),
                )
              }
            >
              {t('teach.sign')}
            </Button>
          )}
        </>
      }
    >
      {lesson.confirmed && <Badge tone="success">{t('teach.confirmed')}</Badge>}
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th className="py-1">{t('teach.student')}</th>
            <th className="py-1">{t('teach.attendance')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lesson.students.map((s, i) => (
            <tr key={s.lessonStudentId} className="border-t border-line">
              <td className="py-1">
                {s.studentName} <span className="text-muted">{s.studentCode}</span>
                {canOpenStudent && (
                  <Link
                    className="ml-2 text-xs text-brand-600 hover:underline"
                    to={`/students/studentDetail?code=${encodeURIComponent(s.studentCode)}&tab=plan`}
                    aria-label={`${t('teach.openPlan')} ${s.studentName}`}
                    onClick={onClose}
                  >
                    {t('teach.openPlan')}
                  </Link>
                )}
                {left(i) !== undefined && (
                  <span className="ml-2 text-xs text-muted">
                    {t('teach.remainingOf', { h: left(i) ?? 0 })}
                  </span>
                )}
              </td>
              <td className="py-1">
                {s.attendance ? (
                  <>
                    <Badge tone={s.attendance === 'leave' ? 'warning' : 'success'}>
                      {t(`teach.status.${s.attendance}`)}
                    </Badge>{' '}
                    <span className="text-xs text-muted">{t('teach.consumed', { h: s.consumedHours })}</span>
                  </>
                ) : (
                  <Select<Status>
                    label={`${t('teach.attendance')} ${s.studentName}`}
                    size="sm"
                    value={picked[s.studentId] ?? ''}
                    onChange={(v) => setPicked((p) => ({ ...p, [s.studentId]: v }))}
                    placeholder={t('teach.notSigned')}
                    options={ATTENDANCE_STATUSES.map((v) => ({ value: v, label: t(`teach.status.${v}`) }))}
                  />
                )}
              </td>
              <td className="py-1 text-right">
                {s.attendanceId !== null && !lesson.confirmed && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy}
                    onClick={() =>
                      void run(() => sdk.teaching.signCancel({ body: { attendanceId: s.attendanceId ?? 0 } }))
                    }
                  >
                    {t('teach.cancelSign')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger-600">
          {error}
        </p>
      )}
      {canAssess && lesson.classId !== null && (
        <section className="mt-4 border-t border-line pt-3" aria-label={t('teach.tasks')}>
          <ClassTasks
            quiet
            canCreate={false}
            cls={{
              id: lesson.classId,
              name: lesson.className ?? '',
              schoolItemCode: lesson.schoolItemCode,
              teacherCode: lesson.teacherCode,
              courseName: lesson.courseName,
              teacherName: lesson.teacherName,
            }}
          />
        </section>
      )}
    </Dialog>
  );
}
