// The computation of a period (docs/payroll.md): reads the rules in force, the confirmed lessons'
// paid attendances, the hours imported outside the timetable, approved paid orders and effective
// refunds by their posting date, and campus lead targets; writes one computed line per employee,
// campus and item with the rows that earned it, replacing the previous run's computed lines of the
// same campus and period (manual lines stay), and records the run with what changed.
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { AppEvents, Ports } from '../../deps.js';
import type { EventBus } from '../../shared/eventBus.js';
import {
  attendances,
  clueTargets,
  clues,
  employeeCampuses,
  employees,
  lessons,
  orders,
  posts,
  refundOrders,
  salaryPeriods,
  studentLedger,
  trainingAttendees,
  trainings,
  users,
} from '../../db/schema.js';
import { badInput } from '../../http/errors.js';
import { dayBound, shanghaiDateSql } from '../../shared/days.js';
import {
  salaryCourseSwitch,
  salaryExtraHours,
  salaryLineSources,
  salaryLines,
  salaryRuleRates,
  salaryRules,
  salaryRuns,
} from './tables.js';
import { EMPLOYEE_STATUS } from '@bo/domain';
import { LESSON } from '../teaching/index.js';

export const PAY_ROLES = ['teacher', 'expert', 'supervisor', 'consultant', 'growth', 'leader'] as const;
export type PayRole = (typeof PAY_ROLES)[number];

/** The post role (employees slice) each pay role is computed for. */
const POST_ROLE: Record<PayRole, string> = {
  teacher: 'teacher',
  expert: 'assessor',
  supervisor: 'supervisor',
  consultant: 'consultant',
  growth: 'growth',
  leader: 'leader',
};
const PAY_ROLE_OF_POST = new Map(PAY_ROLES.map((r) => [POST_ROLE[r], r]));

/** Order types (§9): 1 new enrolment earns the consultant, 0 renewal the growth consultant. */
const ORDER_NEW = 1;
const ORDER_RENEWAL = 0;
/** Effective and closed orders were approved and paid in full. */
const PAID_ORDER_STATES = [40, 50];
const REFUND_EFFECTIVE = 20;
const REFUND_SOURCE = 'refundOrder';

export interface PeriodInput {
  year: number;
  month: number;
  /** null: every campus. */
  schoolItemCode: string | null;
}

export interface SourceRow {
  type: 'attendance' | 'extraHours' | 'order' | 'refund' | 'student' | 'training';
  id: number;
  /** Hundredths (hours, cases, yuan of a commission base). */
  q100: number;
  cents: number;
}

export interface LineDraft {
  schoolItemCode: string;
  employeeCode: string;
  role: PayRole;
  item: string;
  q100: number;
  rate: number | null;
  amountCents: number;
  ruleId: number | null;
  sources: SourceRow[];
}

export interface ChangeRow {
  schoolItemCode: string;
  employeeCode: string;
  role: string;
  beforeCents: number;
  afterCents: number;
}

export interface RunResult {
  runId: number;
  computedAt: Date;
  lineCount: number;
  totalCents: number;
  employees: number;
  changes: ChangeRow[];
}

type RuleRow = typeof salaryRules.$inferSelect;
interface Rule extends RuleRow {
  rates: Map<string, number>;
}

const toQ100 = (v: string | number) => Math.round(Number(v) * 100);

/** The hook that limits teacher and expert pay to lessons whose class hours passed confirmation. */
export type ConfirmedHoursFilter = (period: { year: number; month: number }) => SQL | undefined;

/** The hook that refuses changing a campus's (null: any campus's) lines of a period once applied for. */
export type ApplicationLock = (
  tx: DbOrTx,
  p: { year: number; month: number; schoolItemCode: string | null },
) => Promise<void>;

/**
 * What the computation needs of the app's wiring (docs/payroll.md): the confirmed-hours filter
 * (seam 1, deps.ports.confirmedHours) and the bus it announces a computed period on
 * (periodComputed: the employee snapshot).
 */
export interface PayrollWiring {
  ports: Pick<Ports, 'confirmedHours'>;
  events: EventBus<AppEvents>;
}

export async function loadPeriod(tx: DbOrTx, year: number, month: number) {
  const [p] = await tx
    .select()
    .from(salaryPeriods)
    .where(and(eq(salaryPeriods.year, year), eq(salaryPeriods.month, month)));
  if (!p)
    throw badInput(
      'month',
      `薪资期间 ${year}-${month} 不存在，请先在“薪酬设置 › 薪酬周期”中创建 / the salary period ${year}-${month} does not exist; create it under Salary settings › Salary periods first`,
    );
  return p;
}

