// The HR sync (docs/payroll.md "HR sync"): organisation units and employees read from the HR system into
// ours, and a month's payroll results pushed to it. Employees are written through the employees slice's
// master-data import (validated, audited, one transaction, created / updated / unchanged) and matched on
// the HR system's id recorded on the employee, so a second run changes nothing.
import { createHash } from 'node:crypto';
import type { THrSyncResult, THrSyncStatus } from '@bo/api-sdk';
import { fromCents } from '@bo/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { employees, posts, salaryLines, schoolItems, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { ruleViolation } from '../../http/errors.js';
import { employeeType, hrLinks, recordHrIds } from '../employees/index.js';
import {
  beisen,
  beisenMissing,
  employeeList,
  organizations,
  pushPayroll,
  type PayrollItem,
} from './beisen.js';
import { hrOrgUnits, hrPayrollPushes, hrSyncRuns } from './tables.js';

type Skipped = THrSyncResult['skipped'];
type Counts = Pick<THrSyncResult, 'total' | 'created' | 'updated' | 'unchanged'>;

async function recordRun(
  deps: AppDeps,
  user: AuthUser,
  r: THrSyncResult,
  period?: { year: number; month: number },
): Promise<THrSyncResult> {
  await deps.db.insert(hrSyncRuns).values({
    kind: r.kind,
    year: period?.year ?? null,
    month: period?.month ?? null,
    total: r.total,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    skipped: r.skipped,
    at: deps.now(),
    userId: user.id,
  });
  return r;
}

export async function status(deps: AppDeps): Promise<THrSyncStatus> {
  const missing = beisenMissing(deps.config);
  const runs = await deps.db
    .select({ r: hrSyncRuns, byName: users.name })
    .from(hrSyncRuns)
    .leftJoin(users, eq(users.id, hrSyncRuns.userId))
    .orderBy(desc(hrSyncRuns.at), desc(hrSyncRuns.id))
    .limit(20);
  return {
    configured: missing.length === 0,
    missing: [...missing],
    runs: runs.map(({ r, byName }) => ({
      id: r.id,
      kind: r.kind as THrSyncResult['kind'],
      year: r.year,
      month: r.month,
      total: r.total,
      created: r.created,
      updated: r.updated,
      unchanged: r.unchanged,
      skippedCount: Array.isArray(r.skipped) ? r.skipped.length : 0,
      at: r.at.toISOString(),
      byName,
    })),
  };
}

/** Organisation units: upserted by the HR system's id. */
export async function syncOrganization(deps: AppDeps, user: AuthUser): Promise<THrSyncResult> {
  const cl = beisen(deps.config, deps.tokens);
  const units = await organizations(cl, deps.now);
  const counts: Counts = { total: units.length, created: 0, updated: 0, unchanged: 0 };
  await deps.db.transaction(async (tx) => {
    const had = new Map((await tx.select().from(hrOrgUnits)).map((u) => [u.externalId, u]));
    const now = deps.now();
    for (const u of units) {
      const values = { code: u.code, name: u.name, parentExternalId: u.parentId, status: u.status };
      const old = had.get(u.oId);
      if (!old) {
        await tx.insert(hrOrgUnits).values({ externalId: u.oId, ...values, updatedAt: now });
        counts.created += 1;
      } else if (
        old.code !== values.code ||
        old.name !== values.name ||
        old.parentExternalId !== values.parentExternalId ||
        old.status !== values.status
      ) {
        await tx
          .update(hrOrgUnits)
          .set({ ...values, updatedAt: now })
          .where(eq(hrOrgUnits.id, old.id));
        counts.updated += 1;
      } else counts.unchanged += 1;
    }
  });
  return recordRun(deps, user, { kind: 'organization', ...counts, skipped: [] });
}

