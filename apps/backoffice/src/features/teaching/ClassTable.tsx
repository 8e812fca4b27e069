// /education/classTable: a campus's week, or one teacher's, room's or student's. A lesson is moved
// by dragging it to another day and time (native drag and drop; the drop goes through /plan/adjust,
// the same endpoint and conflict rules as any adjustment, and a refusal shows its reason in place).
// Opening a lesson shows its students to sign and the teacher's confirmation; "Schedule" places a
// lesson or a weekly series.
import type { TLessonRow } from '@bo/api-sdk';
import { Badge, Button, Card, PageHeader, Select, useToast } from '@bo/ui-kit';
import { shanghaiDate } from '@bo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent, type MouseEvent } from 'react';
import { invalidateAfter, watchCalls } from '../../app/invalidation';
import { CampusSelect } from '../../app/selectors';
import { TeacherSelect } from '../../app/masterSelectors';
import { useHolds } from '../../app/permissions';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { LessonDialog } from './LessonDialog';
import { RoomSelect } from './listParts';
import { ScheduleDialog, type SchedulePrefill } from './ScheduleDialog';
import { WEEKDAY_KEYS } from './weekdays';
import { DAY_END, DAY_START, PX_PER_MIN, dropTime, mondayOf, place, toMinute, weekDays } from './weekGrid';

type ViewBy = 'campus' | 'teacher' | 'room' | 'student';

