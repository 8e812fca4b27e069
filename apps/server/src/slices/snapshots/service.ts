// Employee snapshots (issue 17): recorded in payroll's computation transaction (the periodComputed event
// handler the composition root installs), read per period, and compared between two periods.
import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, monthString } from '@bo/domain';
import type { TSnapshotDiffRow } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import {
  employeeCampuses,
  employees,
  posts,
  salaryLines,
  salaryRuleRates,
  salaryRules,
  salaryRuns,
  schoolItems,
  skillRanks,
} from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { employeeSnapshots as es, type SnapshotRuleData } from './tables.js';

/** Records (replaces) the period's snapshot of the employees a computation just paid. */
export async function recordSnapshots(
  tx: DbOrTx,
  e: { year: number; month: number; employeeCodes: string[] },
): Promise<void> {
  const codes = e.employeeCodes;
  if (!codes.length) return;
  const [run] = await tx
    .select({ at: sql<Date | string>`max(${salaryRuns.computedAt})` })
    .from(salaryRuns)
    .where(and(eq(salaryRuns.year, e.year), eq(salaryRuns.month, e.month)));
  const recordedAt = run?.at ? new Date(run.at) : new Date(0);
  const people = await tx
    .select({
      code: employees.code,
      name: employees.name,
      status: employees.status,
      campus: employees.schoolItemCode,
      postCode: employees.postCode,
      postName: posts.name,
      rankCode: employees.skillRankCode,
      rankName: skillRanks.name,
    })
    .from(employees)
    .leftJoin(posts, eq(posts.code, employees.postCode))
    .leftJoin(skillRanks, eq(skillRanks.code, employees.skillRankCode))
    .where(inArray(employees.code, codes));
  const campusRows = await tx
    .select()
    .from(employeeCampuses)
    .where(inArray(employeeCampuses.employeeCode, codes));
  // The pay role and rule each was computed under, and their total of the period, from their lines.
  const lines = await tx
    .select({
      code: salaryLines.employeeCode,
      role: sql<string>`min(${salaryLines.role})`,
      ruleId: sql<number | null>`max(${salaryLines.ruleId})`,
      totalCents: sql<string>`coalesce(sum(${salaryLines.amountCents}), 0)::text`,
    })
    .from(salaryLines)
    .where(
      and(
        eq(salaryLines.year, e.year),
        eq(salaryLines.month, e.month),
        inArray(salaryLines.employeeCode, codes),
      ),
    )
    .groupBy(salaryLines.employeeCode);
  const ruleIds = [...new Set(lines.map((l) => l.ruleId).filter((x): x is number => x !== null))];
  const rules = ruleIds.length
    ? await tx
        .select()
        .from(salaryRules)
        .where(inArray(salaryRules.id, ruleIds.map(Number)))
    : [];
  const rates = ruleIds.length
    ? await tx
        .select()
        .from(salaryRuleRates)
        .where(inArray(salaryRuleRates.ruleId, ruleIds.map(Number)))
    : [];
  const ruleData = new Map<number, SnapshotRuleData>(
    rules.map((r) => [
      r.id,
      {
        id: r.id,
        effectiveFrom: r.effectiveFrom,
        baseCents: r.baseCents,
        commissionBp: r.commissionBp,
        perCaseCents: r.perCaseCents,
        targetBonusCents: r.targetBonusCents,
        bonusThresholdHours: Number(r.bonusThresholdHours),
        bonusCents: r.bonusCents,
        rates: Object.fromEntries(
          rates
            .filter((x) => x.ruleId === r.id)
            .map((x) => [`${x.payType}|${x.attendanceStatus}`, x.hourlyCents]),
        ),
      },
    ]),
  );
  const lineOf = new Map(lines.map((l) => [l.code, l]));
  await tx.delete(es).where(and(eq(es.year, e.year), eq(es.month, e.month), inArray(es.employeeCode, codes)));
  const rows = people.map((p) => {
    const l = lineOf.get(p.code);
    return {
      year: e.year,
      month: e.month,
      employeeCode: p.code,
      employeeName: p.name,
      status: p.status,
      schoolItemCode: p.campus,
      campuses: campusRows
        .filter((c) => c.employeeCode === p.code)
        .map((c) => c.schoolItemCode)
        .sort(),
      postCode: p.postCode,
      postName: p.postName,
      skillRankCode: p.rankCode,
      skillRankName: p.rankName,
      payRole: l?.role ?? null,
      rule: l?.ruleId != null ? (ruleData.get(Number(l.ruleId)) ?? null) : null,
      totalCents: Number(l?.totalCents ?? 0),
      recordedAt,
    };
  });
  if (rows.length) await tx.insert(es).values(rows);
}