/** The campus of an HR department: the nearest unit up the tree whose code is one of our campuses. */
function campusResolver(units: (typeof hrOrgUnits.$inferSelect)[], campusCodes: Set<string>) {
  const byId = new Map(units.map((u) => [u.externalId, u]));
  return (departmentId: string): string | null => {
    let u = byId.get(departmentId);
    for (let depth = 0; u && depth < 20; depth += 1) {
      if (campusCodes.has(u.code)) return u.code;
      u = u.parentExternalId ? byId.get(u.parentExternalId) : undefined;
    }
    return null;
  };
}

/** Beisen employee statuses of someone who has left (8 left, 6 retired). */
const LEFT = new Set([6, 8]);

export async function syncEmployees(deps: AppDeps, user: AuthUser, ip?: string): Promise<THrSyncResult> {
  const cl = beisen(deps.config, deps.tokens);
  const people = await employeeList(cl, deps.now);
  const db = deps.db;
  const units = await db.select().from(hrOrgUnits);
  const campuses = await db.select({ code: schoolItems.code }).from(schoolItems);
  const campusOf = campusResolver(units, new Set(campuses.map((c) => c.code)));
  const postRows = await db.select({ code: posts.code, name: posts.name }).from(posts);
  const postByName = new Map(postRows.map((p) => [p.name, p.code]));
  const links = await hrLinks(db);
  const codeByHrId = new Map(links.filter((l) => l.hrId).map((l) => [l.hrId, l.code]));
  const ctx = { deps, user, ip };
  const ours = new Map((await employeeType.all(ctx, {})).map((e) => [e.code, e]));
  const allCodes = new Set(links.map((l) => l.code));

  const skipped: Skipped = [];
  const rows: Record<string, unknown>[] = [];
  const linked: Array<{ code: string; hrId: string }> = [];
  for (const p of people) {
    const code = codeByHrId.get(p.userId) ?? (p.jobNumber || `BS${p.userId}`);
    const existing = ours.get(code);
    if (!existing && allCodes.has(code)) {
      skipped.push({
        ref: p.userId,
        name: p.name,
        reason: '员工不在您的校区范围内 / the employee is outside your campuses',
      });
      continue;
    }
    const campus = campusOf(p.departmentId);
    if (!campus) {
      skipped.push({
        ref: p.userId,
        name: p.name,
        reason: `部门 ${p.departmentId} 不属于任何校区（请先同步组织） / department ${p.departmentId} belongs to no campus (sync the organisation first)`,
      });
      continue;
    }
    const postCode = postByName.get(p.postName) ?? existing?.postCode;
    if (!postCode) {
      skipped.push({
        ref: p.userId,
        name: p.name,
        reason: `岗位「${p.postName}」不存在 / no post named "${p.postName}"`,
      });
      continue;
    }
    rows.push({
      code,
      name: p.name,
      mobile: p.mobile || null,
      gender: p.gender === 1 ? 2 : 1,
      schoolItemCode: campus,
      // Campuses and subjects are ours (the HR system knows one department): kept as they are.
      schoolItemCodes: [...new Set([campus, ...(existing?.schoolItemCodes ?? [])])].sort(),
      subjectIds: existing?.subjectIds ?? [],
      postCode,
      entryDate: p.entryDate,
      status: LEFT.has(p.employeeStatus) ? 0 : 1,
    });
    linked.push({ code, hrId: p.userId });
  }
  const r = await employeeType.importRows(ctx, rows, { dryRun: false });
  if (!r.written && r.errors.length)
    throw ruleViolation(
      `HR 数据有误，未写入任何员工 / the HR data has errors, no employee was written: ${r.errors
        .slice(0, 5)
        .map((e) => `${String(rows[e.row - 1]?.code ?? e.row)} ${e.column}: ${e.reason}`)
        .join('; ')}`,
    );
  // The link is recorded after the import: a run that stops between the two links on the next run by
  // the job number (the code), so nothing is created twice.
  await db.transaction((tx) => recordHrIds(tx, linked));
  return recordRun(deps, user, {
    kind: 'employees',
    total: people.length,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    skipped,
  });
}

