// The one scheduling form (docs/teaching.md "The scheduling form"), opened from the timetable's
// 新建排课, 一对一排课, 集体课排课 and 预约课程, prefilled from where it was opened (student, teacher,
// class, day and time). A student's lesson offers only that student's bookable courses (hours left
// or a study authorisation) and, for the chosen course, only the campus's teachers authorised for
// it; a teacher sees first what they may book and is preselected. "Preview conflicts" shows every
// day the lessons take with what collides there; scheduling then takes all of it or nothing.
import type { TLessonInsert, TPlanOrderRow } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import {
  Button,
  FormCheckGroup,
  FormDate,
  FormDialog,
  FormNumber,
  FormSelect,
  FormTime,
  useToast,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useCommandForm } from '../../app/form';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ConflictPreviewTable } from './ConflictPreview';
import { FormRoomSelect } from './listParts';
import { LessonForm, WEEK_CODES, lessonBody, type TLessonForm } from './seriesForm';
import { WEEKDAY_KEYS } from './weekdays';
import { weekdayCodeOf } from './weekGrid';

type Kind = TLessonInsert['kind'];
type Preview = Awaited<ReturnType<typeof sdk.teaching.planInsertPreview>>;

/** What the entry point knows: the form starts from it. */
export interface SchedulePrefill {
  kind?: Kind;
  studentId?: number;
  courseCode?: string;
  teacherCode?: string;
  classId?: number;
  date?: string;
  startTime?: string;
  endTime?: string;
}

const ALL_KINDS: readonly Kind[] = ['oneToOne', 'group', 'trial', 'assessment'];
const NO_PREFILL: SchedulePrefill = {};

/** A student's course is bookable by a lesson of the kind: hours left to book, or authorised (trial and assessment take none). */
const bookable = (r: TPlanOrderRow, kind: Kind) =>
  kind === 'trial' || kind === 'assessment' || r.schedulableHours > 0 || r.authorised;

