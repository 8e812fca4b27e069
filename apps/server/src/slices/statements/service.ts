// Account statements (docs/decisions.md "Student services and agreements"): drawn from the student
// ledger only — opening = every movement before the month, lines = the month's movements, closing =
// opening + lines — so a statement reconciles with the ledger by construction, and `check` tells
// when later movements (a late correction) made an old statement disagree.
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { fromCents } from '@bo/domain';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { monthBound } from '../../shared/days.js';
import { must } from '../../shared/must.js';
import { sendSms } from '../../shared/sms.js';
import { fromQ100, q100ToNumber, studentLedger, toQ100 } from '../ledger/index.js';
import { orders } from '../orders/index.js';
import { DELETED, students } from '../students/index.js';
import { accountStatements, type StoredLine } from './tables.js';

/** Sum of a student's movements before an instant: hundredths and cents. */
async function balanceBefore(tx: DbOrTx, studentId: number, at: Date) {
  const [r] = await tx
    .select({
      hours: sql<string>`coalesce(sum(${studentLedger.hours}), 0)::text`,
      cents: sql<string>`coalesce(sum(${studentLedger.valueCents}), 0)::text`,
    })
    .from(studentLedger)
    .where(and(eq(studentLedger.studentId, studentId), lt(studentLedger.postedAt, at)));
  return { hours100: toQ100(r?.hours ?? '0'), cents: Number(r?.cents ?? 0) };
}

async function draw(tx: DbOrTx, studentId: number, month: string) {
  const { start, end } = monthBound('month', month);
  const opening = await balanceBefore(tx, studentId, start);
  const rows = await tx
    .select({ m: studentLedger, orderCode: orders.code })
    .from(studentLedger)
    .leftJoin(orders, eq(orders.id, studentLedger.orderId))
    .where(
      and(
        eq(studentLedger.studentId, studentId),
        gte(studentLedger.postedAt, start),
        lt(studentLedger.postedAt, end),
      ),
    )
    .orderBy(asc(studentLedger.postedAt), asc(studentLedger.id));
  const lines: StoredLine[] = rows.map(({ m, orderCode }) => ({
    postedAt: m.postedAt.toISOString(),
    kind: m.kind,
    orderCode: orderCode ?? '',
    courseCode: m.courseCode,
    hours100: toQ100(m.hours),
    valueCents: m.valueCents,
    note: m.note,
  }));
  const closing = {
    hours100: opening.hours100 + lines.reduce((s, l) => s + l.hours100, 0),
    cents: opening.cents + lines.reduce((s, l) => s + l.valueCents, 0),
  };
  return { opening, closing, lines };
}

type StatementRecord = typeof accountStatements.$inferSelect;

async function write(
  tx: DbOrTx,
  u: AuthUser,
  s: { id: number; schoolItemCode: string },
  month: string,
  version: number,
  now: Date,
) {
  const d = await draw(tx, s.id, month);
  const [row] = await tx
    .insert(accountStatements)
    .values({
      studentId: s.id,
      schoolItemCode: s.schoolItemCode,
      month,
      version,
      isCurrent: true,
      openingHours: fromQ100(d.opening.hours100),
      openingCents: d.opening.cents,
      closingHours: fromQ100(d.closing.hours100),
      closingCents: d.closing.cents,
      lines: d.lines,
      generatedAt: now,
      generatedBy: u.id,
    })
    .returning({ id: accountStatements.id });
  return must(row, 'statement').id;
}

/**
 * The month's statements of a campus's students (or of one) that have anything to show — movements
 * in the month or a balance at its start — and no statement yet.
 */
