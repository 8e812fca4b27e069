// The parts the teaching list screens share: the campus and period filters (a timetable list
// always reads one campus over a bounded period), the lesson columns, and the call that reads the
// lessons of the filters (nothing until a campus and a period are chosen).
import { ATTENDANCE_STATUSES, type TLessonRow, type TPlanQuery } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { Badge, Select, TextField, type FormField, type ListColumn, type SearchField } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TFunction } from '../../i18n';
import {
  asFormField,
  asSearchField,
  formSelector,
  TeacherSelect,
  type MasterSelectProps,
} from '../../app/masterSelectors';
import { CampusSelect } from '../../app/selectors';
import { sdk } from '../../app/sdk';
import { addDays, mondayOf } from './weekGrid';

/** The campus filter: the user's own campuses (one is chosen by itself when there is only one). */
export const campusField = (t: TFunction): SearchField => ({
  kind: 'custom',
  name: 'schoolItemCode',
  label: t('teach.campus'),
  render: (f) => (
    <CampusSelect type={2} label={f.label} value={f.value} onChange={(v) => f.onChange(String(v))} />
  ),
});

export const periodField = (t: TFunction): SearchField => ({
  kind: 'dateRange',
  name: 'period',
  label: t('teach.period'),
  startName: 'from',
  endName: 'to',
});

const teacherFilter = asSearchField(TeacherSelect);

type FilterProps = Parameters<typeof teacherFilter>[0];

/** The teacher filter that starts on the signed-in teacher (once; the user may pick another or clear it). */
function SelfTeacherFilter({ f }: { f: FilterProps }) {
  const mine = useQuery({ queryKey: ['teaching', 'planMine'], queryFn: () => sdk.teaching.planMine() });
  const self = mine.data?.teacher?.code;
  const filled = useRef(false);
  const { value, onChange } = f;
  useEffect(() => {
    if (filled.current || !self) return;
    filled.current = true;
    if (!value) onChange(self);
  }, [self, value, onChange]);
  return teacherFilter(f);
}

/**
 * The teacher filter; `self`: a screen that needs a teacher (free slots to book) starts on the
 * signed-in user when they teach.
 */
export const teacherField = (t: TFunction, o: { self?: boolean } = {}): SearchField => ({
  kind: 'custom',
  name: 'teacherCode',
  label: t('teach.teacher'),
  render: o.self ? (f) => <SelfTeacherFilter f={f} /> : teacherFilter,
});

/** A single day as a search field (the sign sheet, free slots). */
export const dayField = (t: TFunction, name = 'date', label = t('teach.signDay')): SearchField => ({
  kind: 'custom',
  name,
  label,
  render: (f) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-ink-2">
      {f.label}
      <input
        id={f.id}
        type="date"
        className="h-8 rounded-md border border-line px-2 text-sm text-ink"
        value={f.value}
        onChange={(e) => f.onChange(e.target.value)}
      />
    </label>
  ),
});

const today = () => shanghaiDate(new Date());

/** This week, Monday to Sunday (the default period of timetable lists). */
export function thisWeek(): { from: string; to: string } {
  const from = mondayOf(today());
  return { from, to: addDays(from, 6) };
}

