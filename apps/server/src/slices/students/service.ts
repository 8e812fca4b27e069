// Commands on case files: create (the one place a student is inserted), edit with a version check,
// soft delete guarded by the usage checkers, adviser assignment in bulk.
import type { contract } from '@bo/api-sdk';
import { FUTURE_BIRTH_DATE_MESSAGE, ROLE, isAfterToday, STUDENT_STATUS } from '@bo/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { businessCode, nextIds, nextNumbered } from '../../db/numbering.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, notFound, ruleViolation, type AppError } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { checkVersion, lockOne } from '../../shared/stateMachine.js';
import { schoolItems, userCampuses, userRoles, users } from '../../db/schema.js';
import { students } from './tables.js';
import { studentUsage } from './usage.js';
import { nextVersion, updateVersioned } from '../../shared/versioned.js';

type Body<K extends keyof typeof contract.students> = z.output<
  NonNullable<(typeof contract.students)[K]['body']>
>;
export type StudentRecord = typeof students.$inferSelect;
/** What createStudent takes: the case file (fields left out take their defaults), plus the clue it comes from. */
export interface NewStudent {
  name: string;
  gender?: number;
  birthDate?: string | null;
  parentName: string;
  relation?: string;
  phone: string;
  phone2?: string | null;
  address?: string;
  schoolItemCode: string;
  insurance?: boolean;
  adviserId?: number | null;
  schoolName?: string;
  grade?: string;
  diagnosis?: string;
  diagnosisHospital?: string;
  diagnosisDate?: string | null;
  disabilityCertificate?: string;
  assessmentSummary?: string;
  rehabHistory?: string;
  allergies?: string;
  serviceEndDate?: string | null;
  remark?: string;
  /** The clue converted into this student (the clue keeps the student code: the link both ways). */
  sourceClueId?: number | null;
}
/** Who creates: a user id (null for the system) and the clock of the command (deps.now()). */
export interface By {
  userId: number | null;
  at: Date;
}

export const DELETED = STUDENT_STATUS.deleted;

/** The active clue holding a phone, as the students slice needs it (the clues slice answers it). */
export interface PhoneHolder {
  clueId: number;
  clueCode: string;
  /** Set once the clue became a student. */
  studentCode: string | null;
  /** The clue's owner, or its state when nobody owns it (import duplicates name it). */
  ownerLabel: string;
  /** The 409 that names the holder, its owner and campus. */
  taken: AppError;
}
/** Who holds a phone among the active clues (deps.ports.phoneHolder). */
export type PhoneHolderSource = (tx: DbOrTx, phone: string) => Promise<PhoneHolder | null>;
/** The same for many phones at once (the set-based import): phone → its active clue's holder. */
export type PhoneHoldersSource = (
  tx: DbOrTx,
  phones: string[],
) => Promise<Map<string, { clueCode: string; ownerLabel: string; studentCode: string | null }>>;

/** The student holding a phone (not deleted), other than `exceptId`. */
async function studentHolder(tx: DbOrTx, phone: string, exceptId: number | null) {
  const [r] = await tx
    .select({ code: students.code, name: students.name, campus: schoolItems.name })
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, students.schoolItemCode))
    .where(
      and(
        eq(students.phone, phone),
        ne(students.status, DELETED),
        exceptId === null ? undefined : ne(students.id, exceptId),
      ),
    )
    .limit(1);
  return r ?? null;
}

/**
 * The clue slice's duplicate rule, extended to students: a phone held by an active clue (other than
 * the one being converted) or by another active student is refused with a 409 on `phone` that names
 * the holder, so the user is routed to it instead of creating a second record.
 */
export async function assertPhoneFree(
  phones: PhoneHolderSource,
  tx: DbOrTx,
  phone: string,
  o: { studentId: number | null; clueId: number | null },
): Promise<void> {
  // Serialises concurrent creations with the same phone (PGlite and PostgreSQL alike).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-phone:${phone}`}))`);
  const s = await studentHolder(tx, phone, o.studentId);
  if (s)
    throw conflict(
      `手机号已属于学员 ${s.code}（${s.name}，${s.campus ?? ''}） / the phone already belongs to student ${s.code} (${s.campus ?? ''})`,
      'phone',
    );
  const h = await phones(tx, phone);
  if (h && h.clueId !== o.clueId && h.studentCode === null) throw h.taken;
}

async function assertCampusExists(tx: DbOrTx, code: string) {
  const [r] = await tx.select({ code: schoolItems.code }).from(schoolItems).where(eq(schoolItems.code, code));
  if (!r) throw badInput('schoolItemCode', 'schoolItemCode: 校区不存在 / no such campus');
}

