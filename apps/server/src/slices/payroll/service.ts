// Payroll commands and reads (docs/payroll.md, docs/decisions.md "Staff and payroll"): rules, the
// course switch, computing a period, the role areas' payslips, their lines and source rows, manual
// adjustments, summaries, kjbonus, pay statistics. One transaction per command.
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  PAY_AREAS,
  areaScreen,
  DATA_EXPORT,
  type TLineRow,
  type TManageRow,
  type TPayArea,
  type TPayRole,
  type TPayslipRow,
  type TRunRow,
  type TSalaryRuleRow,
  type TSourceRow,
  type TSummaryRow,
} from '@bo/api-sdk';
import { APPROVAL_CODE, fromCents, centsOf } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import {
  attendances,
  classHourConfirmationLessons,
  classHourConfirmations,
  courses,
  employees,
  lessons,
  orders,
  posts,
  refundOrders,
  salaryPeriods,
  schoolItems,
  skillRanks,
  studentLedger,
  students,
  trainingAttendees,
  trainings,
  users,
} from '../../db/schema.js';
import { assertCampus, campusScope, hasPrivilege, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, noPermission, notFound, say, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { codeNames } from '../../shared/masterdata/index.js';
import { shanghaiDaySql } from '../../shared/days.js';
import { isSealed, sealedError } from '../sealing/index.js';
import { computePeriod, loadPeriod, type ChangeRow } from './compute.js';
import {
  salaryCourseSwitch,
  salaryExtraHours,
  salaryLineSources,
  salaryLines,
  salaryRuleRates,
  salaryRules,
  salaryRuns,
} from './tables.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

export interface Ctx {
  deps: AppDeps;
  user: AuthUser;
  ip: string;
}

const monthText = (ym: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;
const monthNo = (m: string) => Number(m.slice(0, 4)) * 100 + Number(m.slice(5, 7));

/** A campus filter: the one asked (checked against scope) or the caller's campuses. */
export function campusWhere(
  u: AuthUser,
  col: typeof salaryLines.schoolItemCode | typeof schoolItems.code,
  asked?: string,
): SQL | undefined {
  if (asked) {
    assertCampus(u, asked);
    return eq(col, asked);
  }
  const scope = campusScope(u);
  if (scope === null) return undefined;
  return scope.length ? inArray(col, scope) : sql`false`;
}

/** A sealed period (the sealing slice's forbid bills, the one record of it) refuses computing and adjustments. */
async function assertPeriodOpen(tx: DbOrTx, year: number, month: number) {
  const p = await loadPeriod(tx, year, month);
  if (await isSealed(tx, year, month)) throw sealedError(year, month, '薪资 / the salary lines');
  return p;
}

// ---------------------------------------------------------------- rules

type RuleRecord = typeof salaryRules.$inferSelect;

async function ruleRows(tx: DbOrTx, where: SQL | undefined): Promise<TSalaryRuleRow[]> {
  const rows = await tx
    .select({ r: salaryRules, rankName: skillRanks.name })
    .from(salaryRules)
    .leftJoin(skillRanks, eq(skillRanks.code, salaryRules.skillRankCode))
    .where(where)
    .orderBy(asc(salaryRules.role), asc(salaryRules.skillRankCode), desc(salaryRules.effectiveFrom));
  const ids = rows.map((x) => x.r.id);
  const rates = ids.length
    ? await tx
        .select()
        .from(salaryRuleRates)
        .where(inArray(salaryRuleRates.ruleId, ids))
        .orderBy(asc(salaryRuleRates.payType), asc(salaryRuleRates.attendanceStatus))
    : [];
  return rows.map(({ r, rankName }) => ({
    id: r.id,
    role: r.role as TPayRole,
    skillRankCode: r.skillRankCode,
    skillRankName: rankName,
    effectiveFrom: monthText(r.effectiveFrom),
    base: fromCents(r.baseCents),
    commissionBp: r.commissionBp,
    perCase: fromCents(r.perCaseCents),
    targetBonus: fromCents(r.targetBonusCents),
    bonusThresholdHours: Number(r.bonusThresholdHours),
    bonus: fromCents(r.bonusCents),
    validstatus: r.validStatus,
    remark: r.remark,
    rates: rates
      .filter((x) => x.ruleId === r.id)
      .map((x) => ({
        payType: x.payType,
        attendanceStatus: x.attendanceStatus,
        hourly: fromCents(x.hourlyCents),
      })),
    version: r.version,
  }));
}

export async function ruleList(c: Ctx, q: { role?: string | undefined; skillRankCode?: string | undefined }) {
  return ruleRows(
    c.deps.db,
    and(
      q.role ? eq(salaryRules.role, q.role) : undefined,
      q.skillRankCode !== undefined && q.skillRankCode !== ''
        ? eq(salaryRules.skillRankCode, q.skillRankCode)
        : undefined,
    ),
  );
}

export interface RuleInput {
  id?: number | undefined;
  version?: number | undefined;
  role: TPayRole;
  skillRankCode: string;
  effectiveFrom: string;
  base: string;
  commissionBp: number;
  perCase: string;
  targetBonus: string;
  bonusThresholdHours: number;
  bonus: string;
  validstatus: number;
  remark: string;
  rates: { payType: string; attendanceStatus: string; hourly: string }[];
}

export async function ruleSave(c: Ctx, b: RuleInput): Promise<TSalaryRuleRow> {
  const now = c.deps.now();
  return c.deps.db.transaction(async (tx) => {
    if (b.skillRankCode) {
      const [rank] = await tx.select().from(skillRanks).where(eq(skillRanks.code, b.skillRankCode));
      if (!rank)
        throw badInput('skillRankCode', `职级 ${b.skillRankCode} 不存在 / no skill rank ${b.skillRankCode}`);
    }
    const seen = new Set<string>();
    for (const [i, r] of b.rates.entries()) {
      const k = `${r.payType}|${r.attendanceStatus}`;
      if (seen.has(k))
        throw badInput(
          `rates.${i}.payType`,
          say(
            `课时费重复：${r.payType}，${r.attendanceStatus}`,
            `a rate given twice: ${r.payType}, ${r.attendanceStatus}`,
          ),
        );
      seen.add(k);
    }
    const values = {
      role: b.role,
      skillRankCode: b.skillRankCode,
      effectiveFrom: monthNo(b.effectiveFrom),
      baseCents: centsOf(b.base),
      commissionBp: b.commissionBp,
      perCaseCents: centsOf(b.perCase),
      targetBonusCents: centsOf(b.targetBonus),
      bonusThresholdHours: b.bonusThresholdHours.toFixed(2),
      bonusCents: centsOf(b.bonus),
      validStatus: b.validstatus,
      remark: b.remark,
    };
    const [same] = await tx
      .select({ id: salaryRules.id })
      .from(salaryRules)
      .where(
        and(
          eq(salaryRules.role, values.role),
          eq(salaryRules.skillRankCode, values.skillRankCode),
          eq(salaryRules.effectiveFrom, values.effectiveFrom),
        ),
      );
    if (same && same.id !== b.id)
      throw conflict(
        '该角色和职级在此期间已有规则 / a rule of this role and rank already starts in this period',
        'effectiveFrom',
      );
    let id: number;
    let old: RuleRecord | undefined;
    if (b.id) {
      [old] = await tx.select().from(salaryRules).where(eq(salaryRules.id, b.id)).for('update');
      if (!old) throw notFound('薪酬规则 / salary rule');
      if (b.version !== undefined && b.version !== old.version) throw staleVersion();
      await updateVersioned(tx, salaryRules, {
        where: eq(salaryRules.id, b.id),
        version: undefined,
        set: { ...values },
        at: now,
      });
      await tx.delete(salaryRuleRates).where(eq(salaryRuleRates.ruleId, b.id));
      id = b.id;
    } else {
      const [x] = await tx
        .insert(salaryRules)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: salaryRules.id });
      id = x?.id ?? 0;
    }
    if (b.rates.length)
      await tx.insert(salaryRuleRates).values(
        b.rates.map((r) => ({
          ruleId: id,
          payType: r.payType,
          attendanceStatus: r.attendanceStatus,
          hourlyCents: centsOf(r.hourly),
        })),
      );
    await writeAudit(tx, {
      action: old ? 'salaryRule.update' : 'salaryRule.create',
      target: `salary_rules:${id}`,
      detail: { old: old ?? null, new: { ...values, rates: b.rates } },
      userId: c.user.id,
      username: c.user.username,
      ip: c.ip,
      at: now,
    });
    const [row] = await ruleRows(tx, eq(salaryRules.id, id));
    if (!row) throw notFound('薪酬规则 / salary rule');
    return row;
  });
}

