// Placing a lesson or a weekly series from the week view: one-to-one, trial and assessment lessons
// for a student who holds hours, group lessons for a class. A refusal names what collides and stays
// in the dialog so the planner changes the time, teacher or room and tries again.
import { LESSON_KINDS } from '@bo/api-sdk';
import { Button, Checkbox, Dialog, Select, TextField, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { CourseSelect, TeacherSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { RoomSelect } from './listParts';
import { WEEKDAY_KEYS } from './weekdays';

type Kind = (typeof LESSON_KINDS)[number];
/** §9 codes in the order a week reads (Monday 2 … Saturday 7, Sunday 1). */
const CODES = [2, 3, 4, 5, 6, 7, 1] as const;

export function ScheduleDialog({
  campus,
  defaultDate,
  onClose,
}: {
  campus: string;
  defaultDate: string;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [kind, setKind] = useState<Kind>('oneToOne');
  const [course, setCourse] = useState('');
  const [teacher, setTeacher] = useState('');
  const [room, setRoom] = useState<number | ''>('');
  const [student, setStudent] = useState<number | ''>('');
  const [classId, setClassId] = useState<number | ''>('');
  const [date, setDate] = useState(defaultDate);
  const [repeat, setRepeat] = useState(false);
  const [until, setUntil] = useState(defaultDate);
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('10:00');
  const [hours, setHours] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const candidates = useQuery({
    queryKey: ['teaching', 'planOrders', campus],
    queryFn: () => sdk.teaching.planOrders({ query: { schoolItemCode: campus } }),
  });
  const classes = useQuery({
    queryKey: ['teaching', 'classes', campus],
    queryFn: () => sdk.teaching.classPage({ query: { schoolItemCode: campus, status: 1, pageSize: 200 } }),
    enabled: kind === 'group',
  });
  const students = (candidates.data ?? []).filter((c) => !course || c.courseCode === course);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await runCommand(qc, () =>
        sdk.teaching.planInsert({
          body: {
            schoolItemCode: campus,
            courseCode: course,
            teacherCode: teacher,
            classroomId: room === '' ? null : room,
            kind,
            classId: kind === 'group' && classId !== '' ? classId : undefined,
            studentIds: kind !== 'group' && student !== '' ? [student] : [],
            lessonDate: repeat ? undefined : date,
            series: repeat ? { fromDate: date, toDate: until, weekdays } : undefined,
            startTime: start,
            endTime: end,
            hours: Number(hours),
          },
        }),
      );
      toast.success(t('teach.scheduled', { n: r.lessonIds.length }));
      if (r.skipped.length) toast.info(t('teach.skipped', { days: r.skipped.map((s) => s.date).join(', ') }));
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      persistent
      size="lg"
      closeLabel={t('teach.close')}
      title={t('teach.scheduleTitle')}
      footer={
        <>
          <Button onClick={onClose}>{t('teach.cancel')}</Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            {t('teach.save')}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3">
        <Select<Kind>
          label={t('teach.kind')}
          value={kind}
          onChange={(v) => setKind(v || 'oneToOne')}
          options={LESSON_KINDS.map((k) => ({ value: k, label: t(`teach.kind.${k}`) }))}
        />
        {kind === 'group' ? (
          <Select<number>
            label={t('teach.class')}
            value={classId}
            onChange={(v) => {
              setClassId(v === '' ? '' : Number(v));
              const c = classes.data?.list.find((x) => x.id === v);
              if (c) {
                setCourse(c.courseCode);
                setTeacher(c.teacherCode);
                if (c.classroomId) setRoom(c.classroomId);
              }
            }}
            placeholder={t('teach.class')}
            options={(classes.data?.list ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} (${c.courseName})`,
            }))}
          />
        ) : (
          <Select<number>
            label={t('teach.student')}
            value={student}
            onChange={(v) => setStudent(v === '' ? '' : Number(v))}
            placeholder={t('teach.pickStudent')}
            options={students.map((s) => ({
              value: s.studentId,
              label: `${s.studentName} · ${s.courseName} (${s.schedulableHours})`,
            }))}
          />
        )}
        <CourseSelect label={t('teach.course')} value={course} onChange={(v) => setCourse(String(v))} />
        <TeacherSelect label={t('teach.teacher')} value={teacher} onChange={(v) => setTeacher(String(v))} />
        <RoomSelect
          campus={campus}
          label={t('teach.room')}
          value={room}
          onChange={(v) => setRoom(v === '' ? '' : Number(v))}
          placeholder={t('teach.noRoom')}
        />
        <TextField
          label={t('teach.hours')}
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          inputMode="decimal"
        />
        <TextField
          label={repeat ? t('teach.from') : t('teach.date')}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
        <div className="flex items-end">
          <Checkbox
            label={t('teach.repeat')}
            checked={repeat}
            onChange={(e) => setRepeat(e.target.checked)}
          />
        </div>
        {repeat && (
          <>
            <TextField
              label={t('teach.to')}
              type="date"
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
            <fieldset className="col-span-2">
              <legend className="text-sm text-ink-2">{t('teach.weekdays')}</legend>
              <div className="flex flex-wrap gap-3">
                {CODES.map((c) => (
                  <Checkbox
                    key={c}
                    label={t(WEEKDAY_KEYS[c - 1] ?? 'teach.wd.0')}
                    checked={weekdays.includes(c)}
                    onChange={(e) =>
                      setWeekdays((w) => (e.target.checked ? [...w, c] : w.filter((x) => x !== c)))
                    }
                  />
                ))}
              </div>
            </fieldset>
          </>
        )}
        <TextField
          label={t('teach.start')}
          type="time"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <TextField label={t('teach.end')} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
