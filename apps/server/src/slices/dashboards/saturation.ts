// Saturation (/saturation/*, screen /dataStatistics/saturationRate): the clock hours teachers and
// classrooms are booked against the hours their campus is open (docs/metrics.md "Saturation"), by
// teacher, room, subject, skill level, campus and region — each one aggregate of facts.ts.
import { spoken } from '../../http/language.js';
import { sql, type SQL } from 'drizzle-orm';
import type { TLoadRow } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import {
  CAMPUS,
  LOAD,
  MONTH,
  REGION,
  ROOM,
  ROOM_LOAD,
  SKILL_LEVEL,
  TEACHER_AT,
  TEACHER_LOAD,
  factTable,
  factTableAndTotal,
  factTotalsOf,
  rowsOf,
  n,
  type Dimension,
  type FactSource,
} from './facts.js';
import { inCampuses, type FigureScope } from './scope.js';

type Measured = { key: string; name: string; detail?: string } & Record<keyof typeof LOAD, number>;

const loadOf = (r: { availableHours: number; bookedHours: number; rate: number }) => ({
  availableHours: r.availableHours,
  bookedHours: r.bookedHours,
  rate: r.rate,
});
const row = (r: Measured): TLoadRow => ({
  key: r.key,
  name: r.name,
  schoolItemName: r.detail ?? '',
  lessons: r.lessons,
  ...loadOf(r),
});

const by = async (deps: AppDeps, s: FigureScope, src: FactSource, d: Dimension, where?: SQL) =>
  (await factTable(deps, s, src, d, LOAD, where)).map(row);

/** The rows and the total in one statement. */
async function table(deps: AppDeps, s: FigureScope, src: FactSource, d: Dimension, where?: SQL) {
  const { rows, total: t } = await factTableAndTotal(deps, s, src, d, LOAD, where);
  const total: TLoadRow = {
    key: '',
    name: spoken('合计 / Total'),
    schoolItemName: '',
    lessons: t.lessons,
    ...loadOf(t),
  };
  return { period: s.period, rows: rows.map(row), total };
}

export async function summary(deps: AppDeps, s: FigureScope) {
  // The load and the head count of each source, both in one statement.
  const { teacher, room } = await factTotalsOf(deps, s, {
    teacher: { src: TEACHER_LOAD, measures: { ...LOAD, heads: sql`count(distinct l.teacher_code)` } },
    room: { src: ROOM_LOAD, measures: { ...LOAD, heads: sql`count(distinct l.room_id)` } },
  });
  return {
    period: s.period,
    teachers: teacher.heads,
    teacher: loadOf(teacher),
    rooms: room.heads,
    room: loadOf(room),
    lessons: teacher.lessons,
  };
}

export async function topTeachers(deps: AppDeps, s: FigureScope) {
  return { period: s.period, rows: (await by(deps, s, TEACHER_LOAD, TEACHER_AT)).slice(0, 10) };
}
export async function topRooms(deps: AppDeps, s: FigureScope) {
  return { period: s.period, rows: (await by(deps, s, ROOM_LOAD, ROOM)).slice(0, 10) };
}
export const rooms = (deps: AppDeps, s: FigureScope) => table(deps, s, ROOM_LOAD, ROOM);
export const areaTeachers = (deps: AppDeps, s: FigureScope) => table(deps, s, TEACHER_LOAD, REGION);
export const areaRooms = (deps: AppDeps, s: FigureScope) => table(deps, s, ROOM_LOAD, REGION);
export const teachers = (deps: AppDeps, s: FigureScope) => table(deps, s, TEACHER_LOAD, TEACHER_AT);

/** Teachers' load per skill level, of the teachers of one subject (or of all). */
export function levelsBySubject(deps: AppDeps, s: FigureScope, subjectId?: number) {
  const where = subjectId
    ? sql`exists (select 1 from employee_subjects es2 where es2.employee_code = l.teacher_code and es2.subject_id = ${subjectId})`
    : undefined;
  return table(deps, s, TEACHER_LOAD, SKILL_LEVEL, where);
}