/** The rules in force for a period: per role and rank, the latest effective one ('' = any rank). */
export async function rulesInForce(tx: DbOrTx, year: number, month: number) {
  const rows = await tx
    .select()
    .from(salaryRules)
    .where(and(eq(salaryRules.validStatus, 1), lte(salaryRules.effectiveFrom, year * 100 + month)));
  const best = new Map<string, RuleRow>();
  for (const r of rows) {
    const k = `${r.role}|${r.skillRankCode}`;
    const had = best.get(k);
    if (!had || had.effectiveFrom < r.effectiveFrom) best.set(k, r);
  }
  const ids = [...best.values()].map((r) => r.id);
  const rates = ids.length
    ? await tx.select().from(salaryRuleRates).where(inArray(salaryRuleRates.ruleId, ids))
    : [];
  const rules = new Map<string, Rule>();
  for (const [k, r] of best) {
    const m = new Map<string, number>();
    for (const x of rates) if (x.ruleId === r.id) m.set(`${x.payType}|${x.attendanceStatus}`, x.hourlyCents);
    rules.set(k, { ...r, rates: m });
  }
  return (role: PayRole, rank: string | null): Rule | undefined =>
    (rank ? rules.get(`${role}|${rank}`) : undefined) ?? rules.get(`${role}|`);
}

/** The hourly rate of a pay type and attendance status: exact, then either side as '*'. */
export function hourlyRate(rule: Rule, payType: string, status: string): number {
  return (
    rule.rates.get(`${payType}|${status}`) ??
    rule.rates.get(`${payType}|*`) ??
    rule.rates.get(`*|${status}`) ??
    rule.rates.get('*|*') ??
    0
  );
}

/** The hourly rate of attended training (pay type `training`, status present or '*'), if the rule pays it. */
export const TRAINING_PAY_TYPE = 'training';
function trainingRate(rule: Rule): number | undefined {
  return rule.rates.get(`${TRAINING_PAY_TYPE}|present`) ?? rule.rates.get(`${TRAINING_PAY_TYPE}|*`);
}

/** Cents of q100 units at a rate in cents (half a cent rounds away from zero). */
const atRate = (q100: number, rate: number) =>
  Math.sign(q100 * rate) * Math.round(Math.abs(q100 * rate) / 100);
/** Cents of a commission in basis points on a base in cents. */
const commission = (cents: number, bp: number) =>
  Math.sign(cents * bp) * Math.round(Math.abs(cents * bp) / 10000);

interface Staff {
  code: string;
  role: PayRole;
  rank: string | null;
  campus: string;
  campuses: string[];
}

async function loadStaff(tx: DbOrTx): Promise<Staff[]> {
  const rows = await tx
    .select({
      code: employees.code,
      postRole: posts.postRole,
      rank: employees.skillRankCode,
      campus: employees.schoolItemCode,
    })
    .from(employees)
    .innerJoin(posts, eq(posts.code, employees.postCode))
    .where(eq(employees.status, EMPLOYEE_STATUS.employed));
  const links = await tx.select().from(employeeCampuses);
  const byEmp = new Map<string, string[]>();
  for (const l of links) byEmp.set(l.employeeCode, [...(byEmp.get(l.employeeCode) ?? []), l.schoolItemCode]);
  const out: Staff[] = [];
  for (const r of rows) {
    const role = PAY_ROLE_OF_POST.get(r.postRole);
    if (!role) continue;
    const campuses = byEmp.get(r.code) ?? [];
    out.push({
      code: r.code,
      role,
      rank: r.rank,
      campus: r.campus,
      campuses: campuses.includes(r.campus) ? campuses : [r.campus, ...campuses],
    });
  }
  return out;
}

/**
 * Paid, uncancelled attendances of confirmed, held lessons on the period's days that a passed
 * class-hour confirmation covers (the hook above; over attendances joined to their lessons): what the
 * computation pays by the hour; the hours behind a period (hours.ts) list the same.
 */
export const paidLessonsOf = (
  confirmedHours: ConfirmedHoursFilter,
  p: { year: number; month: number; startDate: string; endDate: string },
) =>
  and(
    confirmedHours(p),
    eq(attendances.paid, true),
    isNull(attendances.cancelledAt),
    isNotNull(lessons.confirmedAt),
    eq(lessons.status, LESSON.scheduled),
    gte(lessons.lessonDate, p.startDate),
    lte(lessons.lessonDate, p.endDate),
  );