// ---- reading ------------------------------------------------------------------------------------

function scopeWhere(u: AuthUser, asked?: string): SQL | undefined {
  if (asked) {
    assertCampus(u, asked);
    return eq(es.schoolItemCode, asked);
  }
  const scope = campusScope(u);
  if (scope === null) return undefined;
  return scope.length ? inArray(es.schoolItemCode, scope) : sql`false`;
}

const month = (ym: number) => monthString(Math.floor(ym / 100), ym % 100);
const rateList = (r: SnapshotRuleData | null) =>
  r
    ? Object.entries(r.rates)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k} ${fromCents(v)}`)
    : [];

type Snap = typeof es.$inferSelect & { schoolItemName?: string | null };

const toRow = (s: Snap) => ({
  id: s.id,
  year: s.year,
  month: s.month,
  employeeCode: s.employeeCode,
  employeeName: s.employeeName,
  status: s.status,
  schoolItemCode: s.schoolItemCode,
  schoolItemName: s.schoolItemName ?? null,
  campuses: s.campuses,
  postCode: s.postCode,
  postName: s.postName,
  skillRankCode: s.skillRankCode,
  skillRankName: s.skillRankName,
  payRole: s.payRole,
  rule: s.rule
    ? {
        id: s.rule.id,
        effectiveFrom: month(s.rule.effectiveFrom),
        base: fromCents(s.rule.baseCents),
        commissionBp: s.rule.commissionBp,
        perCase: fromCents(s.rule.perCaseCents),
        targetBonus: fromCents(s.rule.targetBonusCents),
        bonusThresholdHours: s.rule.bonusThresholdHours,
        bonus: fromCents(s.rule.bonusCents),
        rates: rateList(s.rule),
      }
    : null,
  total: fromCents(s.totalCents),
  recordedAt: s.recordedAt.toISOString(),
});

export async function periods(deps: AppDeps, u: AuthUser, q: { schoolItemCode?: string | undefined }) {
  const rows = await deps.db
    .select({
      year: es.year,
      month: es.month,
      employees: sql<number>`count(*)::int`.mapWith(Number),
      recordedAt: sql<Date | string>`max(${es.recordedAt})`,
    })
    .from(es)
    .where(scopeWhere(u, q.schoolItemCode))
    .groupBy(es.year, es.month)
    .orderBy(desc(es.year), desc(es.month));
  return rows.map((r) => ({ ...r, recordedAt: new Date(r.recordedAt).toISOString() }));
}

export async function list(
  deps: AppDeps,
  u: AuthUser,
  q: {
    year: number;
    month: number;
    schoolItemCode?: string | undefined;
    keyword?: string | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  const w = and(
    eq(es.year, q.year),
    eq(es.month, q.month),
    scopeWhere(u, q.schoolItemCode),
    q.keyword ? or(ilike(es.employeeName, `%${q.keyword}%`), eq(es.employeeCode, q.keyword)) : undefined,
  );
  const rows = await deps.db
    .select({ s: es, schoolItemName: schoolItems.name })
    .from(es)
    .leftJoin(schoolItems, eq(schoolItems.code, es.schoolItemCode))
    .where(w)
    .orderBy(asc(es.schoolItemCode), asc(es.employeeCode))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(es)
    .where(w);
  return {
    list: rows.map((r) => toRow({ ...r.s, schoolItemName: r.schoolItemName })),
    total: n?.n ?? 0,
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

/** The compared values of a snapshot, field by field (what the diff shows). */
function values(s: Snap): Record<TSnapshotDiffRow['fields'][number]['field'], string> {
  const r = s.rule;
  return {
    employeeName: s.employeeName,
    status: String(s.status),
    schoolItemCode: s.schoolItemCode ?? '',
    campuses: s.campuses.join(', '),
    post: [s.postCode, s.postName].filter(Boolean).join(' '),
    skillRank: [s.skillRankCode, s.skillRankName].filter(Boolean).join(' '),
    payRole: s.payRole ?? '',
    rule: r ? `#${r.id} ${month(r.effectiveFrom)}` : '',
    base: r ? fromCents(r.baseCents) : '',
    commissionBp: r ? String(r.commissionBp) : '',
    perCase: r ? fromCents(r.perCaseCents) : '',
    targetBonus: r ? fromCents(r.targetBonusCents) : '',
    bonus: r ? `${fromCents(r.bonusCents)} ≥ ${r.bonusThresholdHours}h` : '',
    rates: rateList(r).join('; '),
    total: fromCents(s.totalCents),
  };
}

