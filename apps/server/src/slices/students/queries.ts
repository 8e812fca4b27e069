// Reads of case files: the scoped list (also the renewal and without-adviser lists), one case
// file, the rehabilitation info, the picker, the assessments made before enrolment.
import {
  STUDENT_FOLLOW_NODES,
  type StudentListQuery,
  type TStudentDetail,
  type TStudentRow,
} from '@bo/api-sdk';
import { ageInMonths, shanghaiDate, STUDENT_STATUS } from '@bo/domain';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { iso } from '../../db/rowHelpers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { countUpTo } from '../../db/paging.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { noPermission, notFound } from '../../http/errors.js';
import { dayBound } from '../../shared/days.js';
import { byPinyin } from '../../shared/pinyinOrder.js';
import { clueMatriculations, clues, schoolItems, userCampuses, userRoles, users } from '../../db/schema.js';
import { ADVISER_ROLES, DELETED, type StudentRecord } from './service.js';
import { studentFollows, students } from './tables.js';

const adviser = alias(users, 'adviser');

export const NODE_NAMES: Record<string, string> = Object.fromEntries(
  STUDENT_FOLLOW_NODES.map((n) => [n.code, n.name]),
);

const rowColumns = {
  s: students,
  schoolItemName: schoolItems.name,
  adviserName: adviser.name,
  adviserUsername: adviser.username,
  followCount:
    sql<number>`(select count(*)::int from student_follows f where f.student_id = ${students.id})`.mapWith(
      Number,
    ),
  // Sum of the ledger's movements (index student_ledger (student_id, course_code)); null before any.
  remainingHours: sql<
    string | null
  >`(select sum(l.hours) from student_ledger l where l.student_id = ${students.id})`.mapWith((v: unknown) =>
    v === null || v === undefined ? null : Number(v),
  ),
  lastFollowAt:
    sql<Date | null>`(select max(f.created_at) from student_follows f where f.student_id = ${students.id})`.mapWith(
      (v: unknown) => (v === null || v === undefined ? null : new Date(v as string)),
    ),
};

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, students.schoolItemCode))
    .leftJoin(adviser, eq(adviser.id, students.adviserId));
}
type Joined = {
  s: StudentRecord;
  schoolItemName: string | null;
  adviserName: string | null;
  adviserUsername: string | null;
  followCount: number;
  remainingHours: number | null;
  lastFollowAt: Date | null;
};

function toRow(r: Joined, now: Date): TStudentRow {
  const s = r.s;
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    gender: s.gender,
    birthDate: s.birthDate,
    ageMonths: ageInMonths(s.birthDate, now),
    parentName: s.parentName,
    phone: s.phone,
    schoolItemCode: s.schoolItemCode,
    schoolItemName: r.schoolItemName,
    adviserId: s.adviserId,
    adviserName: r.adviserName,
    adviserUsername: r.adviserUsername,
    relation: s.relation,
    remark: s.remark,
    status: s.status,
    insurance: s.insurance,
    diagnosis: s.diagnosis,
    serviceEndDate: s.serviceEndDate,
    remainingHours: r.remainingHours,
    lastFollowAt: iso(r.lastFollowAt),
    followCount: r.followCount,
    sourceClueId: s.sourceClueId,
    createdAt: s.createdAt.toISOString(),
    version: s.version,
  };
}

/** The campus filter of a user (same helper as clues): null = every campus. */
function scopeWhere(u: AuthUser, campus: string | undefined): SQL | undefined {
  if (campus) {
    assertCampus(u, campus);
    return eq(students.schoolItemCode, campus);
  }
  const scope = campusScope(u);
  return scope ? inArray(students.schoolItemCode, scope.length ? scope : ['']) : undefined;
}

const keywordWhere = (k: string | undefined): SQL | undefined => {
  if (!k) return undefined;
  const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(students.name, like),
    ilike(students.code, like),
    ilike(students.parentName, like),
    ilike(students.phone, like),
  );
};

type ListQuery = z.output<typeof StudentListQuery>;