export function ScheduleDialog({
  campus,
  kinds = ALL_KINDS,
  prefill = NO_PREFILL,
  onClose,
}: {
  campus: string;
  /** The lesson kinds this entry point books (narrowed to what the caller may book). */
  kinds?: readonly Kind[];
  prefill?: SchedulePrefill;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const mine = useQuery({ queryKey: ['teaching', 'planMine'], queryFn: () => sdk.teaching.planMine() });
  const allowed = useMemo(
    () => kinds.filter((k) => !mine.data || mine.data.kinds.includes(k)),
    [kinds, mine.data],
  );
  const me = mine.data?.teacher ?? null;
  /** A teacher without a planner's screens books only in their own courses. */
  const teacherOnly = Boolean(me && mine.data && !mine.data.kinds.includes('oneToOne'));
  const day = prefill.date ?? shanghaiDate(new Date());
  const form = useCommandForm({
    schema: LessonForm,
    defaultValues: {
      kind: prefill.kind && kinds.includes(prefill.kind) ? prefill.kind : kinds[0],
      studentId: prefill.studentId,
      courseCode: prefill.courseCode ?? '',
      classId: prefill.classId,
      teacherCode: prefill.teacherCode ?? '',
      fromDate: day,
      toDate: day,
      weekdays: [weekdayCodeOf(day)],
      startTime: prefill.startTime ?? '09:00',
      endTime: prefill.endTime ?? '10:00',
      hours: 1,
    },
    onSubmit: (v) => sdk.teaching.planInsert({ body: lessonBody(v, campus) }),
    onDone: (r) => {
      toast.success(t('teach.scheduled', { n: r.lessonIds.length }));
      if (r.skipped.length) toast.info(t('teach.skipped', { days: r.skipped.map((s) => s.date).join(', ') }));
      onClose();
    },
  });
  const { setValue, getValues } = form.rhf;
  const [kind, studentId, courseCode, classId, teacherCode, fromDate, toDate] = form.rhf.watch([
    'kind',
    'studentId',
    'courseCode',
    'classId',
    'teacherCode',
    'fromDate',
    'toDate',
  ]);
  const group = kind === 'group';

  // A kind the caller may not book (a teacher on the timetable) gives way to the first they may.
  const first = allowed[0];
  useEffect(() => {
    if (first && !allowed.includes(getValues('kind'))) setValue('kind', first);
  }, [allowed, first, getValues, setValue]);

  const orders = useQuery({
    queryKey: ['teaching', 'planOrders', campus],
    queryFn: () => sdk.teaching.planOrders({ query: { schoolItemCode: campus } }),
    enabled: !group,
  });
  const mineCourses = useMemo(() => new Set(me?.courses.map((c) => c.code)), [me]);
  const rows = useMemo(
    () =>
      (orders.data ?? []).filter((r) => bookable(r, kind) && (!teacherOnly || mineCourses.has(r.courseCode))),
    [orders.data, kind, teacherOnly, mineCourses],
  );
  const students = [...new Map(rows.map((r) => [r.studentId, r])).values()];
  const courses = rows.filter((r) => r.studentId === studentId);

  const classes = useQuery({
    queryKey: ['teaching', 'classes', campus],
    queryFn: () => sdk.teaching.classPage({ query: { schoolItemCode: campus, status: 1, pageSize: 200 } }),
    enabled: group,
  });
  const cls = classes.data?.list.find((c) => c.id === classId);
  // A class brings its course, teacher and room.
  useEffect(() => {
    if (!group || !cls) return;
    if (getValues('courseCode') !== cls.courseCode) setValue('courseCode', cls.courseCode);
    if (getValues('teacherCode') !== cls.teacherCode) setValue('teacherCode', cls.teacherCode);
    if (cls.classroomId && !getValues('classroomId')) setValue('classroomId', cls.classroomId);
  }, [group, cls, setValue, getValues]);

  // The student's only course is chosen by itself; a course the student cannot book is dropped.
  useEffect(() => {
    if (group || !orders.data || studentId === undefined) return;
    if (courses.some((c) => c.courseCode === courseCode)) return;
    const next = courses.length === 1 ? (courses[0]?.courseCode ?? '') : '';
    if (next !== courseCode) setValue('courseCode', next);
  }, [group, orders.data, studentId, courses, courseCode, setValue]);

  const teachers = useQuery({
    queryKey: ['teaching', 'planTeachers', campus, courseCode],
    queryFn: () =>
      sdk.teaching.planTeachers({ query: { schoolItemCode: campus, courseCode: courseCode ?? '' } }),
    enabled: !group && Boolean(courseCode),
  });
  // Only a teacher authorised for the course stays chosen: the teacher themself first, else the only one.
  useEffect(() => {
    if (group || !teachers.data) return;
    if (teachers.data.some((x) => x.code === teacherCode)) return;
    const self = me && teachers.data.find((x) => x.code === me.code);
    const only = teachers.data.length === 1 ? teachers.data[0] : undefined;
    const next = (self ?? only)?.code ?? '';
    if (next !== teacherCode) setValue('teacherCode', next);
  }, [group, teachers.data, teacherCode, me, setValue]);
  useEffect(() => {
    if (me && !getValues('teacherCode') && !group) setValue('teacherCode', me.code);
  }, [me, group, getValues, setValue]);

  const runPreview = form.rhf.handleSubmit(async (v: TLessonForm) => {
    setPreviewError(null);
    try {
      setPreview(await sdk.teaching.planInsertPreview({ body: lessonBody(v, campus) }));
    } catch (e) {
      setPreview(null);
      setPreviewError(errorText(e));
    }
  });
  const bad = preview?.rows.filter((r) => r.conflicts.length).length ?? 0;
  const studentNothing = !group && orders.isSuccess && studentId !== undefined && !courses.length;
  const nothing = !group && orders.isSuccess && !students.length && !studentNothing;
  const noTeacher = !group && Boolean(courseCode) && teachers.isSuccess && !teachers.data.length;
  const series = toDate > fromDate;

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={
        group
          ? cls
            ? t('teach.groupSeriesTitle', { name: cls.name })
            : t('teach.scheduleTitle')
          : kind === 'oneToOne'
            ? t('teach.seriesTitle')
            : t(`teach.kind.${kind}`)
      }
      size="xl"
      columns={2}
      submitText={t('teach.schedule')}
      submitDisabled={nothing}
    >
      {me && (
        <div role="note" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-ink-2 sm:col-span-2">
          <p>{t('teach.mayBook', { kinds: allowed.map((k) => t(`teach.kind.${k}`)).join('、') })}</p>
          <p>
            {me.courses.length
              ? t('teach.myCourses', { courses: me.courses.map((c) => c.name).join('、') })
              : t('teach.noCourses')}
          </p>
        </div>
      )}
      {allowed.length > 1 && (
        <FormSelect
          form={form}
          name="kind"
          label={t('teach.kind')}
          options={allowed.map((k) => ({ value: k, label: t(`teach.kind.${k}`) }))}
        />
      )}
      {group ? (
        <FormSelect
          form={form}
          name="classId"
          label={t('teach.class')}
          required
          placeholder={t('teach.pickClass')}
          options={(classes.data?.list ?? []).map((c) => ({
            value: c.id,
            label: `${c.name}（${c.courseName} · ${c.teacherName}）`,
          }))}
        />
      ) : (
        <>
          <FormSelect
            form={form}
            name="studentId"
            label={t('teach.student')}
            required
            disabled={nothing || (studentNothing && !students.length)}
            placeholder={t('teach.pickStudent')}
            options={students.map((s) => ({
              value: s.studentId,
              label: `${s.studentName}（${s.studentCode}）`,
            }))}
          />
          <FormSelect
            form={form}
            name="courseCode"
            label={t('teach.course')}
            required
            disabled={studentId === undefined}
            placeholder={t('teach.pickCourse')}
            options={courses.map((c) => ({
              value: c.courseCode,
              label:
                c.schedulableHours > 0 || !c.authorised
                  ? t('teach.courseHours', { name: c.courseName, h: c.schedulableHours })
                  : t('teach.courseAuthorised', { name: c.courseName }),
            }))}
          />
        </>
      )}
      {(nothing || studentNothing || noTeacher) && (
        <p
          role="status"
          className="rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700 sm:col-span-2"
        >
          {nothing
            ? t('teach.noBookable')
            : studentNothing
              ? t('teach.studentNothing')
              : t('teach.noTeacherFor')}
        </p>
      )}
      <FormSelect
        form={form}
        name="teacherCode"
        label={t('teach.teacher')}
        disabled={group || !courseCode}
        placeholder={courseCode ? t('teach.pickTeacher') : t('teach.pickCourseFirst')}
        options={
          group
            ? cls
              ? [{ value: cls.teacherCode, label: `${cls.teacherName}（${cls.teacherCode}）` }]
              : []
            : (teachers.data ?? []).map((x) => ({ value: x.code, label: `${x.name}（${x.code}）` }))
        }
      />
      <FormRoomSelect
        form={form}
        name="classroomId"
        label={t('teach.room')}
        campus={campus}
        placeholder={t('teach.noRoom')}
      />
      <FormDate form={form} name="fromDate" label={series ? t('teach.from') : t('teach.date')} />
      <FormDate form={form} name="toDate" label={t('teach.to')} />
      {series && (
        <FormCheckGroup
          form={form}
          name="weekdays"
          label={t('teach.weekdays')}
          className="sm:col-span-2"
          options={WEEK_CODES.map((c) => ({ value: c, label: t(WEEKDAY_KEYS[c - 1] ?? 'teach.wd.0') }))}
        />
      )}
      <FormTime form={form} name="startTime" label={t('teach.start')} />
      <FormTime form={form} name="endTime" label={t('teach.end')} />
      <FormNumber form={form} name="hours" label={t('teach.hours')} min={0.25} max={8} step={0.25} />
      <div className="flex items-end">
        <Button onClick={() => void runPreview()}>{t('teach.preview')}</Button>
      </div>
      {previewError && (
        <p role="alert" className="text-sm text-danger-600 sm:col-span-2">
          {previewError}
        </p>
      )}
      {preview && (
        <div className="sm:col-span-2">
          <p role="status" className={bad ? 'text-sm text-danger-600' : 'text-sm text-success-700'}>
            {bad
              ? t('teach.previewBad', { n: preview.rows.length, bad })
              : t('teach.previewOk', { n: preview.rows.length })}
            {preview.skipped.length > 0 &&
              ` · ${t('teach.skipped', { days: preview.skipped.map((s) => s.date).join(', ') })}`}
          </p>
          <ConflictPreviewTable
            className="mt-1 max-h-56"
            rows={preview.rows}
            rowKey={(r) => r.date}
            columns={[
              {
                label: t('teach.date'),
                nowrap: true,
                cell: (r) => `${r.date} ${t(WEEKDAY_KEYS[weekdayCodeOf(r.date) - 1] ?? 'teach.wd.0')}`,
              },
            ]}
          />
        </div>
      )}
    </FormDialog>
  );
}
