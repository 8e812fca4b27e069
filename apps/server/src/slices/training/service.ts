// Trainings and their sign-in (issue 17, /train/*). A training's day lies in a salary period; once
// that period is sealed the training, its attendees and who attended can no longer change, because
// the attended hours are an input of the period's teacher pay (payroll reads them, docs/payroll.md).
import type {
  TTrainingDetail,
  TTrainingRow,
  TrainingInput,
  TrainingQuery,
  TrainingSignInput,
} from '@bo/api-sdk';
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { and_, iso } from '../../db/rowHelpers.js';
import { employees, schoolItems } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { badInput, notFound, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { codeNames } from '../../shared/masterdata/index.js';
import { assertOpen } from '../sealing/index.js';
import { trainingAttendees, trainings } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

const WHAT = '培训 / the training';
const LABEL = '培训 / training';

type Row = typeof trainings.$inferSelect;

/** Rows with campus names and attendee counts (one query per part, not per row). */
async function decorate(db: DbOrTx, rows: Row[]): Promise<TTrainingRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const att = await db
    .select({
      trainingId: trainingAttendees.trainingId,
      code: trainingAttendees.employeeCode,
      attended: trainingAttendees.attended,
    })
    .from(trainingAttendees)
    .where(inArray(trainingAttendees.trainingId, ids))
    .orderBy(asc(trainingAttendees.employeeCode));
  const campusName = await codeNames(
    db,
    schoolItems,
    rows.map((r) => r.schoolItemCode),
  );
  return rows.map((r) => {
    const mine = att.filter((a) => a.trainingId === r.id);
    return {
      id: r.id,
      schoolItemCode: r.schoolItemCode,
      schoolItemName: campusName.get(r.schoolItemCode) ?? null,
      subject: r.subject,
      trainingDate: r.trainingDate,
      hours: Number(r.hours),
      trainer: r.trainer,
      remark: r.remark,
      attendeeCount: mine.length,
      attendedCount: mine.filter((a) => a.attended).length,
      attendeeCodes: mine.map((a) => a.code),
      version: r.version,
    };
  });
}

