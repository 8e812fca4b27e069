// Sealing salary periods: the one check every slice asks before changing what a period covers
// (assertOpen), and the commands that seal and unseal (docs/payroll.md "Sealing").
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { monthString, shanghaiDate } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, salaryPeriods, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { conflict, ruleViolation, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { periodDays, periodOfDay } from './periods.js';
import { forbidBills } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const SEALED = 1;

/**
 * The one refusal of a change inside a sealed period: 409, bilingual, naming the period and what
 * (and the input field that dated it, when a field did).
 */
export function sealedError(year: number, month: number, what: string, field?: string) {
  const [zh, en = zh] = what.split(' / ');
  const m = monthString(year, month);
  return conflict(
    `该期间已封账（${m}），${zh}不能再修改 / The period ${m} is sealed: ${en} can no longer change`,
    field,
  );
}

/** Whether the period (year, month) is sealed. */
export async function isSealed(tx: DbOrTx, year: number, month: number): Promise<boolean> {
  const [f] = await tx
    .select({ status: forbidBills.status })
    .from(forbidBills)
    .where(and(eq(forbidBills.year, year), eq(forbidBills.month, month)));
  return f?.status === SEALED;
}

/**
 * Refuses (409) a change to something of `day` (YYYY-MM-DD, Shanghai) when the salary period holding
 * that day is sealed. `what` is bilingual, '中文 / English': '考勤 / attendance' names what changes;
 * `field`, when given, is the input that carried the date (a pay record's `paidAt`).
 */
export async function assertOpen(
  tx: DbOrTx,
  o: { day: string; what: string; field?: string },
): Promise<void> {
  const p = await periodOfDay(tx, o.day);
  if (await isSealed(tx, p.year, p.month)) throw sealedError(p.year, p.month, o.what, o.field);
}

/** assertOpen for a moment (a payment's, an order's time): its Shanghai day. */
export const assertOpenAt = (tx: DbOrTx, at: Date, what: string, field?: string) =>
  assertOpen(tx, { day: shanghaiDate(at), what, ...(field ? { field } : {}) });

const sealer = alias(users, 'sealer');
const unsealer = alias(users, 'unsealer');

export async function listPeriods(deps: AppDeps, year?: number) {
  const db = deps.db;
  const ps = await db
    .select({ year: salaryPeriods.year, month: salaryPeriods.month })
    .from(salaryPeriods)
    .where(year ? eq(salaryPeriods.year, year) : undefined);
  const fs = await db
    .select({ f: forbidBills, sealedByName: sealer.name, unsealedByName: unsealer.name })
    .from(forbidBills)
    .leftJoin(sealer, eq(sealer.id, forbidBills.sealedBy))
    .leftJoin(unsealer, eq(unsealer.id, forbidBills.unsealedBy))
    .where(year ? eq(forbidBills.year, year) : undefined)
    .orderBy(desc(forbidBills.year), desc(forbidBills.month));
  const keys = new Map<number, { year: number; month: number }>();
  for (const p of [...ps, ...fs.map((x) => x.f)])
    keys.set(p.year * 100 + p.month, { year: p.year, month: p.month });
  const out = [];
  for (const k of [...keys.keys()].sort((a, b) => b - a)) {
    const { year: y, month: m } = keys.get(k) ?? { year: 0, month: 0 };
    const days = await periodDays(db, y, m);
    const x = fs.find((r) => r.f.year === y && r.f.month === m);
    out.push({
      year: y,
      month: m,
      startDate: days.startDate,
      endDate: days.endDate,
      sealed: x?.f.status === SEALED,
      sealedAt: x ? x.f.sealedAt.toISOString() : null,
      sealedByName: x?.sealedByName ?? null,
      unsealedAt: x?.f.unsealedAt ? x.f.unsealedAt.toISOString() : null,
      unsealedByName: x?.unsealedByName ?? null,
      unsealReason: x?.f.unsealReason ?? null,
      version: x?.f.version ?? 0,
    });
  }
  return out;
}

const SEAL_ACTIONS = { 'sealing.seal': 'seal', 'sealing.unseal': 'reopen' } as const;

/**
 * Every seal and reopening, newest first, read from the audit log (the forbid_bills row keeps only
 * the last of each): who, when, which period and, for a reopening, why.
 */
export async function sealHistory(deps: AppDeps, year?: number) {
  const rows = await deps.db
    .select({ a: auditLog, name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        inArray(auditLog.action, Object.keys(SEAL_ACTIONS)),
        like(auditLog.target, year ? `forbid_bills:${year}-%` : 'forbid_bills:%'),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(500);
  return rows.map(({ a, name }) => {
    const d = (a.detail ?? {}) as { year?: number; month?: number; reason?: string };
    const [y = 0, m = 0] = (a.target ?? '').replace('forbid_bills:', '').split('-').map(Number);
    return {
      id: a.id,
      year: d.year ?? y,
      month: d.month ?? m,
      action: SEAL_ACTIONS[a.action as keyof typeof SEAL_ACTIONS],
      at: a.at.toISOString(),
      byName: name ?? a.username ?? null,
      reason: d.reason ?? null,
    };
  });
}

async function lockBill(tx: DbOrTx, year: number, month: number) {
  const [f] = await tx
    .select()
    .from(forbidBills)
    .where(and(eq(forbidBills.year, year), eq(forbidBills.month, month)))
    .for('update');
  return f ?? null;
}

const checkVersion = (have: number, sent: number | undefined) => {
  if (sent !== undefined && sent !== have) throw staleVersion();
};

export async function seal(
  deps: AppDeps,
  u: AuthUser,
  b: { year: number; month: number; version?: number | undefined },
  ip?: string,
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const days = await periodDays(tx, b.year, b.month);
    if (days.startDate > shanghaiDate(at))
      throw ruleViolation(
        '该期间尚未开始，不能封账 / the period has not started and cannot be sealed',
        'month',
      );
    const f = await lockBill(tx, b.year, b.month);
    checkVersion(f?.version ?? 0, b.version);
    if (f?.status === SEALED)
      throw conflict(
        `${monthString(b.year, b.month)} 已封账 / ${monthString(b.year, b.month)} is already sealed`,
        'month',
      );
    if (f)
      await updateVersioned(tx, forbidBills, {
        where: eq(forbidBills.id, f.id),
        version: f.version,
        set: { status: SEALED, sealedBy: u.id, sealedAt: at },
      });
    else {
      // Two HR users sealing a never-sealed month at once: the unique index keeps one.
      const ins = await tx
        .insert(forbidBills)
        .values({ year: b.year, month: b.month, status: SEALED, sealedBy: u.id, sealedAt: at })
        .onConflictDoNothing()
        .returning({ id: forbidBills.id });
      if (!ins.length) throw staleVersion();
    }
    await writeAudit(tx, {
      action: 'sealing.seal',
      target: `forbid_bills:${monthString(b.year, b.month)}`,
      detail: { year: b.year, month: b.month, startDate: days.startDate, endDate: days.endDate },
      userId: u.id,
      username: u.username,
      ip: ip ?? null,
      at,
    });
    return true as const;
  });
}

export async function unseal(
  deps: AppDeps,
  u: AuthUser,
  b: { year: number; month: number; reason: string; version?: number | undefined },
  ip?: string,
) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const f = await lockBill(tx, b.year, b.month);
    if (f?.status !== SEALED)
      throw conflict(
        `${monthString(b.year, b.month)} 未封账 / ${monthString(b.year, b.month)} is not sealed`,
        'month',
      );
    checkVersion(f.version, b.version);
    await updateVersioned(tx, forbidBills, {
      where: eq(forbidBills.id, f.id),
      version: f.version,
      set: { status: 0, unsealedBy: u.id, unsealedAt: at, unsealReason: b.reason },
    });
    await writeAudit(tx, {
      action: 'sealing.unseal',
      target: `forbid_bills:${monthString(b.year, b.month)}`,
      detail: { year: b.year, month: b.month, reason: b.reason },
      userId: u.id,
      username: u.username,
      ip: ip ?? null,
      at,
    });
    return true as const;
  });
}