export async function diff(
  deps: AppDeps,
  u: AuthUser,
  q: {
    year: number;
    month: number;
    againstYear?: number | undefined;
    againstMonth?: number | undefined;
    schoolItemCode?: string | undefined;
    changedOnly?: boolean | undefined;
  },
) {
  const scope = scopeWhere(u, q.schoolItemCode);
  let against: { year: number; month: number } | null = null;
  if (q.againstYear && q.againstMonth) against = { year: q.againstYear, month: q.againstMonth };
  else {
    const [prev] = await deps.db
      .select({ year: es.year, month: es.month })
      .from(es)
      .where(and(scope, lt(sql`${es.year} * 100 + ${es.month}`, q.year * 100 + q.month)))
      .orderBy(desc(es.year), desc(es.month))
      .limit(1);
    against = prev ?? null;
  }
  const of = (y: number, m: number) =>
    deps.db
      .select()
      .from(es)
      .where(and(eq(es.year, y), eq(es.month, m), scope));
  const now = await of(q.year, q.month);
  const before = against ? await of(against.year, against.month) : [];
  const prevOf = new Map(before.map((s) => [s.employeeCode, s]));
  const nowOf = new Map(now.map((s) => [s.employeeCode, s]));
  const rows: TSnapshotDiffRow[] = [];
  for (const s of now) {
    const p = prevOf.get(s.employeeCode);
    const after = values(s);
    if (!p) {
      rows.push({
        employeeCode: s.employeeCode,
        employeeName: s.employeeName,
        schoolItemCode: s.schoolItemCode,
        change: 'added',
        fields: [],
      });
      continue;
    }
    const was = values(p);
    const fields = (Object.keys(after) as (keyof typeof after)[])
      .filter((k) => was[k] !== after[k])
      .map((field) => ({ field, before: was[field], after: after[field] }));
    rows.push({
      employeeCode: s.employeeCode,
      employeeName: s.employeeName,
      schoolItemCode: s.schoolItemCode,
      change: fields.length ? 'changed' : 'same',
      fields,
    });
  }
  for (const p of before)
    if (!nowOf.has(p.employeeCode))
      rows.push({
        employeeCode: p.employeeCode,
        employeeName: p.employeeName,
        schoolItemCode: p.schoolItemCode,
        change: 'removed',
        fields: [],
      });
  rows.sort(
    (a, b) =>
      (a.schoolItemCode ?? '').localeCompare(b.schoolItemCode ?? '') ||
      a.employeeCode.localeCompare(b.employeeCode),
  );
  return { against, rows: q.changedOnly ? rows.filter((r) => r.change !== 'same') : rows };
}