/** Paid attendances of confirmed lessons in the period, with the lesson's hours and pay type. */
async function paidAttendances(
  confirmedHours: ConfirmedHoursFilter,
  tx: DbOrTx,
  p: { year: number; month: number; startDate: string; endDate: string },
) {
  return tx
    .select({
      id: attendances.id,
      studentId: attendances.studentId,
      status: attendances.status,
      campus: lessons.schoolItemCode,
      teacherCode: lessons.teacherCode,
      hours: lessons.hours,
      payType: sql<string>`coalesce(${salaryCourseSwitch.payType}, ${lessons.kind})`,
    })
    .from(attendances)
    .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
    .leftJoin(salaryCourseSwitch, eq(salaryCourseSwitch.courseCode, lessons.courseCode))
    .where(paidLessonsOf(confirmedHours, p))
    .orderBy(attendances.id);
}

/**
 * The approved, paid orders that took effect in the period's days. The days are turned into a
 * half-open range of instants (Shanghai midnights) on `effective_at` itself, so the planner can use
 * `orders_effective_at_idx` (migration 0038); a filter on the column's Shanghai date could not.
 * Returned unawaited so a test can EXPLAIN the very query the computation runs.
 */
export function paidOrdersOfPeriod(tx: DbOrTx, p: { startDate: string; endDate: string }) {
  return tx
    .select({
      id: orders.id,
      campus: orders.schoolItemCode,
      orderType: orders.orderType,
      cents: orders.paidCents,
      employeeCode: users.employeeCode,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.adviserId))
    .where(
      and(
        inArray(orders.status, PAID_ORDER_STATES),
        gte(orders.effectiveAt, dayBound('startDate', p.startDate)),
        lt(orders.effectiveAt, dayBound('endDate', p.endDate, { end: true })),
      ),
    )
    .orderBy(orders.id);
}

/** Effective orders and refunds of the period by posting day, with the employee credited. */
async function incomeRows(tx: DbOrTx, p: { startDate: string; endDate: string }) {
  const paid = await paidOrdersOfPeriod(tx, p);
  // A refund counts on the day its money left the ledger, so a refund after a sealed period lands in
  // the next open one.
  const postedAt = sql`(select min(${studentLedger.postedAt}) from ${studentLedger} where ${studentLedger.sourceType} = ${REFUND_SOURCE} and ${studentLedger.sourceId} = ${refundOrders.id} and ${studentLedger.reversesId} is null)`;
  const refunds = await tx
    .select({
      id: refundOrders.id,
      campus: refundOrders.schoolItemCode,
      orderType: orders.orderType,
      cents: refundOrders.amountCents,
      employeeCode: users.employeeCode,
    })
    .from(refundOrders)
    .innerJoin(orders, eq(orders.id, refundOrders.orderId))
    .leftJoin(users, eq(users.id, orders.adviserId))
    .where(
      and(
        eq(refundOrders.type, 'refund'),
        eq(refundOrders.status, REFUND_EFFECTIVE),
        sql`${shanghaiDateSql(postedAt)} between ${p.startDate} and ${p.endDate}`,
      ),
    )
    .orderBy(refundOrders.id);
  return { paid, refunds };
}

/** Groups rows into lines by key. */
class Lines {
  readonly all: LineDraft[] = [];
  private readonly byKey = new Map<string, LineDraft>();
  line(s: Staff, campus: string, item: string, rule: Rule, rate: number | null): LineDraft {
    const k = `${s.code}|${campus}|${item}`;
    let l = this.byKey.get(k);
    if (!l) {
      l = {
        schoolItemCode: campus,
        employeeCode: s.code,
        role: s.role,
        item,
        q100: 0,
        rate,
        amountCents: 0,
        ruleId: rule.id,
        sources: [],
      };
      this.byKey.set(k, l);
      this.all.push(l);
    }
    return l;
  }
  add(l: LineDraft, src: SourceRow) {
    l.sources.push(src);
    l.q100 += src.q100;
    l.amountCents += src.cents;
  }
}