// ---------------------------------------------------------------- course switch

async function switchRows(tx: DbOrTx) {
  return tx
    .select({
      courseCode: salaryCourseSwitch.courseCode,
      courseName: courses.name,
      payType: salaryCourseSwitch.payType,
    })
    .from(salaryCourseSwitch)
    .leftJoin(courses, eq(courses.code, salaryCourseSwitch.courseCode))
    .orderBy(asc(salaryCourseSwitch.courseCode));
}
export const switchList = (c: Ctx) => switchRows(c.deps.db);

export async function switchSave(c: Ctx, b: { courseCode: string; payType: string }) {
  const now = c.deps.now();
  return c.deps.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(eq(courses.code, b.courseCode));
    if (!course) throw badInput('courseCode', `课程 ${b.courseCode} 不存在 / no course ${b.courseCode}`);
    if (b.payType === '')
      await tx.delete(salaryCourseSwitch).where(eq(salaryCourseSwitch.courseCode, b.courseCode));
    else {
      if (!/^[A-Za-z0-9_-]+$/.test(b.payType))
        throw badInput('payType', '计薪类型只能包含字母、数字 / a pay type of letters and digits');
      await tx
        .insert(salaryCourseSwitch)
        .values({ courseCode: b.courseCode, payType: b.payType, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: salaryCourseSwitch.courseCode,
          set: { payType: b.payType, updatedAt: now, version: nextVersion(salaryCourseSwitch) },
        });
    }
    await writeAudit(tx, {
      action: 'salaryCourseSwitch.save',
      target: `salary_course_switch:${b.courseCode}`,
      detail: b,
      userId: c.user.id,
      username: c.user.username,
      ip: c.ip,
      at: now,
    });
    return switchRows(tx);
  });
}