/** Renewal: the service ends within N Shanghai days (or has ended), or the hours left run below H. */
function renewalWhere(q: ListQuery, now: Date): SQL | undefined {
  const ends =
    q.endWithinDays !== undefined
      ? and(
          isNotNull(students.serviceEndDate),
          lte(students.serviceEndDate, shanghaiDate(new Date(now.getTime() + q.endWithinDays * 86_400_000))),
        )
      : undefined;
  const low =
    q.hoursBelow !== undefined
      ? sql`${students.id} in (select l.student_id from student_ledger l group by l.student_id having sum(l.hours) < ${q.hoursBelow})`
      : undefined;
  return ends && low ? or(ends, low) : (ends ?? low);
}

export async function listStudents(deps: AppDeps, u: AuthUser, q: ListQuery) {
  const now = deps.now();
  const where = and(
    scopeWhere(u, q.schoolItemCode),
    q.status ? eq(students.status, q.status) : ne(students.status, DELETED),
    keywordWhere(q.keyword),
    q.adviserId ? eq(students.adviserId, q.adviserId) : undefined,
    q.mine ? eq(students.adviserId, u.id) : undefined,
    q.hasAdviser === true
      ? isNotNull(students.adviserId)
      : q.hasAdviser === false
        ? isNull(students.adviserId)
        : undefined,
    q.insurance === undefined ? undefined : eq(students.insurance, q.insurance),
    renewalWhere(q, now),
    q.createdFrom ? sql`${students.createdAt} >= ${dayBound('query.createdFrom', q.createdFrom)}` : undefined,
    q.createdTo
      ? sql`${students.createdAt} < ${dayBound('query.createdTo', q.createdTo, { end: true })}`
      : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  const order: SQL[] =
    q.sort === 'name'
      ? byPinyin(students.namePy, students.name).map((s) => (q.order === 'desc' ? sql`${s} desc` : s))
      : q.sort === 'code'
        ? [dir(students.code)]
        : q.sort === 'serviceEndDate'
          ? [
              q.order === 'desc'
                ? sql`${students.serviceEndDate} desc nulls last`
                : sql`${students.serviceEndDate} asc nulls last`,
            ]
          : q.sort === 'lastFollowAt'
            ? [sql`${rowColumns.lastFollowAt} ${q.order === 'asc' ? sql`asc` : sql`desc`} nulls last`]
            : [dir(students.createdAt)];
  const [rows, total] = await Promise.all([
    selectRows(deps.db)
      .where(where)
      .orderBy(...order, desc(students.id))
      .limit(q.pageSize)
      .offset((q.pageIdx - 1) * q.pageSize),
    countUpTo(deps, students, where),
  ]);
  return { list: rows.map((r) => toRow(r, now)), ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function withoutAdviser(
  deps: AppDeps,
  u: AuthUser,
  q: { pageIdx: number; pageSize: number; schoolItemCode?: string; keyword?: string },
) {
  return listStudents(deps, u, { ...q, hasAdviser: false, status: STUDENT_STATUS.reading });
}

export async function withoutAdviserCount(deps: AppDeps, u: AuthUser, campus: string | undefined) {
  const [r] = await deps.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(students)
    .where(
      and(scopeWhere(u, campus), isNull(students.adviserId), eq(students.status, STUDENT_STATUS.reading)),
    );
  return { count: r?.n ?? 0 };
}

/** A student by a predicate, in the user's scope (403 outside, 404 when absent or deleted). */
async function loadVisible(db: DbOrTx, u: AuthUser, where: SQL) {
  const [r] = await selectRows(db).where(and(where, ne(students.status, DELETED)));
  if (!r) throw notFound('学员 / student');
  assertCampus(u, r.s.schoolItemCode);
  return r;
}

/** `field`: the body/query field that sent the id, named by the 404. */
export async function assertCanSeeStudent(
  db: DbOrTx,
  u: AuthUser,
  id: number,
  field?: string,
): Promise<StudentRecord> {
  const [s] = await db.select().from(students).where(eq(students.id, id));
  if (!s || s.status === DELETED) throw notFound('学员 / student', field);
  if (!u.allScope && !u.schoolItems.includes(s.schoolItemCode))
    throw noPermission(
      `无权访问该校区的学员 / the student's campus ${s.schoolItemCode} is outside your scope`,
    );
  return s;
}

export async function detail(
  deps: AppDeps,
  u: AuthUser,
  where: { code: string } | { id: number },
): Promise<TStudentDetail> {
  const r = await loadVisible(
    deps.db,
    u,
    'code' in where ? eq(students.code, where.code) : eq(students.id, where.id),
  );
  const s = r.s;
  const [clue] = s.sourceClueId
    ? await deps.db.select({ code: clues.cluecode }).from(clues).where(eq(clues.id, s.sourceClueId))
    : [];
  const [by] = s.createdBy
    ? await deps.db.select({ name: users.name }).from(users).where(eq(users.id, s.createdBy))
    : [];
  return {
    ...toRow(r, deps.now()),
    relation: s.relation,
    phone2: s.phone2,
    address: s.address,
    schoolName: s.schoolName,
    grade: s.grade,
    diagnosisHospital: s.diagnosisHospital,
    diagnosisDate: s.diagnosisDate,
    disabilityCertificate: s.disabilityCertificate,
    assessmentSummary: s.assessmentSummary,
    rehabHistory: s.rehabHistory,
    allergies: s.allergies,
    remark: s.remark,
    sourceCluecode: clue?.code ?? null,
    createdByName: by?.name ?? null,
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function rehabInfo(deps: AppDeps, u: AuthUser, id: number) {
  const s = await assertCanSeeStudent(deps.db, u, id);
  return {
    studentId: s.id,
    code: s.code,
    name: s.name,
    birthDate: s.birthDate,
    ageMonths: ageInMonths(s.birthDate, deps.now()),
    insurance: s.insurance,
    diagnosis: s.diagnosis,
    diagnosisHospital: s.diagnosisHospital,
    diagnosisDate: s.diagnosisDate,
    disabilityCertificate: s.disabilityCertificate,
    assessmentSummary: s.assessmentSummary,
    rehabHistory: s.rehabHistory,
    allergies: s.allergies,
    schoolName: s.schoolName,
    grade: s.grade,
  };
}

export const pickColumns = {
  id: students.id,
  code: students.code,
  name: students.name,
  parentName: students.parentName,
  phone: students.phone,
  schoolItemCode: students.schoolItemCode,
  schoolItemName: schoolItems.name,
  status: students.status,
};

export async function byName(deps: AppDeps, u: AuthUser, q: { name: string; schoolitemcode?: string }) {
  // School transfers (issue 14) do not exist yet, so filterInTransferSchool has nothing to leave out.
  return deps.db
    .select(pickColumns)
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, students.schoolItemCode))
    .where(and(scopeWhere(u, q.schoolitemcode), ne(students.status, DELETED), keywordWhere(q.name)))
    .orderBy(...byPinyin(students.namePy, students.name), students.id)
    .limit(20);
}

export async function outsideAssess(deps: AppDeps, u: AuthUser, id: number) {
  const s = await assertCanSeeStudent(deps.db, u, id);
  if (!s.sourceClueId) return [];
  const rows = await deps.db
    .select()
    .from(clueMatriculations)
    .where(eq(clueMatriculations.clueId, s.sourceClueId))
    .orderBy(desc(clueMatriculations.createdAt));
  return rows.map((m) => ({
    id: m.id,
    matriculationType: m.matriculationType,
    conclusion: m.conclusion,
    score: m.score,
    suggestion: m.suggestion,
    assessorName: m.assessorName,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** Active users working at the campus (a user-campus link), by name. */
export async function advisers(deps: AppDeps, u: AuthUser, campus: string) {
  assertCampus(u, campus);
  return deps.db
    .selectDistinct({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .innerJoin(userCampuses, eq(userCampuses.userId, users.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(userCampuses.schoolItemCode, campus),
        eq(users.status, 1),
        inArray(userRoles.roleCode, [...ADVISER_ROLES]),
      ),
    )
    .orderBy(users.name, users.id);
}

export { studentFollows };