/** Subjects the scope's employed teachers teach, with how many teach each, by the subjects' order. */
export async function subjects(deps: AppDeps, s: FigureScope) {
  const rows = await rowsOf<{ id: number; name: string; teachers: string }>(
    deps,
    sql`select sj.id, sj.name, count(distinct e.code)::text as teachers
      from subjects sj
      join employee_subjects es on es.subject_id = sj.id
      join employees e on e.code = es.employee_code and e.status = 1
      join posts p on p.code = e.post_code and p.post_role = 'teacher'
      where sj.status = 1 and ${inCampuses(sql`e.school_item_code`, s)}
      group by sj.id, sj.name, sj.sort order by sj.sort, sj.id`,
  );
  return { rows: rows.map((r) => ({ id: Number(r.id), name: r.name, teachers: n(r.teachers) })) };
}

const BANDS = [
  { key: 'low', name: '偏低（<50%） / Low (<50%)', below: 50 },
  { key: 'normal', name: '正常（50–80%） / Normal (50–80%)', below: 80 },
  { key: 'high', name: '饱和（80–100%） / High (80–100%)', below: 100 },
  { key: 'full', name: '超负荷（≥100%） / Full (≥100%)', below: Infinity },
] as const;
export const bandOf = (rate: number) => BANDS.find((b) => rate < b.below)?.key ?? 'full';

/** Rooms counted by the band of their rate. */
export async function roomBands(deps: AppDeps, s: FigureScope) {
  const rows = await by(deps, s, ROOM_LOAD, ROOM);
  return {
    period: s.period,
    rows: BANDS.map((b) => ({
      key: b.key,
      name: spoken(b.name),
      count: rows.filter((r) => bandOf(r.rate) === b.key).length,
    })),
  };
}

/** Per campus: its teachers' and rooms' load and heads, and the total. */
export async function campuses(deps: AppDeps, s: FigureScope) {
  const heads = (col: string) => ({ ...LOAD, heads: sql`count(distinct l.${sql.identifier(col)})` });
  const [{ rows: t, total: tt }, { rows: r, total: rt }] = await Promise.all([
    factTableAndTotal(deps, s, TEACHER_LOAD, CAMPUS, heads('teacher_code')),
    factTableAndTotal(deps, s, ROOM_LOAD, CAMPUS, heads('room_id')),
  ]);
  const zero = { availableHours: 0, bookedHours: 0, rate: 0 };
  const names = new Map([...t, ...r].map((x) => [x.key, x.name]));
  const rows = [...names.entries()]
    .map(([key, name]) => {
      const a = t.find((x) => x.key === key);
      const b = r.find((x) => x.key === key);
      return {
        key,
        name,
        teachers: a?.heads ?? 0,
        teacher: a ? loadOf(a) : zero,
        rooms: b?.heads ?? 0,
        room: b ? loadOf(b) : zero,
      };
    })
    .sort((x, y) => y.teacher.rate - x.teacher.rate || x.key.localeCompare(y.key));
  return {
    period: s.period,
    rows,
    total: {
      key: '',
      name: spoken('合计 / Total'),
      teachers: tt.heads,
      teacher: loadOf(tt),
      rooms: rt.heads,
      room: loadOf(rt),
    },
  };
}

/** Teachers' and rooms' rate, and teachers' booked and available hours, in each month of the period. */
export async function monthlyTrend(deps: AppDeps, s: FigureScope) {
  const [t, r] = await Promise.all([
    factTable(deps, s, TEACHER_LOAD, MONTH(TEACHER_LOAD), LOAD),
    factTable(deps, s, ROOM_LOAD, MONTH(ROOM_LOAD), LOAD),
  ]);
  const at = (rows: Measured[], k: keyof typeof LOAD) =>
    s.months.map((m) => rows.find((x) => x.key === m)?.[k] ?? 0);
  return {
    months: s.months,
    series: [
      { key: 'teacher', name: spoken('教师饱和度 % / Teachers %'), values: at(t, 'rate') },
      { key: 'room', name: spoken('教室饱和度 % / Rooms %'), values: at(r, 'rate') },
      {
        key: 'teacherBooked',
        name: spoken('教师排课小时 / Teachers booked h'),
        values: at(t, 'bookedHours'),
      },
      {
        key: 'teacherAvailable',
        name: spoken('教师可排小时 / Teachers available h'),
        values: at(t, 'availableHours'),
      },
    ],
  };
}