// ---------------------------------------------------------------- runs

async function runRow(
  tx: DbOrTx,
  r: typeof salaryRuns.$inferSelect,
  keep: (campus: string) => boolean,
): Promise<TRunRow> {
  const changes = (r.changes as ChangeRow[]).filter((x) => keep(x.schoolItemCode));
  const names = await codeNames(
    tx,
    employees,
    changes.map((x) => x.employeeCode),
  );
  const [by] = r.computedBy
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, r.computedBy))
    : [];
  return {
    id: r.id,
    year: r.year,
    month: r.month,
    schoolItemCode: r.schoolItemCode,
    computedAt: r.computedAt.toISOString(),
    computedBy: by?.name ?? null,
    lineCount: r.lineCount,
    total: fromCents(r.totalCents),
    changes: changes.map((x) => ({
      schoolItemCode: x.schoolItemCode,
      employeeCode: x.employeeCode,
      employeeName: names.get(x.employeeCode) ?? null,
      role: x.role,
      before: fromCents(x.beforeCents),
      after: fromCents(x.afterCents),
    })),
  };
}

export async function compute(
  c: Ctx,
  b: { year: number; month: number; schoolItemCode?: string | undefined },
) {
  const campus = b.schoolItemCode || null;
  if (campus) assertCampus(c.user, campus);
  else if (!c.user.allScope)
    throw badInput(
      'schoolItemCode',
      '请选择校区 / the campus is required (you may compute your campuses only)',
    );
  const at = c.deps.now();
  return c.deps.db.transaction(async (tx) => {
    await assertPeriodOpen(tx, b.year, b.month);
    await c.deps.ports.applicationLock(tx, { year: b.year, month: b.month, schoolItemCode: campus });
    const run = await computePeriod(
      c.deps,
      tx,
      { year: b.year, month: b.month, schoolItemCode: campus },
      { userId: c.user.id, at },
    );
    await writeAudit(tx, {
      action: 'salary.compute',
      target: `salary_runs:${run.runId}`,
      detail: {
        year: b.year,
        month: b.month,
        schoolItemCode: campus,
        lines: run.lineCount,
        changes: run.changes.length,
      },
      userId: c.user.id,
      username: c.user.username,
      ip: c.ip,
      at,
    });
    const [r] = await tx.select().from(salaryRuns).where(eq(salaryRuns.id, run.runId));
    if (!r) throw notFound('计算记录 / run');
    return runRow(tx, r, () => true);
  });
}

const inScope = (u: AuthUser) => {
  const scope = campusScope(u);
  return (campus: string) => scope === null || scope.includes(campus);
};