/** Who may be a student's adviser: consultants and growth consultants (issue 33 §4). */
export const ADVISER_ROLES: readonly number[] = [ROLE.consultant, ROLE.growth];

/**
 * A student's adviser is an active consultant or growth consultant working at the student's campus
 * (the administrator, a director or a teacher is not: 400 naming the field).
 */
export async function assertAdviserAt(tx: DbOrTx, adviserId: number, campus: string, field = 'adviserId') {
  const [u] = await tx
    .select({
      status: users.status,
      atCampus: sql<boolean>`exists (select 1 from ${userCampuses} uc where uc.user_id = ${users.id} and uc.school_item_code = ${campus})`,
      adviserRole: sql<boolean>`exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_code in (${sql.join(
        ADVISER_ROLES.map((r) => sql`${r}`),
        sql`, `,
      )}))`,
    })
    .from(users)
    .where(eq(users.id, adviserId));
  if (!u || u.status !== 1) throw badInput(field, `${field}: 该用户不存在或已停用 / no such active user`);
  if (!u.adviserRole)
    throw badInput(
      field,
      `${field}: 学员的顾问须为课程顾问或成长顾问 / a student's adviser must be a consultant or growth consultant`,
    );
  if (!u.atCampus)
    throw badInput(
      field,
      `${field}: 该用户不在校区 ${campus} 工作 / the user does not work at campus ${campus}`,
    );
}

function checkDates(v: { birthDate?: string | null; diagnosisDate?: string | null }, now: Date) {
  if (isAfterToday(v.birthDate, now)) throw badInput('birthDate', FUTURE_BIRTH_DATE_MESSAGE);
  if (isAfterToday(v.diagnosisDate, now))
    throw badInput(
      'diagnosisDate',
      'diagnosisDate: 诊断日期不能晚于今天 / the diagnosis date cannot be in the future',
    );
}

const fields = (v: NewStudent) => ({
  name: v.name,
  gender: v.gender ?? 0,
  birthDate: v.birthDate ?? null,
  parentName: v.parentName,
  relation: v.relation ?? '',
  phone: v.phone,
  phone2: v.phone2 ?? null,
  address: v.address ?? '',
  schoolItemCode: v.schoolItemCode,
  insurance: v.insurance ?? false,
  adviserId: v.adviserId ?? null,
  schoolName: v.schoolName ?? '',
  grade: v.grade ?? '',
  diagnosis: v.diagnosis ?? '',
  diagnosisHospital: v.diagnosisHospital ?? '',
  diagnosisDate: v.diagnosisDate ?? null,
  disabilityCertificate: v.disabilityCertificate ?? '',
  assessmentSummary: v.assessmentSummary ?? '',
  rehabHistory: v.rehabHistory ?? '',
  allergies: v.allergies ?? '',
  serviceEndDate: v.serviceEndDate ?? null,
  remark: v.remark ?? '',
});

/**
 * Creates a student in the caller's transaction — the one place a student row is inserted (clue
 * conversion, /student/insertstudent, paying clues, imports, the demo seed). The caller has checked
 * the user's scope; this checks the campus, the adviser, the dates and the phone rule.
 */
export async function createStudent(
  phones: PhoneHolderSource,
  tx: DbOrTx,
  input: NewStudent,
  by: By,
): Promise<StudentRecord> {
  checkDates(input, by.at);
  await assertCampusExists(tx, input.schoolItemCode);
  if (input.adviserId) await assertAdviserAt(tx, input.adviserId, input.schoolItemCode);
  await assertPhoneFree(phones, tx, input.phone, { studentId: null, clueId: input.sourceClueId ?? null });
  const { id, code } = await nextNumbered(tx, students, { prefix: 'S', digits: 8 });
  const [s] = await tx
    .insert(students)
    .values({
      ...fields(input),
      id,
      code,
      sourceClueId: input.sourceClueId ?? null,
      createdBy: by.userId,
      createdAt: by.at,
      updatedAt: by.at,
    })
    .returning();
  return must(s, 'new student');
}

/**
 * Creates many students at once (a batch import): multi-row inserts numbered from one draw of the
 * sequence. The caller has checked every row as `createStudent` does (campus, adviser, dates) and
 * holds the phones' locks with the phone rule checked again inside the transaction.
 */