export async function generate(
  deps: AppDeps,
  u: AuthUser,
  b: { schoolItemCode: string; month: string; studentId?: number | undefined },
) {
  assertCampus(u, b.schoolItemCode);
  const { end } = monthBound('month', b.month);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const who = await tx
      .select({ id: students.id, schoolItemCode: students.schoolItemCode })
      .from(students)
      .where(
        and(
          eq(students.schoolItemCode, b.schoolItemCode),
          ne(students.status, DELETED),
          b.studentId !== undefined ? eq(students.id, b.studentId) : undefined,
          sql`exists (select 1 from ${studentLedger} where ${studentLedger.studentId} = ${students.id} and ${studentLedger.postedAt} < ${end})`,
        ),
      )
      .orderBy(asc(students.id));
    const ids = who.map((s) => s.id);
    const have = new Set(
      (
        await tx
          .select({ id: accountStatements.studentId })
          .from(accountStatements)
          .where(
            and(inArray(accountStatements.studentId, [...ids, -1]), eq(accountStatements.month, b.month)),
          )
      ).map((r) => r.id),
    );
    let created = 0;
    for (const s of who) {
      if (have.has(s.id)) continue;
      await write(tx, u, s, b.month, 1, now);
      created++;
    }
    await writeAudit(tx, {
      action: 'statement.generate',
      target: `schoolItems:${b.schoolItemCode}`,
      detail: { month: b.month, created },
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { created, existing: have.size };
  });
}

/** A statement in the caller's campuses; `field` names the body's key (a path's id has none). */
async function load(tx: DbOrTx, u: AuthUser, id: number, field?: string): Promise<StatementRecord> {
  const [r] = await tx.select().from(accountStatements).where(eq(accountStatements.id, id));
  if (!r) throw notFound('对账单 / statement', field);
  assertCampus(u, r.schoolItemCode);
  return r;
}

/** A new version drawn from the ledger now; the one it replaces is kept, no longer current. */
export async function regenerate(deps: AppDeps, u: AuthUser, id: number) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const r = await load(tx, u, id);
    // Two regenerations of one student's month number their versions one after the other: the
    // student row is the lock (locking the versions is not enough: a waiting transaction would not
    // see the version the first one inserted and would take its number), and the versions are read
    // after it is held, so they include what the first one committed.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, r.studentId)).for('update');
    const versions = await tx
      .select({ id: accountStatements.id, version: accountStatements.version })
      .from(accountStatements)
      .where(and(eq(accountStatements.studentId, r.studentId), eq(accountStatements.month, r.month)));
    const version = Math.max(...versions.map((v) => v.version)) + 1;
    await tx
      .update(accountStatements)
      .set({ isCurrent: false })
      .where(and(eq(accountStatements.studentId, r.studentId), eq(accountStatements.month, r.month)));
    const newId = await write(
      tx,
      u,
      { id: r.studentId, schoolItemCode: r.schoolItemCode },
      r.month,
      version,
      now,
    );
    await writeAudit(tx, {
      action: 'statement.regenerate',
      target: `accountStatements:${newId}`,
      detail: { from: r.id, version },
      userId: u.id,
      username: u.username,
      at: now,
    });
    return { id: newId, version };
  });
}

const rowCols = {
  r: accountStatements,
  studentCode: students.code,
  studentName: students.name,
};
function toRow(x: { r: StatementRecord; studentCode: string | null; studentName: string | null }) {
  const r = x.r;
  const lines = r.lines;
  const sumIf = (f: (l: StoredLine) => boolean, k: 'hours100' | 'valueCents') =>
    lines.filter(f).reduce((s, l) => s + l[k], 0);
  return {
    id: r.id,
    studentId: r.studentId,
    studentCode: x.studentCode ?? '',
    studentName: x.studentName ?? '',
    schoolItemCode: r.schoolItemCode,
    month: r.month,
    version: r.version,
    openingHours: q100ToNumber(toQ100(r.openingHours)),
    openingValue: fromCents(r.openingCents),
    inHours: q100ToNumber(sumIf((l) => l.hours100 > 0, 'hours100')),
    outHours: q100ToNumber(-sumIf((l) => l.hours100 < 0, 'hours100')),
    inValue: fromCents(sumIf((l) => l.valueCents > 0, 'valueCents')),
    outValue: fromCents(-sumIf((l) => l.valueCents < 0, 'valueCents')),
    closingHours: q100ToNumber(toQ100(r.closingHours)),
    closingValue: fromCents(r.closingCents),
    generatedAt: r.generatedAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    sentCount: r.sentCount,
  };
}