export async function runs(c: Ctx, q: { year: number; month: number; schoolItemCode?: string | undefined }) {
  if (q.schoolItemCode) assertCampus(c.user, q.schoolItemCode);
  const rows = await c.deps.db
    .select()
    .from(salaryRuns)
    .where(
      and(
        eq(salaryRuns.year, q.year),
        eq(salaryRuns.month, q.month),
        q.schoolItemCode
          ? or(eq(salaryRuns.schoolItemCode, q.schoolItemCode), isNull(salaryRuns.schoolItemCode))
          : undefined,
      ),
    )
    .orderBy(desc(salaryRuns.id))
    .limit(50);
  const scoped = inScope(c.user);
  const keep = (campus: string) => scoped(campus) && (!q.schoolItemCode || campus === q.schoolItemCode);
  const out: TRunRow[] = [];
  for (const r of rows)
    if (r.schoolItemCode === null || scoped(r.schoolItemCode)) out.push(await runRow(c.deps.db, r, keep));
  return out;
}

export async function manage(
  c: Ctx,
  q: { year: number; month: number; schoolItemCode?: string | undefined },
): Promise<TManageRow[]> {
  const db = c.deps.db;
  const where = campusWhere(c.user, schoolItems.code, q.schoolItemCode);
  const campuses = await db
    .select({ code: schoolItems.code, name: schoolItems.name })
    .from(schoolItems)
    .where(and(eq(schoolItems.validStatus, 1), where))
    .orderBy(asc(schoolItems.code));
  const totals = await db
    .select({
      campus: salaryLines.schoolItemCode,
      employees: sql<number>`count(distinct ${salaryLines.employeeCode})::int`,
      total: sql<string>`coalesce(sum(${salaryLines.amountCents}), 0)::text`,
      manual: sql<number>`count(*) filter (where ${salaryLines.kind} = 'manual')::int`,
    })
    .from(salaryLines)
    .where(and(eq(salaryLines.year, q.year), eq(salaryLines.month, q.month)))
    .groupBy(salaryLines.schoolItemCode);
  const byCampus = new Map(totals.map((t) => [t.campus, t]));
  const allRuns = await db
    .select()
    .from(salaryRuns)
    .where(and(eq(salaryRuns.year, q.year), eq(salaryRuns.month, q.month)))
    .orderBy(desc(salaryRuns.id));
  const [period] = await db
    .select()
    .from(salaryPeriods)
    .where(and(eq(salaryPeriods.year, q.year), eq(salaryPeriods.month, q.month)));
  const periodState = !period ? 'missing' : (await isSealed(db, q.year, q.month)) ? 'closed' : 'open';
  return campuses.map((s) => {
    const t = byCampus.get(s.code);
    const last = allRuns.find((r) => r.schoolItemCode === null || r.schoolItemCode === s.code);
    return {
      schoolItemCode: s.code,
      schoolItemName: s.name,
      employees: t?.employees ?? 0,
      total: fromCents(t?.total ?? 0),
      manualLines: t?.manual ?? 0,
      computedAt: last ? last.computedAt.toISOString() : null,
      lastChanges: last ? (last.changes as ChangeRow[]).filter((x) => x.schoolItemCode === s.code).length : 0,
      periodState,
    };
  });
}

// ---------------------------------------------------------------- role areas

export function assertArea(u: AuthUser, area: TPayArea, o: { read?: boolean } = {}) {
  const may = o.read ? [areaScreen(area), DATA_EXPORT] : [areaScreen(area)];
  if (!hasPrivilege(u, may))
    throw noPermission(`没有该薪酬区域的权限 / no privilege for the salary area ${area}`);
}

/** The lines an area shows: the role's, and for emergency only hours outside the timetable. */
const areaLines = (area: TPayArea): SQL | undefined =>
  and(
    eq(salaryLines.role, PAY_AREAS[area]),
    area === 'emergency'
      ? or(sql`${salaryLines.item} like 'extra:%'`, eq(salaryLines.item, 'manual:emergency'))
      : undefined,
  );

interface AreaQuery {
  year: number;
  month: number;
  schoolItemCode?: string | undefined;
  keyword?: string | undefined;
}

function slipWhere(c: Ctx, area: TPayArea, q: AreaQuery) {
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  return and(
    eq(salaryLines.year, q.year),
    eq(salaryLines.month, q.month),
    areaLines(area),
    campusWhere(c.user, salaryLines.schoolItemCode, q.schoolItemCode),
    kw ? or(ilike(employees.name, kw), ilike(employees.code, kw)) : undefined,
  );
}