/** Every line of the period (all campuses); pure reads. */
export async function draftLines(
  confirmedHours: ConfirmedHoursFilter,
  tx: DbOrTx,
  year: number,
  month: number,
): Promise<LineDraft[]> {
  const period = await loadPeriod(tx, year, month);
  const p = { year, month, startDate: period.startDate, endDate: period.endDate };
  const ruleOf = await rulesInForce(tx, year, month);
  const staff = await loadStaff(tx);
  const byCode = new Map(staff.map((s) => [s.code, s]));
  const out = new Lines();

  // Base pay, at the primary campus.
  for (const s of staff) {
    const rule = ruleOf(s.role, s.rank);
    if (!rule || rule.baseCents <= 0) continue;
    const l = out.line(s, s.campus, 'base', rule, rule.baseCents);
    l.q100 = 100;
    l.amountCents = rule.baseCents;
  }

  // Teachers by the hour, experts by the case: paid attendances of their confirmed lessons.
  const hoursOf = new Map<string, number>();
  const paidRows = await paidAttendances(confirmedHours, tx, p);
  for (const a of paidRows) {
    const s = byCode.get(a.teacherCode);
    if (!s) continue;
    const rule = ruleOf(s.role, s.rank);
    if (!rule) continue;
    if (s.role === 'teacher') {
      const rate = hourlyRate(rule, a.payType, a.status);
      const q = toQ100(a.hours);
      hoursOf.set(s.code, (hoursOf.get(s.code) ?? 0) + q);
      out.add(out.line(s, a.campus, `hours:${a.payType}:${a.status}`, rule, rate), {
        type: 'attendance',
        id: a.id,
        q100: q,
        cents: atRate(q, rate),
      });
    } else if (s.role === 'expert' && rule.perCaseCents > 0) {
      out.add(out.line(s, a.campus, 'cases', rule, rule.perCaseCents), {
        type: 'attendance',
        id: a.id,
        q100: 100,
        cents: rule.perCaseCents,
      });
    }
  }
  // Hours given outside the timetable pay at the pay type's 'present' rate.
  const extra = await tx
    .select()
    .from(salaryExtraHours)
    .where(and(gte(salaryExtraHours.workDate, p.startDate), lte(salaryExtraHours.workDate, p.endDate)))
    .orderBy(salaryExtraHours.id);
  for (const x of extra) {
    const s = byCode.get(x.teacherCode);
    const rule = s && s.role === 'teacher' ? ruleOf(s.role, s.rank) : undefined;
    if (!s || !rule) continue;
    const rate = hourlyRate(rule, x.payType, 'present');
    const q = toQ100(x.hours);
    hoursOf.set(s.code, (hoursOf.get(s.code) ?? 0) + q);
    out.add(out.line(s, x.schoolItemCode, `extra:${x.payType}`, rule, rate), {
      type: 'extraHours',
      id: x.id,
      q100: q,
      cents: atRate(q, rate),
    });
  }
  // Training hours attended in the period pay at the rule's own `training` rate only (never a '*'
  // rate meant for lessons), and do not count towards the kjbonus threshold of class hours.
  const trained = await tx
    .select({
      id: trainingAttendees.id,
      employeeCode: trainingAttendees.employeeCode,
      campus: trainings.schoolItemCode,
      hours: trainings.hours,
    })
    .from(trainingAttendees)
    .innerJoin(trainings, eq(trainings.id, trainingAttendees.trainingId))
    .where(
      and(
        eq(trainingAttendees.attended, true),
        gte(trainings.trainingDate, p.startDate),
        lte(trainings.trainingDate, p.endDate),
      ),
    )
    .orderBy(trainingAttendees.id);
  for (const x of trained) {
    const s = byCode.get(x.employeeCode);
    const rule = s && s.role === 'teacher' ? ruleOf(s.role, s.rank) : undefined;
    const rate = rule ? trainingRate(rule) : undefined;
    if (!s || !rule || rate === undefined) continue;
    const q = toQ100(x.hours);
    out.add(out.line(s, x.campus, 'training', rule, rate), {
      type: 'training',
      id: x.id,
      q100: q,
      cents: atRate(q, rate),
    });
  }
  // kjbonus: a teacher whose paid hours reach the rule's threshold.
  for (const s of staff) {
    if (s.role !== 'teacher') continue;
    const rule = ruleOf(s.role, s.rank);
    const h = hoursOf.get(s.code) ?? 0;
    if (!rule || rule.bonusCents <= 0 || toQ100(rule.bonusThresholdHours) <= 0) continue;
    if (h >= toQ100(rule.bonusThresholdHours)) {
      const l = out.line(s, s.campus, 'kjbonus', rule, rule.bonusCents);
      l.q100 = h;
      l.amountCents = rule.bonusCents;
    }
  }

  // Supervisors: one case per student taught (paid) at the supervisor's campuses.
  const studentsByCampus = new Map<string, Set<number>>();
  for (const a of paidRows) {
    const set = studentsByCampus.get(a.campus) ?? new Set<number>();
    set.add(a.studentId);
    studentsByCampus.set(a.campus, set);
  }
  for (const s of staff) {
    if (s.role !== 'supervisor') continue;
    const rule = ruleOf(s.role, s.rank);
    if (!rule || rule.perCaseCents <= 0) continue;
    for (const c of s.campuses)
      for (const id of [...(studentsByCampus.get(c) ?? [])].sort((a, b) => a - b))
        out.add(out.line(s, c, 'cases', rule, rule.perCaseCents), {
          type: 'student',
          id,
          q100: 100,
          cents: rule.perCaseCents,
        });
  }

  // Commissions: consultants on new enrolments, growth consultants on renewals (the order's adviser),
  // centre leaders on every paid order of their campus; refunds count negative on their posting day.
  const income = await incomeRows(tx, p);
  const leaders = staff.filter((s) => s.role === 'leader');
  const credit = (
    r: { id: number; campus: string; orderType: number; cents: number; employeeCode: string | null },
    type: 'order' | 'refund',
  ) => {
    const sign = type === 'order' ? 1 : -1;
    const s = r.employeeCode ? byCode.get(r.employeeCode) : undefined;
    const role = r.orderType === ORDER_NEW ? 'consultant' : r.orderType === ORDER_RENEWAL ? 'growth' : null;
    if (s && role && s.role === role) {
      const rule = ruleOf(s.role, s.rank);
      if (rule && rule.commissionBp > 0)
        out.add(out.line(s, r.campus, 'commission', rule, rule.commissionBp), {
          type,
          id: r.id,
          q100: sign * r.cents,
          cents: sign * commission(r.cents, rule.commissionBp),
        });
    }
    for (const l of leaders) {
      if (l.campus !== r.campus) continue;
      const rule = ruleOf(l.role, l.rank);
      if (rule && rule.commissionBp > 0)
        out.add(out.line(l, r.campus, 'commission', rule, rule.commissionBp), {
          type,
          id: r.id,
          q100: sign * r.cents,
          cents: sign * commission(r.cents, rule.commissionBp),
        });
    }
  };
  for (const r of income.paid) credit(r, 'order');
  for (const r of income.refunds) credit(r, 'refund');

  // Centre leaders: the campus's lead target of the month (clue targets, type 1) reached.
  const targetCol = sql.raw(`m${month}`);
  for (const l of leaders) {
    const rule = ruleOf(l.role, l.rank);
    if (!rule || rule.targetBonusCents <= 0) continue;
    const [t] = await tx
      .select({ target: sql<number>`${targetCol}` })
      .from(clueTargets)
      .where(
        and(
          eq(clueTargets.targetYear, year),
          eq(clueTargets.targetType, 1),
          eq(clueTargets.schoolItemCode, l.campus),
          eq(clueTargets.employeeCode, ''),
        ),
      );
    const target = Number(t?.target ?? 0);
    if (target <= 0) continue;
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(clues)
      .where(
        and(
          eq(clues.schoolItemCode, l.campus),
          sql`${shanghaiDateSql(clues.createdAt)} between ${p.startDate} and ${p.endDate}`,
        ),
      );
    const reached = Number(n?.n ?? 0);
    if (reached >= target) {
      const line = out.line(l, l.campus, 'target', rule, rule.targetBonusCents);
      line.q100 = reached * 100;
      line.amountCents = rule.targetBonusCents;
    }
  }
  return out.all;
}