export interface Filter {
  schoolItemCode?: string | undefined;
  month?: string | undefined;
  keyword?: string | undefined;
}
function where(u: AuthUser, f: Filter): SQL | undefined {
  if (f.schoolItemCode) assertCampus(u, f.schoolItemCode);
  const scope = campusScope(u);
  return and(
    eq(accountStatements.isCurrent, true),
    scope ? inArray(accountStatements.schoolItemCode, [...scope, '']) : undefined,
    f.schoolItemCode ? eq(accountStatements.schoolItemCode, f.schoolItemCode) : undefined,
    f.month ? eq(accountStatements.month, f.month) : undefined,
    f.keyword ? or(ilike(students.name, `%${f.keyword}%`), eq(students.code, f.keyword)) : undefined,
  );
}
const listQuery = (tx: DbOrTx, w: SQL | undefined) =>
  tx
    .select(rowCols)
    .from(accountStatements)
    .leftJoin(students, eq(students.id, accountStatements.studentId))
    .where(w);

export async function queryPage(
  deps: AppDeps,
  u: AuthUser,
  q: Filter & { pageIdx: number; pageSize: number },
) {
  const w = where(u, q);
  const rows = await listQuery(deps.db, w)
    .orderBy(desc(accountStatements.month), asc(accountStatements.studentId))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountStatements)
    .leftJoin(students, eq(students.id, accountStatements.studentId))
    .where(w);
  return { list: rows.map(toRow), total: Number(n?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function all(deps: AppDeps, u: AuthUser, q: Filter) {
  const rows = await listQuery(deps.db, where(u, q)).orderBy(
    desc(accountStatements.month),
    asc(accountStatements.studentId),
  );
  return rows.map(toRow);
}

export async function detail(deps: AppDeps, u: AuthUser, id: number) {
  const r = await load(deps.db, u, id);
  const [x] = await listQuery(deps.db, eq(accountStatements.id, r.id));
  const versions = await deps.db
    .select()
    .from(accountStatements)
    .where(
      and(
        eq(accountStatements.studentId, r.studentId),
        eq(accountStatements.month, r.month),
        ne(accountStatements.id, r.id),
      ),
    )
    .orderBy(desc(accountStatements.version));
  return {
    ...toRow(must(x, 'statement row')),
    lines: r.lines.map((l) => ({
      postedAt: l.postedAt,
      kind: l.kind,
      orderCode: l.orderCode,
      courseCode: l.courseCode,
      hours: q100ToNumber(l.hours100),
      value: fromCents(l.valueCents),
      note: l.note,
    })),
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      generatedAt: v.generatedAt.toISOString(),
      closingValue: fromCents(v.closingCents),
    })),
  };
}

/** The statement's closing balance against the ledger's at the month's end, as the ledger is now. */
export async function check(deps: AppDeps, u: AuthUser, id: number) {
  const r = await load(deps.db, u, id, 'id');
  const { end } = monthBound('month', r.month);
  const now = await balanceBefore(deps.db, r.studentId, end);
  const hours100 = toQ100(r.closingHours);
  return {
    consistent: now.hours100 === hours100 && now.cents === r.closingCents,
    ledgerClosingHours: q100ToNumber(now.hours100),
    ledgerClosingValue: fromCents(now.cents),
    statementClosingHours: q100ToNumber(hours100),
    statementClosingValue: fromCents(r.closingCents),
  };
}

/**
 * Texts the family the month's closing balance (kind `accountStatement` of SMS_TEMPLATES: student
 * name, month, hours left, value left). Sent outside the transaction; recorded only when sent.
 */
export async function resend(deps: AppDeps, u: AuthUser, id: number) {
  const r = await load(deps.db, u, id);
  const [s] = await deps.db.select().from(students).where(eq(students.id, r.studentId));
  const student = must(s, 'student of a statement');
  const receipt = await sendSms(deps, {
    kind: 'accountStatement',
    phone: student.phone,
    params: [student.name, r.month, fromQ100(toQ100(r.closingHours)), fromCents(r.closingCents)],
  });
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountStatements)
      .set({ sentAt: at, sentCount: sql`${accountStatements.sentCount} + 1` })
      .where(eq(accountStatements.id, r.id));
    await writeAudit(tx, {
      action: 'statement.send',
      target: `accountStatements:${r.id}`,
      detail: { serial: receipt.serialNo },
      userId: u.id,
      username: u.username,
      at,
    });
  });
  return { sentAt: at.toISOString(), phone: receipt.phone };
}