function slipSelect(tx: DbOrTx, c: Ctx, area: TPayArea, q: AreaQuery) {
  return tx
    .select({
      employeeCode: salaryLines.employeeCode,
      employeeName: sql<string>`coalesce(max(${employees.name}), ${salaryLines.employeeCode})`,
      schoolItemCode: salaryLines.schoolItemCode,
      schoolItemName: sql<string | null>`max(${schoolItems.name})`,
      postName: sql<string | null>`max(${posts.name})`,
      skillRankCode: sql<string | null>`max(${employees.skillRankCode})`,
      computed: sql<string>`coalesce(sum(${salaryLines.amountCents}) filter (where ${salaryLines.kind} = 'computed'), 0)::text`,
      adjusted: sql<string>`coalesce(sum(${salaryLines.amountCents}) filter (where ${salaryLines.kind} = 'manual'), 0)::text`,
      lines: sql<number>`count(*)::int`,
    })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .leftJoin(posts, eq(posts.code, employees.postCode))
    .leftJoin(schoolItems, eq(schoolItems.code, salaryLines.schoolItemCode))
    .where(slipWhere(c, area, q))
    .groupBy(salaryLines.employeeCode, salaryLines.schoolItemCode)
    .orderBy(asc(salaryLines.schoolItemCode), asc(salaryLines.employeeCode))
    .$dynamic();
}

const slipOut =
  (area: TPayArea) =>
  (r: Awaited<ReturnType<ReturnType<typeof slipSelect>['execute']>>[number]): TPayslipRow => ({
    employeeCode: r.employeeCode,
    employeeName: r.employeeName,
    schoolItemCode: r.schoolItemCode,
    schoolItemName: r.schoolItemName,
    role: PAY_AREAS[area],
    postName: r.postName,
    skillRankCode: r.skillRankCode,
    computed: fromCents(r.computed),
    adjusted: fromCents(r.adjusted),
    total: fromCents(Number(r.computed) + Number(r.adjusted)),
    lines: r.lines,
  });