export default function ClassTable() {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [campus, setCampus] = useState<string>('');
  const [viewBy, setViewBy] = useState<ViewBy>('campus');
  const [teacher, setTeacher] = useState<string>('');
  const [room, setRoom] = useState<number | ''>('');
  const [student, setStudent] = useState<number | ''>('');
  const [monday, setMonday] = useState(() => mondayOf(shanghaiDate(new Date())));
  const [open, setOpen] = useState<number | null>(null);
  // The one scheduling form, with what the timetable knows: the day (and time of a double click), the
  // teacher or student the week is shown for.
  const [scheduling, setScheduling] = useState<SchedulePrefill | null>(null);
  const canBook = [
    useHolds('/education/courseAdjustment'),
    useHolds('/education/teamCourse'),
    useHolds('/education/appointmentClass'),
  ].some(Boolean);
  const [refusal, setRefusal] = useState<string | null>(null);
  const days = weekDays(monday);
  const to = days[6] ?? monday;

  const pupils = useQuery({
    queryKey: ['teaching', 'planOrders', campus],
    queryFn: () => sdk.teaching.planOrders({ query: { schoolItemCode: campus } }),
    enabled: Boolean(campus) && viewBy === 'student',
  });
  const filter = {
    teacherCode: viewBy === 'teacher' && teacher ? teacher : undefined,
    classroomId: viewBy === 'room' && room ? room : undefined,
    studentId: viewBy === 'student' && student ? student : undefined,
  };
  const week = useQuery({
    queryKey: ['teaching', 'week', campus, monday, filter],
    queryFn: () => sdk.teaching.planList({ query: { schoolItemCode: campus, from: monday, to, ...filter } }),
    enabled: Boolean(campus),
  });
  const holidays = useQuery({
    queryKey: ['teaching', 'holidays', campus, monday],
    queryFn: () => sdk.teaching.holidayList({ query: { schoolItemCode: campus, from: monday, to } }),
    enabled: Boolean(campus),
  });
  const move = async (lesson: TLessonRow, day: string, y: number) => {
    const duration = toMinute(lesson.endTime) - toMinute(lesson.startTime);
    const at = dropTime(y, duration);
    if (day === lesson.lessonDate && at.startTime === lesson.startTime) return;
    setRefusal(null);
    const run = watchCalls(() =>
      sdk.teaching.planAdjust({
        body: { id: lesson.id, version: lesson.version, lessonDate: day, ...at },
      }),
    );
    try {
      await run.result;
      toast.success(t('teach.moved'));
    } catch (e) {
      setRefusal(t('teach.refused', { reason: errorText(e) }));
    }
    // Moved or refused (a lesson changed meanwhile), what the move may change is read again.
    await invalidateAfter(qc, run.slices);
  };

  const onDrop = (day: string) => (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const id = Number(e.dataTransfer.getData('text/lesson'));
    const grab = Number(e.dataTransfer.getData('text/grab')) || 0;
    const lesson = week.data?.find((l) => l.id === id);
    if (!lesson) return;
    const box = e.currentTarget.getBoundingClientRect();
    void move(lesson, day, e.clientY - box.top - grab);
  };

  /** What a new lesson starts from: the week's day (today when shown), the teacher or student viewed. */
  const prefill = (at?: { date: string; startTime: string; endTime: string }): SchedulePrefill => {
    const today = shanghaiDate(new Date());
    return {
      date: at?.date ?? (days.includes(today) ? today : monday),
      startTime: at?.startTime,
      endTime: at?.endTime,
      teacherCode: viewBy === 'teacher' && teacher ? teacher : undefined,
      studentId: viewBy === 'student' && student !== '' ? student : undefined,
    };
  };
  /** A double click on a free spot of a day opens the form at that day and hour. */
  const onPlace = (day: string) => (e: MouseEvent<HTMLDivElement>) => {
    if (!canBook || (e.target as HTMLElement).closest('button')) return;
    const at = dropTime(e.clientY - e.currentTarget.getBoundingClientRect().top, 60);
    setScheduling(prefill({ date: day, ...at }));
  };

  const hours = Array.from({ length: (DAY_END - DAY_START) / 60 }, (_, i) => DAY_START / 60 + i);
  const holidayOf = (day: string) =>
    holidays.data?.find((h) => h.kind === 'holiday' && h.startDate <= day && h.endDate >= day);
  const lessons = week.data ?? [];

  return (
    <div className="space-y-3">
      <PageHeader
        title={t('teach.week')}
        description={t('teach.dragHint')}
        actions={
          canBook && (
            <Button variant="primary" disabled={!campus} onClick={() => setScheduling(prefill())}>
              {t('teach.scheduleTitle')}
            </Button>
          )
        }
      />
      <Card>
        <div className="flex flex-wrap items-end gap-3">
          <CampusSelect
            type={2}
            value={campus}
            onChange={(v) => setCampus(String(v))}
            label={t('teach.campus')}
          />
          <Select<ViewBy>
            label={t('teach.viewBy')}
            value={viewBy}
            onChange={(v) => setViewBy(v || 'campus')}
            options={(['campus', 'teacher', 'room', 'student'] as const).map((v) => ({
              value: v,
              label: t(`teach.viewBy.${v}`),
            }))}
          />
          {viewBy === 'teacher' && (
            <TeacherSelect
              label={t('teach.teacher')}
              value={teacher}
              onChange={(v) => setTeacher(String(v))}
              placeholder={t('teach.pickTeacher')}
            />
          )}
          {viewBy === 'room' && (
            <RoomSelect
              campus={campus}
              label={t('teach.room')}
              value={room}
              onChange={(v) => setRoom(v === '' ? '' : Number(v))}
              placeholder={t('teach.pickRoom')}
            />
          )}
          {viewBy === 'student' && (
            <Select<number>
              label={t('teach.student')}
              value={student}
              onChange={(v) => setStudent(v === '' ? '' : Number(v))}
              placeholder={t('teach.pickStudent')}
              options={[
                ...new Map((pupils.data ?? []).map((p) => [p.studentId, p.studentName])).entries(),
              ].map(([value, label]) => ({ value, label }))}
            />
          )}
          <div className="ml-auto flex gap-2">
            <Button onClick={() => setMonday(addWeek(monday, -1))}>{t('teach.prevWeek')}</Button>
            <Button onClick={() => setMonday(mondayOf(shanghaiDate(new Date())))}>
              {t('teach.thisWeek')}
            </Button>
            <Button onClick={() => setMonday(addWeek(monday, 1))}>{t('teach.nextWeek')}</Button>
          </div>
        </div>
      </Card>
      {refusal && (
        <div
          role="alert"
          className="rounded-md border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-700"
        >
          {refusal}
        </div>
      )}
      <Card padded={false}>
        <div
          className="grid overflow-x-auto"
          style={{ gridTemplateColumns: '56px repeat(7, minmax(120px, 1fr))' }}
        >
          <div />
          {days.map((d) => (
            <div
              key={d}
              className="border-b border-line px-2 py-1 text-center text-xs font-medium text-ink-2"
            >
              {d.slice(5)} {t(WEEKDAY_KEYS[new Date(`${d}T00:00:00Z`).getUTCDay()] ?? 'teach.wd.0')}
              {holidayOf(d) && (
                <Badge tone="warning" className="ml-1">
                  {holidayOf(d)?.name}
                </Badge>
              )}
            </div>
          ))}
          <div className="relative" style={{ height: (DAY_END - DAY_START) * PX_PER_MIN }}>
            {hours.map((h) => (
              <div
                key={h}
                className="absolute right-1 text-[11px] text-muted"
                style={{ top: (h * 60 - DAY_START) * PX_PER_MIN - 6 }}
              >
                {String(h).padStart(2, '0')}:00
              </div>
            ))}
          </div>
          {days.map((d) => (
            <div
              key={d}
              role="region"
              aria-label={d}
              data-day={d}
              className={`relative border-l border-line ${holidayOf(d) ? 'bg-warning-50' : ''}`}
              style={{ height: (DAY_END - DAY_START) * PX_PER_MIN }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={onDrop(d)}
              onDoubleClick={onPlace(d)}
            >
              {hours.map((h) => (
                <div
                  key={h}
                  className="absolute inset-x-0 border-t border-line/60"
                  style={{ top: (h * 60 - DAY_START) * PX_PER_MIN }}
                />
              ))}
              {lessons
                .filter((l) => l.lessonDate === d)
                .map((l) => {
                  const p = place(l.startTime, l.endTime);
                  const who = l.className ?? l.students.map((s) => s.studentName).join('、');
                  return (
                    <button
                      key={l.id}
                      type="button"
                      data-record
                      draggable={!l.confirmed}
                      onDragStart={(e) => {
                        e.dataTransfer.setData('text/lesson', String(l.id));
                        e.dataTransfer.setData(
                          'text/grab',
                          String(e.clientY - e.currentTarget.getBoundingClientRect().top),
                        );
                        e.dataTransfer.effectAllowed = 'move';
                      }}
                      onClick={() => setOpen(l.id)}
                      aria-label={`${l.startTime}-${l.endTime} ${l.courseName} ${l.teacherName} ${who}`}
                      className={`absolute inset-x-1 overflow-hidden rounded-sm border px-1 text-left text-[11px] leading-tight ${
                        l.confirmed
                          ? 'border-success-300 bg-success-50'
                          : l.kind === 'group'
                            ? 'border-info-300 bg-info-50'
                            : 'border-brand-300 bg-brand-50'
                      }`}
                      style={{ top: p.top, height: p.height }}
                    >
                      <span className="font-medium">
                        {l.startTime}–{l.endTime}
                      </span>{' '}
                      {l.courseName}
                      <br />
                      {l.teacherName}
                      {l.classroomName ? ` · ${l.classroomName}` : ''}
                      <br />
                      {who}
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
        {campus && week.isSuccess && !lessons.length && (
          <p className="px-3 py-2 text-sm text-muted">{t('teach.empty')}</p>
        )}
      </Card>
      {scheduling && campus && (
        <ScheduleDialog campus={campus} prefill={scheduling} onClose={() => setScheduling(null)} />
      )}
      {open !== null && (
        <LessonDialog lesson={lessons.find((l) => l.id === open) ?? null} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

function addWeek(monday: string, n: number) {
  const d = new Date(`${monday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * n);
  return d.toISOString().slice(0, 10);
}