/** A month's computed results per employee, in a stable order (the digest compares them). */
async function monthResults(deps: AppDeps, year: number, month: number) {
  const lines = await deps.db
    .select({
      employeeCode: salaryLines.employeeCode,
      item: salaryLines.item,
      schoolItemCode: salaryLines.schoolItemCode,
      amountCents: salaryLines.amountCents,
      name: employees.name,
      hrId: employees.hrId,
    })
    .from(salaryLines)
    .leftJoin(employees, eq(employees.code, salaryLines.employeeCode))
    .where(and(eq(salaryLines.year, year), eq(salaryLines.month, month)))
    .orderBy(
      asc(salaryLines.employeeCode),
      asc(salaryLines.schoolItemCode),
      asc(salaryLines.item),
      asc(salaryLines.id),
    );
  const by = new Map<
    string,
    { name: string; hrId: string | null; totalCents: number; lines: PayrollItem['lines'] }
  >();
  for (const l of lines) {
    const e = by.get(l.employeeCode) ?? { name: l.name ?? '', hrId: l.hrId, totalCents: 0, lines: [] };
    e.totalCents += l.amountCents;
    e.lines.push({ item: l.item, schoolItemCode: l.schoolItemCode, amount: fromCents(l.amountCents) });
    by.set(l.employeeCode, e);
  }
  return by;
}

/** Pushes what changed of a month's results since the last push (none before: all of them). */
export async function syncPayroll(
  deps: AppDeps,
  user: AuthUser,
  period: { year: number; month: number },
): Promise<THrSyncResult> {
  const cl = beisen(deps.config, deps.tokens);
  const results = await monthResults(deps, period.year, period.month);
  const pushed = new Map(
    (
      await deps.db
        .select()
        .from(hrPayrollPushes)
        .where(and(eq(hrPayrollPushes.year, period.year), eq(hrPayrollPushes.month, period.month)))
    ).map((p) => [p.employeeCode, p]),
  );
  const skipped: Skipped = [];
  const send: Array<{ code: string; digest: string; totalCents: number; item: PayrollItem; isNew: boolean }> =
    [];
  let unchanged = 0;
  for (const [code, e] of results) {
    if (!e.hrId) {
      skipped.push({
        ref: code,
        name: e.name,
        reason: '员工未关联HR系统（请先同步员工） / not linked to the HR system (sync the employees first)',
      });
      continue;
    }
    const item: PayrollItem = {
      userId: e.hrId,
      jobNumber: code,
      name: e.name,
      totalAmount: fromCents(e.totalCents),
      lines: e.lines,
    };
    const digest = createHash('sha256').update(JSON.stringify(item)).digest('hex');
    const had = pushed.get(code);
    if (had?.digest === digest) unchanged += 1;
    else send.push({ code, digest, totalCents: e.totalCents, item, isNew: !had });
  }
  if (send.length)
    await pushPayroll(
      cl,
      period.year,
      period.month,
      send.map((s) => s.item),
      deps.now,
    );
  // Recorded once the HR system accepted them: a failed push is sent again by the next run.
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    for (const s of send)
      await tx
        .insert(hrPayrollPushes)
        .values({
          ...period,
          employeeCode: s.code,
          totalCents: s.totalCents,
          digest: s.digest,
          pushedAt: now,
        })
        .onConflictDoUpdate({
          target: [hrPayrollPushes.year, hrPayrollPushes.month, hrPayrollPushes.employeeCode],
          set: { totalCents: s.totalCents, digest: s.digest, pushedAt: now },
        });
  });
  return recordRun(
    deps,
    user,
    {
      kind: 'payroll',
      total: results.size,
      created: send.filter((s) => s.isNew).length,
      updated: send.filter((s) => !s.isNew).length,
      unchanged,
      skipped,
    },
    period,
  );
}