export async function createStudents(tx: DbOrTx, inputs: NewStudent[], by: By): Promise<void> {
  const ids = await nextIds(tx, students, inputs.length);
  for (let i = 0; i < inputs.length; i += 1000)
    await tx.insert(students).values(
      inputs.slice(i, i + 1000).map((input, j) => {
        const id = must(ids[i + j], 'student id');
        return {
          ...fields(input),
          id,
          code: businessCode('S', id, 8),
          sourceClueId: input.sourceClueId ?? null,
          createdBy: by.userId,
          createdAt: by.at,
          updatedAt: by.at,
        };
      }),
    );
}

const audit = (u: AuthUser, ip: string, now: Date) => ({ userId: u.id, username: u.username, ip, at: now });

export async function insertStudent(deps: AppDeps, u: AuthUser, b: Body<'insertStudent'>, ip: string) {
  assertCampus(u, b.schoolItemCode);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const s = await createStudent(deps.ports.phoneHolder, tx, b, { userId: u.id, at: now });
    await writeAudit(tx, {
      action: 'student.create',
      target: `students:${s.code}`,
      detail: {},
      ...audit(u, ip, now),
    });
    return s;
  });
}

/**
 * Loads a student for a command, locked, refusing one outside the user's scope or deleted.
 * `field`: the body/query field that sent the id, named by the 404.
 */
export async function loadForUpdate(
  tx: DbOrTx,
  u: AuthUser,
  id: number,
  field?: string,
): Promise<StudentRecord> {
  const s = await lockOne(tx.select().from(students).where(eq(students.id, id)), '学员 / student', field);
  if (s.status === DELETED) throw notFound('学员 / student', field);
  assertCampus(u, s.schoolItemCode);
  return s;
}

export async function saveOrEdit(deps: AppDeps, u: AuthUser, b: Body<'saveOrEdit'>, ip: string) {
  if (b.id === undefined) return insertStudent(deps, u, b, ip);
  const id = b.id;
  const now = deps.now();
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    const s = await loadForUpdate(tx, u, id);
    checkVersion(s.version, b.version);
    checkDates(b, now);
    if (b.schoolItemCode !== s.schoolItemCode) await assertCampusExists(tx, b.schoolItemCode);
    if (b.adviserId && (b.adviserId !== s.adviserId || b.schoolItemCode !== s.schoolItemCode))
      await assertAdviserAt(tx, b.adviserId, b.schoolItemCode);
    if (b.phone !== s.phone)
      await assertPhoneFree(deps.ports.phoneHolder, tx, b.phone, { studentId: s.id, clueId: s.sourceClueId });
    await updateVersioned(tx, students, {
      where: eq(students.id, s.id),
      version: s.version,
      set: { ...fields(b), status: b.status ?? s.status },
      at: now,
    });
    await writeAudit(tx, {
      action: 'student.update',
      target: `students:${s.code}`,
      detail: { version: s.version + 1 },
      ...audit(u, ip, now),
    });
    return s;
  });
}

export async function deleteStudent(deps: AppDeps, u: AuthUser, b: Body<'delStudent'>, ip: string) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const s = await loadForUpdate(tx, u, b.id, 'id');
    checkVersion(s.version, b.version);
    const used = await studentUsage.check(tx, { id: s.id, code: s.code });
    if (used) throw ruleViolation(used, 'id');
    await updateVersioned(tx, students, {
      where: eq(students.id, s.id),
      version: undefined,
      set: { status: DELETED, deletedAt: now, deletedBy: u.id },
      at: now,
    });
    await writeAudit(tx, {
      action: 'student.delete',
      target: `students:${s.code}`,
      detail: {},
      ...audit(u, ip, now),
    });
  });
}

export async function batchAdviser(deps: AppDeps, u: AuthUser, b: Body<'batchAdviser'>, ip: string) {
  const now = deps.now();
  const ids = [...new Set(b.studentIds)];
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(students)
      .where(and(inArray(students.id, ids), ne(students.status, DELETED)))
      .orderBy(students.id)
      .for('update');
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => r.id));
      throw badInput(
        'studentIds',
        `studentIds: 学员不存在 / no such student: ${ids.filter((i) => !found.has(i)).join(', ')}`,
      );
    }
    for (const campus of new Set(rows.map((r) => r.schoolItemCode))) {
      assertCampus(u, campus);
      await assertAdviserAt(tx, b.adviserId, campus);
    }
    await tx
      .update(students)
      .set({ adviserId: b.adviserId, updatedAt: now, version: nextVersion(students) })
      .where(inArray(students.id, ids));
    await writeAudit(tx, {
      action: 'student.adviser',
      target: 'students',
      detail: { adviserId: b.adviserId, studentIds: ids },
      ...audit(u, ip, now),
    });
    return { updated: ids.length };
  });
}