export async function list(deps: AppDeps, user: AuthUser, q: z.infer<typeof TrainingQuery>) {
  const scope = campusScope(user);
  if (q.schoolItemCode) assertCampus(user, q.schoolItemCode);
  const where = and_([
    q.schoolItemCode ? eq(trainings.schoolItemCode, q.schoolItemCode) : undefined,
    scope ? inArray(trainings.schoolItemCode, scope.length ? scope : ['']) : undefined,
    q.subject ? ilike(trainings.subject, `%${q.subject.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.from ? gte(trainings.trainingDate, q.from) : undefined,
    q.to ? lte(trainings.trainingDate, q.to) : undefined,
  ]);
  const db = deps.db;
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trainings)
    .where(where);
  const rows = await db
    .select()
    .from(trainings)
    .where(where)
    .orderBy(desc(trainings.trainingDate), desc(trainings.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  return {
    list: await decorate(db, rows),
    total: Number(c?.n ?? 0),
    pageIdx: q.pageIdx,
    pageSize: q.pageSize,
  };
}

/** The training, in the caller's scope (404 missing, 403 outside). */
/** `field`: the body field that sent the id, named by the 404. */
async function load(db: DbOrTx, user: AuthUser, id: number, lock = false, field?: string): Promise<Row> {
  const q = db.select().from(trainings).where(eq(trainings.id, id));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw notFound(LABEL, field);
  assertCampus(user, r.schoolItemCode);
  return r;
}

async function detailOf(db: DbOrTx, r: Row): Promise<TTrainingDetail> {
  const [row] = await decorate(db, [r]);
  if (!row) throw notFound(LABEL);
  const att = await db
    .select({
      id: trainingAttendees.id,
      employeeCode: trainingAttendees.employeeCode,
      employeeName: employees.name,
      attended: trainingAttendees.attended,
      signedAt: trainingAttendees.signedAt,
    })
    .from(trainingAttendees)
    .leftJoin(employees, eq(employees.code, trainingAttendees.employeeCode))
    .where(eq(trainingAttendees.trainingId, r.id))
    .orderBy(asc(trainingAttendees.employeeCode));
  return { ...row, attendees: att.map((a) => ({ ...a, signedAt: iso(a.signedAt) })) };
}

export async function detail(deps: AppDeps, user: AuthUser, id: number): Promise<TTrainingDetail> {
  return detailOf(deps.db, await load(deps.db, user, id));
}

export async function save(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof TrainingInput>,
  ip?: string,
): Promise<TTrainingRow> {
  assertCampus(user, input.schoolItemCode);
  const codes = [...new Set(input.attendeeCodes)];
  return deps.db.transaction(async (tx) => {
    const [campus] = await tx
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(eq(schoolItems.code, input.schoolItemCode));
    if (!campus) throw badInput('schoolItemCode', `未知的校区 / unknown campus ${input.schoolItemCode}`);
    if (codes.length) {
      const found = await tx
        .select({ code: employees.code })
        .from(employees)
        .where(inArray(employees.code, codes));
      const missing = codes.filter((c) => !found.some((f) => f.code === c));
      if (missing.length)
        throw badInput('attendeeCodes', `未知的员工 / unknown employees: ${missing.join(', ')}`);
    }
    await assertOpen(tx, { day: input.trainingDate, what: WHAT });
    const now = deps.now();
    const values = {
      schoolItemCode: input.schoolItemCode,
      subject: input.subject,
      trainingDate: input.trainingDate,
      hours: input.hours.toFixed(2),
      trainer: input.trainer,
      remark: input.remark,
    };
    let saved: Row;
    if (input.id) {
      const old = await load(tx, user, input.id, true, 'id');
      if (input.version !== old.version) throw staleVersion();
      await assertOpen(tx, { day: old.trainingDate, what: WHAT });
      const u = await updateVersioned(tx, trainings, {
        where: eq(trainings.id, old.id),
        version: undefined,
        set: { ...values },
        at: now,
      });
      if (!u) throw notFound(LABEL);
      saved = u;
      await tx
        .delete(trainingAttendees)
        .where(
          and(
            eq(trainingAttendees.trainingId, old.id),
            codes.length ? sql`${trainingAttendees.employeeCode} not in ${codes}` : undefined,
          ),
        );
    } else {
      const [c] = await tx
        .insert(trainings)
        .values({ ...values, createdBy: user.id, createdAt: now, updatedAt: now })
        .returning();
      if (!c) throw new Error('expected the new training');
      saved = c;
    }
    if (codes.length)
      await tx
        .insert(trainingAttendees)
        .values(codes.map((employeeCode) => ({ trainingId: saved.id, employeeCode })))
        .onConflictDoNothing();
    await writeAudit(tx, {
      action: input.id ? 'training.update' : 'training.create',
      target: `training:${saved.id}`,
      detail: { ...values, attendeeCodes: codes },
      userId: user.id,
      username: user.username,
      ip: ip ?? null,
      at: now,
    });
    const [row] = await decorate(tx, [saved]);
    if (!row) throw notFound(LABEL);
    return row;
  });
}

export async function sign(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof TrainingSignInput>,
  ip?: string,
): Promise<TTrainingDetail> {
  return deps.db.transaction(async (tx) => {
    const t = await load(tx, user, input.id, true, 'id');
    if (input.version !== t.version) throw staleVersion();
    await assertOpen(tx, { day: t.trainingDate, what: WHAT });
    const invited = await tx.select().from(trainingAttendees).where(eq(trainingAttendees.trainingId, t.id));
    const attended = new Set(input.attendedCodes);
    const strangers = [...attended].filter((c) => !invited.some((a) => a.employeeCode === c));
    if (strangers.length)
      throw badInput(
        'attendedCodes',
        `不是本次培训的学员 / not attendees of this training: ${strangers.join(', ')}`,
      );
    const now = deps.now();
    for (const a of invited) {
      const on = attended.has(a.employeeCode);
      if (on === a.attended) continue;
      await tx
        .update(trainingAttendees)
        .set({ attended: on, signedAt: on ? now : null })
        .where(eq(trainingAttendees.id, a.id));
    }
    const u = await updateVersioned(tx, trainings, {
      where: eq(trainings.id, t.id),
      version: undefined,
      set: {},
      at: now,
    });
    await writeAudit(tx, {
      action: 'training.sign',
      target: `training:${t.id}`,
      detail: { attended: [...attended].sort() },
      userId: user.id,
      username: user.username,
      ip: ip ?? null,
      at: now,
    });
    return detailOf(tx, u ?? t);
  });
}

export async function remove(
  deps: AppDeps,
  user: AuthUser,
  input: { id: number; version: number },
  ip?: string,
): Promise<true> {
  return deps.db.transaction(async (tx) => {
    const t = await load(tx, user, input.id, true, 'id');
    if (input.version !== t.version) throw staleVersion();
    await assertOpen(tx, { day: t.trainingDate, what: WHAT });
    await tx.delete(trainings).where(eq(trainings.id, t.id));
    await writeAudit(tx, {
      action: 'training.delete',
      target: `training:${t.id}`,
      detail: { old: t },
      userId: user.id,
      username: user.username,
      ip: ip ?? null,
      at: deps.now(),
    });
    return true as const;
  });
}