export async function areaPage(c: Ctx, area: TPayArea, q: AreaQuery & { pageIdx: number; pageSize: number }) {
  assertArea(c.user, area, { read: true });
  const db = c.deps.db;
  const rows = await slipSelect(db, c, area, q)
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await db
    .select({
      n: sql<number>`count(distinct (${salaryLines.employeeCode}, ${salaryLines.schoolItemCode}))::int`,
    })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .where(slipWhere(c, area, q));
  return { list: rows.map(slipOut(area)), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function areaAll(c: Ctx, area: TPayArea, q: AreaQuery) {
  assertArea(c.user, area, { read: true });
  const rows = await slipSelect(c.deps.db, c, area, q).limit(100_000);
  return rows.map(slipOut(area));
}

/** A line's rate as the payslip shows it: yuan per unit, a commission's percentage, null for a manual line. */
export const lineRate = (l: { rate: number | null; item: string }) =>
  l.rate === null ? null : l.item === 'commission' ? `${(l.rate / 100).toFixed(2)}%` : fromCents(l.rate);

async function lineRows(tx: DbOrTx, where: SQL | undefined): Promise<TLineRow[]> {
  const rows = await tx
    .select({
      l: salaryLines,
      by: users.name,
      sources: sql<number>`(select count(*) from ${salaryLineSources} where ${salaryLineSources.lineId} = ${salaryLines.id})::int`,
    })
    .from(salaryLines)
    .leftJoin(users, eq(users.id, salaryLines.createdBy))
    .where(where)
    .orderBy(asc(salaryLines.kind), asc(salaryLines.item), asc(salaryLines.id));
  return rows.map(({ l, by, sources }) => ({
    id: l.id,
    kind: l.kind === 'manual' ? 'manual' : 'computed',
    item: l.item,
    quantity: Number(l.quantity),
    rate: lineRate(l),
    amount: fromCents(l.amountCents),
    reason: l.reason,
    createdBy: l.kind === 'manual' ? by : null,
    createdAt: l.createdAt.toISOString(),
    sources,
  }));
}

export async function areaList(
  c: Ctx,
  area: TPayArea,
  q: { year: number; month: number; schoolItemCode: string; employeeCode: string },
) {
  assertArea(c.user, area);
  assertCampus(c.user, q.schoolItemCode);
  return lineRows(
    c.deps.db,
    and(
      eq(salaryLines.year, q.year),
      eq(salaryLines.month, q.month),
      eq(salaryLines.schoolItemCode, q.schoolItemCode),
      eq(salaryLines.employeeCode, q.employeeCode),
      areaLines(area),
    ),
  );
}

export async function adjust(
  c: Ctx,
  area: TPayArea,
  b: {
    year: number;
    month: number;
    schoolItemCode: string;
    employeeCode: string;
    amount: string;
    reason: string;
  },
) {
  assertArea(c.user, area);
  assertCampus(c.user, b.schoolItemCode);
  const at = c.deps.now();
  return c.deps.db.transaction(async (tx) => {
    await assertPeriodOpen(tx, b.year, b.month);
    await c.deps.ports.applicationLock(tx, {
      year: b.year,
      month: b.month,
      schoolItemCode: b.schoolItemCode,
    });
    const [e] = await tx.select().from(employees).where(eq(employees.code, b.employeeCode));
    if (!e) throw badInput('employeeCode', `员工 ${b.employeeCode} 不存在 / no employee ${b.employeeCode}`);
    const amountCents = centsOf(b.amount);
    const [line] = await tx
      .insert(salaryLines)
      .values({
        year: b.year,
        month: b.month,
        schoolItemCode: b.schoolItemCode,
        employeeCode: b.employeeCode,
        role: PAY_AREAS[area],
        kind: 'manual',
        item: `manual:${area}`,
        quantity: '1',
        rate: null,
        amountCents,
        reason: b.reason,
        createdBy: c.user.id,
        createdAt: at,
      })
      .returning({ id: salaryLines.id });
    const id = line?.id ?? 0;
    await writeAudit(tx, {
      action: 'salary.adjust',
      target: `salary_lines:${id}`,
      detail: { ...b, area, amountCents },
      userId: c.user.id,
      username: c.user.username,
      ip: c.ip,
      at,
    });
    const [row] = await lineRows(tx, eq(salaryLines.id, id));
    if (!row) throw notFound('薪酬明细 / salary line');
    return row;
  });
}

// ---------------------------------------------------------------- drill-down

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export async function lineSources(c: Ctx, id: number): Promise<TSourceRow[]> {
  const db = c.deps.db;
  const [line] = await db.select().from(salaryLines).where(eq(salaryLines.id, id));
  if (!line) throw notFound('薪酬明细 / salary line');
  assertCampus(c.user, line.schoolItemCode);
  const area = (Object.keys(PAY_AREAS) as TPayArea[]).filter((a) => PAY_AREAS[a] === line.role);
  if (!hasPrivilege(c.user, ['/staffsalary/manage', ...area.map(areaScreen)]))
    throw noPermission(`没有该薪酬区域的权限 / no privilege for the ${line.role} salary area`);
  const src = await db
    .select()
    .from(salaryLineSources)
    .where(eq(salaryLineSources.lineId, id))
    .orderBy(asc(salaryLineSources.id));
  const ids = (t: string) => src.filter((s) => s.sourceType === t).map((s) => s.sourceId);
  const info = new Map<
    string,
    { day: string | null; ref: string; detail: string; lesson?: TSourceRow['lesson'] }
  >();
  const att = ids('attendance');
  // The passed class-hour confirmation that approved each attendance's lesson (a lesson is in at most
  // one live confirmation; a passed one is final).
  const approvedBy = new Map<
    number,
    { id: number; approvalId: number; kind: 'original' | 'supplementary' }
  >();
  if (att.length)
    for (const r of await db
      .select({
        lessonId: classHourConfirmationLessons.lessonId,
        id: classHourConfirmations.id,
        approvalId: classHourConfirmations.approvalRequestId,
        kind: classHourConfirmations.kind,
      })
      .from(classHourConfirmationLessons)
      .innerJoin(
        classHourConfirmations,
        eq(classHourConfirmations.id, classHourConfirmationLessons.confirmationId),
      )
      .where(
        and(
          eq(classHourConfirmationLessons.live, true),
          eq(classHourConfirmations.status, APPROVAL_CODE.PASS),
          inArray(
            classHourConfirmationLessons.lessonId,
            db.select({ id: attendances.lessonId }).from(attendances).where(inArray(attendances.id, att)),
          ),
        ),
      ))
      approvedBy.set(r.lessonId, { id: r.id, approvalId: r.approvalId ?? 0, kind: r.kind });
  if (att.length)
    for (const r of await db
      .select({
        id: attendances.id,
        day: attendances.lessonDate,
        course: lessons.courseCode,
        courseName: courses.name,
        student: students.name,
        status: attendances.status,
        lessonId: lessons.id,
        start: lessons.startMinute,
        end: lessons.endMinute,
      })
      .from(attendances)
      .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
      .leftJoin(courses, eq(courses.code, lessons.courseCode))
      .leftJoin(students, eq(students.id, attendances.studentId))
      .where(inArray(attendances.id, att)))
      info.set(`attendance|${r.id}`, {
        day: r.day,
        ref: `${r.course} ${r.courseName ?? ''}`.trim(),
        detail: `${r.student ?? ''} · ${r.status} · #${r.lessonId}`,
        lesson: {
          lessonId: r.lessonId,
          time: `${hhmm(r.start)}-${hhmm(r.end)}`,
          studentName: r.student,
          courseName: r.courseName ?? r.course,
          status: r.status,
          confirmation: approvedBy.get(r.lessonId) ?? null,
        },
      });
  const extra = ids('extraHours');
  if (extra.length)
    for (const r of await db.select().from(salaryExtraHours).where(inArray(salaryExtraHours.id, extra)))
      info.set(`extraHours|${r.id}`, { day: r.workDate, ref: r.payType, detail: r.remark });
  const trained = ids('training');
  if (trained.length)
    for (const r of await db
      .select({
        id: trainingAttendees.id,
        day: trainings.trainingDate,
        subject: trainings.subject,
        trainer: trainings.trainer,
        trainingId: trainings.id,
      })
      .from(trainingAttendees)
      .innerJoin(trainings, eq(trainings.id, trainingAttendees.trainingId))
      .where(inArray(trainingAttendees.id, trained)))
      info.set(`training|${r.id}`, { day: r.day, ref: r.subject, detail: `${r.trainer} · #${r.trainingId}` });
  // An order counts on the day it took effect, a refund on the day its movements were posted.
  const money = [
    { type: 'order', table: orders, day: shanghaiDaySql(orders.effectiveAt) },
    {
      type: 'refund',
      table: refundOrders,
      day: shanghaiDaySql(
        sql`(select min(${studentLedger.postedAt}) from ${studentLedger} where ${studentLedger.sourceType} = 'refundOrder' and ${studentLedger.sourceId} = ${refundOrders.id})`,
      ),
    },
  ] as const;
  for (const { type, table, day } of money) {
    const wanted = ids(type);
    if (!wanted.length) continue;
    for (const r of await db
      .select({ id: table.id, code: table.code, day, student: students.name })
      .from(table)
      .leftJoin(students, eq(students.id, table.studentId))
      .where(inArray(table.id, wanted)))
      info.set(`${type}|${r.id}`, { day: r.day, ref: r.code, detail: r.student ?? '' });
  }
  const stu = ids('student');
  if (stu.length)
    for (const r of await db
      .select({ id: students.id, code: students.code, name: students.name })
      .from(students)
      .where(inArray(students.id, stu)))
      info.set(`student|${r.id}`, { day: null, ref: r.code, detail: r.name });
  return src.map((s) => {
    const i = info.get(`${s.sourceType}|${s.sourceId}`);
    return {
      sourceType: s.sourceType as TSourceRow['sourceType'],
      sourceId: s.sourceId,
      day: i?.day ?? null,
      ref: i?.ref ?? '',
      detail: i?.detail ?? '',
      lesson: i?.lesson ?? null,
      quantity: Number(s.quantity),
      amount: fromCents(s.amountCents),
    };
  });
}

// ---------------------------------------------------------------- summaries and statistics

export async function summary(
  c: Ctx,
  q: { year: number; month: number; schoolItemCode?: string | undefined },
  byCampus: boolean,
): Promise<TSummaryRow[]> {
  const where = and(
    eq(salaryLines.year, q.year),
    eq(salaryLines.month, q.month),
    campusWhere(c.user, salaryLines.schoolItemCode, q.schoolItemCode),
  );
  const agg = {
    role: salaryLines.role,
    employees: sql<number>`count(distinct ${salaryLines.employeeCode})::int`,
    total: sql<string>`sum(${salaryLines.amountCents})::text`,
  };
  if (byCampus) {
    const rows = await c.deps.db
      .select({
        ...agg,
        campus: salaryLines.schoolItemCode,
        name: sql<string | null>`max(${schoolItems.name})`,
      })
      .from(salaryLines)
      .leftJoin(schoolItems, eq(schoolItems.code, salaryLines.schoolItemCode))
      .where(where)
      .groupBy(salaryLines.schoolItemCode, salaryLines.role)
      .orderBy(asc(salaryLines.schoolItemCode), asc(salaryLines.role));
    return rows.map((r) => ({
      schoolItemCode: r.campus,
      schoolItemName: r.name,
      role: r.role as TPayRole,
      employees: r.employees,
      total: fromCents(r.total),
    }));
  }
  const rows = await c.deps.db
    .select(agg)
    .from(salaryLines)
    .where(where)
    .groupBy(salaryLines.role)
    .orderBy(asc(salaryLines.role));
  return rows.map((r) => ({
    schoolItemCode: null,
    schoolItemName: null,
    role: r.role as TPayRole,
    employees: r.employees,
    total: fromCents(r.total),
  }));
}

export async function kjbonus(
  c: Ctx,
  q: { year: number; month: number; schoolItemCode?: string | undefined },
) {
  const rows = await c.deps.db
    .select({
      employeeCode: salaryLines.employeeCode,
      employeeName: sql<string>`coalesce(${employees.name}, ${salaryLines.employeeCode})`,
      schoolItemCode: salaryLines.schoolItemCode,
      hours: salaryLines.quantity,
      threshold: salaryRules.bonusThresholdHours,
      bonus: salaryLines.amountCents,
    })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .leftJoin(salaryRules, eq(salaryRules.id, salaryLines.ruleId))
    .where(
      and(
        eq(salaryLines.year, q.year),
        eq(salaryLines.month, q.month),
        eq(salaryLines.item, 'kjbonus'),
        campusWhere(c.user, salaryLines.schoolItemCode, q.schoolItemCode),
      ),
    )
    .orderBy(asc(salaryLines.schoolItemCode), asc(salaryLines.employeeCode));
  return rows.map((r) => ({
    employeeCode: r.employeeCode,
    employeeName: r.employeeName,
    schoolItemCode: r.schoolItemCode,
    hours: Number(r.hours),
    threshold: Number(r.threshold ?? 0),
    bonus: fromCents(r.bonus),
  }));
}

/**
 * The latest period with salary lines in the caller's campuses (an area's lines, or one item's such
 * as the class bonus, when asked), or null.
 */
export async function latestPeriod(c: Ctx, q: { area?: TPayArea | undefined; item?: 'kjbonus' | undefined }) {
  if (q.area) assertArea(c.user, q.area, { read: true });
  const [row] = await c.deps.db
    .select({ year: salaryLines.year, month: salaryLines.month })
    .from(salaryLines)
    .where(
      and(
        q.area ? areaLines(q.area) : undefined,
        q.item ? eq(salaryLines.item, q.item) : undefined,
        campusWhere(c.user, salaryLines.schoolItemCode),
      ),
    )
    .orderBy(desc(salaryLines.year), desc(salaryLines.month))
    .limit(1);
  return row ?? null;
}

export async function payStatistics(
  c: Ctx,
  q: { fromMonth: string; toMonth: string; schoolItemCode?: string | undefined; role?: string | undefined },
) {
  const ym = sql`(${salaryLines.year} * 100 + ${salaryLines.month})`;
  const rows = await c.deps.db
    .select({
      year: salaryLines.year,
      month: salaryLines.month,
      campus: salaryLines.schoolItemCode,
      name: sql<string | null>`max(${schoolItems.name})`,
      role: salaryLines.role,
      employees: sql<number>`count(distinct ${salaryLines.employeeCode})::int`,
      total: sql<string>`sum(${salaryLines.amountCents})::text`,
    })
    .from(salaryLines)
    .leftJoin(schoolItems, eq(schoolItems.code, salaryLines.schoolItemCode))
    .where(
      and(
        sql`${ym} between ${monthNo(q.fromMonth)} and ${monthNo(q.toMonth)}`,
        campusWhere(c.user, salaryLines.schoolItemCode, q.schoolItemCode),
        q.role ? eq(salaryLines.role, q.role) : undefined,
      ),
    )
    .groupBy(salaryLines.year, salaryLines.month, salaryLines.schoolItemCode, salaryLines.role)
    .orderBy(
      asc(salaryLines.year),
      asc(salaryLines.month),
      asc(salaryLines.schoolItemCode),
      asc(salaryLines.role),
    )
    .limit(10_000);
  return rows.map((r) => ({
    month: monthText(r.year * 100 + r.month),
    schoolItemCode: r.campus,
    schoolItemName: r.name,
    role: r.role as TPayRole,
    employees: r.employees,
    total: fromCents(r.total),
  }));
}