const lineKey = (l: { schoolItemCode: string; employeeCode: string; role: string }) =>
  `${l.schoolItemCode}|${l.employeeCode}|${l.role}`;

/**
 * Computes a period for one campus (or every campus): replaces its computed lines, keeps manual
 * ones, records the run with the change report and emits periodComputed on the app's bus.
 */
export async function computePeriod(
  w: PayrollWiring,
  tx: DbOrTx,
  input: PeriodInput,
  by: { userId: number | null; at: Date },
): Promise<RunResult> {
  const all = await draftLines(w.ports.confirmedHours, tx, input.year, input.month);
  const drafts = input.schoolItemCode ? all.filter((l) => l.schoolItemCode === input.schoolItemCode) : all;
  const scope = and(
    eq(salaryLines.year, input.year),
    eq(salaryLines.month, input.month),
    eq(salaryLines.kind, 'computed'),
    input.schoolItemCode ? eq(salaryLines.schoolItemCode, input.schoolItemCode) : undefined,
  );
  const before = await tx.select().from(salaryLines).where(scope);
  const totals = new Map<string, ChangeRow>();
  const row = (l: { schoolItemCode: string; employeeCode: string; role: string }) => {
    const k = lineKey(l);
    let r = totals.get(k);
    if (!r) {
      r = {
        schoolItemCode: l.schoolItemCode,
        employeeCode: l.employeeCode,
        role: l.role,
        beforeCents: 0,
        afterCents: 0,
      };
      totals.set(k, r);
    }
    return r;
  };
  for (const l of before) row(l).beforeCents += l.amountCents;
  for (const l of drafts) row(l).afterCents += l.amountCents;
  const changes = [...totals.values()]
    .filter((r) => r.beforeCents !== r.afterCents)
    .sort(
      (a, b) =>
        a.schoolItemCode.localeCompare(b.schoolItemCode) ||
        a.employeeCode.localeCompare(b.employeeCode) ||
        a.role.localeCompare(b.role),
    );

  await tx.delete(salaryLines).where(scope);
  const totalCents = drafts.reduce((s, l) => s + l.amountCents, 0);
  const [run] = await tx
    .insert(salaryRuns)
    .values({
      year: input.year,
      month: input.month,
      schoolItemCode: input.schoolItemCode,
      computedAt: by.at,
      computedBy: by.userId,
      lineCount: drafts.length,
      totalCents,
      changes,
    })
    .returning({ id: salaryRuns.id });
  const runId = run?.id ?? 0;
  for (let i = 0; i < drafts.length; i += 500) {
    const chunk = drafts.slice(i, i + 500);
    const ids = await tx
      .insert(salaryLines)
      .values(
        chunk.map((l) => ({
          year: input.year,
          month: input.month,
          schoolItemCode: l.schoolItemCode,
          employeeCode: l.employeeCode,
          role: l.role,
          kind: 'computed',
          item: l.item,
          quantity: (l.q100 / 100).toFixed(2),
          rate: l.rate,
          amountCents: l.amountCents,
          ruleId: l.ruleId,
          runId,
          createdBy: by.userId,
          createdAt: by.at,
        })),
      )
      .returning({ id: salaryLines.id });
    const sources = chunk.flatMap((l, j) =>
      l.sources.map((s) => ({
        lineId: ids[j]?.id ?? 0,
        sourceType: s.type,
        sourceId: s.id,
        quantity: (s.q100 / 100).toFixed(2),
        amountCents: s.cents,
      })),
    );
    for (let k = 0; k < sources.length; k += 1000)
      await tx.insert(salaryLineSources).values(sources.slice(k, k + 1000));
  }
  const employeeCodes = [...new Set(drafts.map((l) => l.employeeCode))].sort();
  await w.events.emit(tx, 'periodComputed', {
    year: input.year,
    month: input.month,
    schoolItemCode: input.schoolItemCode,
    employeeCodes,
  });
  return {
    runId,
    computedAt: by.at,
    lineCount: drafts.length,
    totalCents,
    employees: employeeCodes.length,
    changes,
  };
}

