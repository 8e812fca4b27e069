// The campus overview (/dataStatistics/centerData) and the student figures (/dataStatistics/studentsGM):
// each figure one SQL aggregate over one fact source (docs/metrics.md "Overview", "Students"); a
// campus or course table is those aggregates by the dimension, merged by key here.
import { spoken } from '../../http/language.js';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import {
  BALANCES,
  CAMPUS,
  CONSUMERS,
  COURSE,
  factTable,
  factTableAndTotal,
  factTotals,
  factTrend,
  kindIn,
  LEDGER_DAYS,
  LESSON_DAYS,
  LESSON_SUMS,
  PAYMENTS,
  STUDENTS,
  type Dimension,
  type FactSource,
} from './facts.js';
import type { FigureScope } from './scope.js';

export type Measures = Record<string, ReturnType<typeof sql>>;

/** The ledger's sums, over LEDGER_DAYS (rows up to the period's end). */
export const ledgerMeasures = (s: FigureScope) => {
  const p = LEDGER_DAYS.inPeriod(s);
  return {
    revenueCents: sql`coalesce(-sum(l.v) filter (where ${p} and l.k = 'consume'), 0)`,
    refundedCents: sql`coalesce(-sum(l.v) filter (where ${p} and l.k = 'refund'), 0)`,
    closingCents: sql`coalesce(sum(l.v), 0)`,
    consumedHours: sql`coalesce(-sum(l.h) filter (where ${p} and l.k = 'consume'), 0)`,
  };
};
/**
 * The students who consumed hours in the period: over the monthly presence (CONSUMERS: whole months
 * maintained, the ends from the movements), in all or by campus or course.
 */
const ACTIVE: Part = {
  src: CONSUMERS,
  measures: { activeStudents: sql`count(distinct l.student_id)` },
  where: kindIn(['consume']),
};
const PAYMENT_MEASURES = { receivedCents: sql`coalesce(sum(l.v), 0)` };
const STUDENT_MEASURES = { newStudents: sql`count(*)` };
const readingMeasures = (s: FigureScope) => ({
  readingStudents: sql`count(*) filter (where l.status = 10)`,
  newStudents: sql`count(*) filter (where ${STUDENTS.inPeriod(s)})`,
});
const BOOKING_MEASURES = {
  lessons: LESSON_SUMS.lessons,
  givenLessons: LESSON_SUMS.givenLessons,
  scheduledHours: LESSON_SUMS.scheduledHours,
};
const BALANCE_MEASURES = {
  holdingStudents: sql`count(distinct l.student_id) filter (where l.close_v > 0)`,
  leftStudents: sql`count(distinct l.student_id) filter (where l.open_v > 0 and l.close_v <= 0)`,
};

export interface Part {
  src: FactSource;
  measures: Measures;
  rows?: 'period' | 'toEnd';
  /** Which rows count (default all). */
  where?: ReturnType<typeof sql>;
}

/** Rows of the parts' tables merged by key, one row per key that any part has, in key order. */
function merge(
  parts: Part[],
  tables: Array<Array<{ key: string; name: string; detail?: string } & Record<string, number>>>,
) {
  const out = new Map<string, Record<string, number | string>>();
  const zero = Object.fromEntries(parts.flatMap((p) => Object.keys(p.measures)).map((k) => [k, 0]));
  for (const t of tables)
    for (const r of t) {
      if (!r.key) continue;
      const e = out.get(r.key) ?? { ...zero, key: r.key, name: r.name };
      out.set(r.key, { ...e, ...r });
    }
  return [...out.values()].sort((a, b) => String(a.key).localeCompare(String(b.key)));
}

/** The parts' figures by a dimension, one row per key that any part has, in key order. */
export async function byKey(deps: AppDeps, s: FigureScope, d: Dimension, parts: Part[]) {
  const tables = await Promise.all(
    parts.map((p) => factTable(deps, s, p.src, d, p.measures, p.where ?? sql`true`, p.rows ?? 'period')),
  );
  return merge(parts, tables);
}

/**
 * byKey and the parts' totals (what `totals` gives), each part's source read once for both: a
 * table with its total row.
 */
export async function byKeyWithTotal(deps: AppDeps, s: FigureScope, d: Dimension, parts: Part[]) {
  const tables = await Promise.all(
    parts.map((p) =>
      factTableAndTotal(deps, s, p.src, d, p.measures, p.where ?? sql`true`, p.rows ?? 'period'),
    ),
  );
  return {
    rows: merge(
      parts,
      tables.map((t) => t.rows),
    ),
    total: Object.assign({}, ...tables.map((t) => t.total)) as Record<string, number>,
  };
}

export async function totals(deps: AppDeps, s: FigureScope, parts: Part[]) {
  const all = await Promise.all(
    parts.map((p) => factTotals(deps, s, p.src, p.measures, p.where ?? sql`true`, p.rows ?? 'period')),
  );
  return Object.assign({}, ...all) as Record<string, number>;
}