/** This month so far and to its end (the default period of the hour reports). */
export function thisMonth(): { from: string; to: string } {
  const d = today();
  const from = `${d.slice(0, 8)}01`;
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** Lessons of the filters; none (no call) until a campus and both ends of the period are chosen. */
export async function lessonsOf(
  filters: Record<string, string>,
  extra: Partial<TPlanQuery> = {},
): Promise<TLessonRow[]> {
  const { schoolItemCode, from, to } = filters;
  if (!schoolItemCode || !from || !to) return [];
  return sdk.teaching.planList({
    query: {
      schoolItemCode,
      from,
      to,
      teacherCode: filters.teacherCode || undefined,
      ...extra,
    },
  });
}

/** Students of a lesson as one text. */
export const studentNames = (l: TLessonRow) =>
  l.students
    .filter((s) => s.status === 10)
    .map((s) => s.studentName)
    .join('、');

/** Keeps the lessons one of whose students' names holds the text. */
export const byStudentName = (rows: TLessonRow[], name: string | undefined) =>
  name ? rows.filter((l) => l.students.some((s) => s.studentName.includes(name))) : rows;

export function lessonColumns(t: TFunction): ListColumn<TLessonRow>[] {
  return [
    { id: 'lessonDate', header: t('teach.date'), fixed: true, sortable: true },
    { id: 'time', header: t('teach.time'), value: (l) => `${l.startTime}–${l.endTime}` },
    { id: 'courseName', header: t('teach.course') },
    { id: 'teacherName', header: t('teach.teacher') },
    { id: 'classroomName', header: t('teach.room') },
    { id: 'students', header: t('teach.students'), value: (l) => l.className ?? studentNames(l) },
    { id: 'kind', header: t('teach.kind'), value: (l) => t(`teach.kind.${l.kind}`) },
    { id: 'hours', header: t('teach.hours'), align: 'right' },
    {
      id: 'signed',
      header: t('teach.signedOf'),
      value: (l) => {
        const booked = l.students.filter((s) => s.status === 10);
        return `${booked.filter((s) => s.attendance).length}/${booked.length}`;
      },
    },
    {
      id: 'confirmed',
      header: t('teach.confirmState'),
      value: (l) => (l.confirmed ? t('teach.confirmed') : t('teach.unconfirmed')),
      cell: (l) =>
        l.confirmed ? (
          <Badge tone="success">{t('teach.confirmed')}</Badge>
        ) : (
          <Badge tone="neutral">{t('teach.unconfirmed')}</Badge>
        ),
    },
  ];
}

/**
 * The hint shown until the filters a timetable list needs are chosen, naming exactly the search
 * fields the screen has: the campus alone, with the period (日期范围), or with the lesson day (上课日期).
 */
export function needsFilters(fields: 'campus' | 'campusPeriod' | 'campusDay') {
  const key = (
    {
      campus: 'teach.pickCampus',
      campusPeriod: 'teach.pickCampusPeriod',
      campusDay: 'teach.pickCampusDay',
    } as const
  )[fields];
  return function Needs(t: TFunction) {
    return <p className="px-1 pb-2 text-sm text-muted">{t(key)}</p>;
  };
}

/** The valid classrooms of a campus as a select, by id (the cache the timetable screens read too). */
export function RoomSelect(p: MasterSelectProps & { campus: string; label: string }) {
  const rooms = useQuery({
    queryKey: ['teaching', 'rooms', p.campus],
    queryFn: () => sdk.teaching.classroomList({ query: { schoolItemCode: p.campus, validStatus: 1 } }),
    enabled: Boolean(p.campus),
  });
  return (
    <Select<number>
      id={p.id}
      label={p.label}
      error={p.error}
      required={p.required}
      disabled={p.disabled}
      placeholder={p.placeholder}
      wrapperClassName={p.className}
      value={typeof p.value === 'number' ? p.value : ''}
      onChange={(v) => p.onChange(v === '' ? '' : Number(v))}
      options={(rooms.data ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.capacity}）` }))}
    />
  );
}

/** Classrooms (RoomSelect) as a form-kit field: the value is the room's id, none when emptied. */
export const FormRoomSelect = formSelector(RoomSelect, { numeric: true });

/** Classrooms as a field of a list-kit record form: the rooms of the form's campus (`schoolItemCode`), by id. */
export function roomField<N extends string>(name: N, label: string, placeholder: string): FormField<N> {
  return {
    kind: 'custom',
    name,
    label,
    render: asFormField(
      RoomSelect,
      (v) => ({ campus: typeof v.schoolItemCode === 'string' ? v.schoolItemCode : '' }),
      { numeric: true, placeholder },
    ),
  };
}

/** A time of day 'HH:MM' as a field of a record dialog. */
export function timeField<N extends string>(name: N, label: string): FormField<N> {
  return {
    kind: 'custom',
    name,
    label,
    render: (f) => (
      <TextField
        id={f.id}
        label={f.label}
        type="time"
        required={f.required}
        error={f.error}
        value={typeof f.value === 'string' ? f.value : ''}
        onChange={(e) => f.onChange(e.target.value)}
      />
    ),
  };
}

/** Attendance counts by status and the hours consumed (the statistics rows). */
export function statColumns<
  R extends {
    present: number;
    late: number;
    leave: number;
    absent: number;
    makeup: number;
    consumedHours: number;
  },
>(t: TFunction): ListColumn<R>[] {
  return [
    ...ATTENDANCE_STATUSES.map((s): ListColumn<R> => ({
      id: s,
      header: t(`teach.status.${s}`),
      align: 'right',
      value: (r) => r[s],
    })),
    { id: 'consumedHours', header: t('teach.consumedHours'), align: 'right', value: (r) => r.consumedHours },
  ];
}