/** A campus's payroll of a period: employees paid, total (computed and manual lines), last computed. */
export async function campusPeriodTotals(
  tx: DbOrTx,
  schoolItemCode: string,
  year: number,
  month: number,
): Promise<{ employees: number; totalCents: number; computedAt: Date | null }> {
  const [t] = await tx
    .select({
      employees: sql<number>`count(distinct ${salaryLines.employeeCode})::int`,
      totalCents: sql<string>`coalesce(sum(${salaryLines.amountCents}), 0)::text`,
    })
    .from(salaryLines)
    .where(
      and(
        eq(salaryLines.year, year),
        eq(salaryLines.month, month),
        eq(salaryLines.schoolItemCode, schoolItemCode),
      ),
    );
  const [r] = await tx
    .select({ at: sql<Date | null>`max(${salaryRuns.computedAt})` })
    .from(salaryRuns)
    .where(
      and(
        eq(salaryRuns.year, year),
        eq(salaryRuns.month, month),
        sql`(${salaryRuns.schoolItemCode} = ${schoolItemCode} or ${salaryRuns.schoolItemCode} is null)`,
      ),
    );
  const at = r?.at ?? null;
  return {
    employees: Number(t?.employees ?? 0),
    totalCents: Number(t?.totalCents ?? 0),
    computedAt: at === null ? null : new Date(at),
  };
}