export const num = (r: Record<string, number | string>, k: string) => Number(r[k] ?? 0);

const overviewParts = (s: FigureScope): Part[] => [
  { src: LEDGER_DAYS, measures: ledgerMeasures(s), rows: 'toEnd' },
  ACTIVE,
  { src: PAYMENTS, measures: PAYMENT_MEASURES },
  { src: STUDENTS, measures: STUDENT_MEASURES },
  {
    src: LESSON_DAYS,
    measures: { lessons: BOOKING_MEASURES.lessons, givenLessons: BOOKING_MEASURES.givenLessons },
  },
];
const overviewFigures = (r: Record<string, number | string>) => ({
  receivedCents: num(r, 'receivedCents'),
  revenueCents: num(r, 'revenueCents'),
  refundedCents: num(r, 'refundedCents'),
  closingCents: num(r, 'closingCents'),
  consumedHours: num(r, 'consumedHours'),
  newStudents: num(r, 'newStudents'),
  activeStudents: num(r, 'activeStudents'),
  lessons: num(r, 'lessons'),
  givenLessons: num(r, 'givenLessons'),
});

export async function summary(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...overviewFigures(await totals(deps, s, overviewParts(s))) };
}

export async function campusTable(deps: AppDeps, s: FigureScope) {
  const { rows, total } = await byKeyWithTotal(deps, s, CAMPUS, overviewParts(s));
  return {
    period: s.period,
    rows: rows.map((r) => ({
      schoolItemCode: String(r.key),
      schoolItemName: String(r.name),
      ...overviewFigures(r),
    })),
    total: { schoolItemCode: '', schoolItemName: spoken('合计 / Total'), ...overviewFigures(total) },
  };
}

export async function courseTable(deps: AppDeps, s: FigureScope) {
  const l = ledgerMeasures(s);
  const rows = await byKey(deps, s, COURSE, [
    { src: LEDGER_DAYS, measures: { revenueCents: l.revenueCents, consumedHours: l.consumedHours } },
    ACTIVE,
    {
      src: LESSON_DAYS,
      measures: { scheduledHours: BOOKING_MEASURES.scheduledHours, lessons: BOOKING_MEASURES.lessons },
    },
  ]);
  return {
    period: s.period,
    rows: rows
      .map((r) => ({
        courseCode: String(r.key),
        courseName: String(r.name),
        revenueCents: num(r, 'revenueCents'),
        consumedHours: num(r, 'consumedHours'),
        activeStudents: num(r, 'activeStudents'),
        scheduledHours: num(r, 'scheduledHours'),
        lessons: num(r, 'lessons'),
      }))
      .sort((a, b) => b.revenueCents - a.revenueCents || a.courseCode.localeCompare(b.courseCode)),
  };
}

const studentParts = (s: FigureScope): Part[] => [
  { src: STUDENTS, measures: readingMeasures(s), rows: 'toEnd' },
  ACTIVE,
  { src: BALANCES, measures: BALANCE_MEASURES },
];
const studentFigures = (r: Record<string, number | string>) => ({
  newStudents: num(r, 'newStudents'),
  activeStudents: num(r, 'activeStudents'),
  holdingStudents: num(r, 'holdingStudents'),
  leftStudents: num(r, 'leftStudents'),
  readingStudents: num(r, 'readingStudents'),
});

export async function studentSummary(deps: AppDeps, s: FigureScope) {
  return { period: s.period, ...studentFigures(await totals(deps, s, studentParts(s))) };
}

export async function studentCampusTable(deps: AppDeps, s: FigureScope) {
  const { rows, total } = await byKeyWithTotal(deps, s, CAMPUS, studentParts(s));
  return {
    period: s.period,
    rows: rows.map((r) => ({
      schoolItemCode: String(r.key),
      schoolItemName: String(r.name),
      ...studentFigures(r),
    })),
    total: { schoolItemCode: '', schoolItemName: spoken('合计 / Total'), ...studentFigures(total) },
  };
}

const STATUS_NAMES: Record<number, string> = { 10: '在读', 20: '休学', 30: '结课' };

export async function studentStatuses(deps: AppDeps, s: FigureScope) {
  const rows = await factTable(
    deps,
    s,
    STUDENTS,
    { key: sql`l.status`, join: sql`` },
    { students: sql`count(*)` },
    sql`true`,
    'toEnd',
  );
  return {
    period: s.period,
    rows: rows
      .map((r) => ({
        status: Number(r.key),
        name: STATUS_NAMES[Number(r.key)] ?? r.key,
        students: r.students,
      }))
      .sort((a, b) => a.status - b.status),
  };
}

/** Students who consumed hours in each month: the total and the five campuses with the most. */
export const studentTrend = (deps: AppDeps, s: FigureScope) =>
  factTrend(deps, s, CONSUMERS, CAMPUS, sql`count(distinct l.student_id)`, kindIn(['consume']));
