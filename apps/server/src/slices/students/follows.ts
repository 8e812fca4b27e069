// Follow records of students (/followRecord/*): the follow-up desk's list and export, one student's
// history, and adding a record. Scoped by the student's campus.
import { type FollowPageQuery, STUDENT_FOLLOW_NODES, type TFollowRow, type contract } from '@bo/api-sdk';
import { exportFileName, shanghaiDayStart } from '@bo/domain';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { iso } from '../../db/rowHelpers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { badInput } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { dayBound } from '../../shared/days.js';
import { must } from '../../shared/must.js';
import { workbook, xlsxFile, type XlsxColumn } from '../../shared/xlsx.js';
import { schoolItems, users } from '../../db/schema.js';
import { assertCanSeeStudent, NODE_NAMES } from './queries.js';
import { studentFollows, students } from './tables.js';

type Body<K extends keyof typeof contract.students> = z.output<
  NonNullable<(typeof contract.students)[K]['body']>
>;
type PageQ = z.output<typeof FollowPageQuery>;
type Filter = Omit<PageQ, 'pageIdx' | 'pageSize'>;

function selectFollows(db: DbOrTx) {
  return db
    .select({
      f: studentFollows,
      studentCode: students.code,
      studentName: students.name,
      schoolItemName: schoolItems.name,
      createdByName: users.name,
    })
    .from(studentFollows)
    .innerJoin(students, eq(students.id, studentFollows.studentId))
    .leftJoin(schoolItems, eq(schoolItems.code, studentFollows.schoolItemCode))
    .leftJoin(users, eq(users.id, studentFollows.createdBy));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectFollows>['where']>>[number];

const toRow = (r: Joined): TFollowRow => ({
  id: r.f.id,
  studentId: r.f.studentId,
  studentCode: r.studentCode,
  studentName: r.studentName,
  schoolItemCode: r.f.schoolItemCode,
  schoolItemName: r.schoolItemName,
  node: r.f.node,
  nodeName: NODE_NAMES[r.f.node] ?? r.f.node,
  method: r.f.method,
  content: r.f.content,
  nextFollowAt: iso(r.f.nextFollowAt),
  createdBy: r.f.createdBy,
  createdByName: r.createdByName,
  createdAt: r.f.createdAt.toISOString(),
});

function filterWhere(u: AuthUser, q: Filter): SQL | undefined {
  let scope: SQL | undefined;
  if (q.schoolItemCode) {
    assertCampus(u, q.schoolItemCode);
    scope = eq(studentFollows.schoolItemCode, q.schoolItemCode);
  } else {
    const c = campusScope(u);
    scope = c ? inArray(studentFollows.schoolItemCode, c.length ? c : ['']) : undefined;
  }
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    scope,
    q.studentId ? eq(studentFollows.studentId, q.studentId) : undefined,
    q.node ? eq(studentFollows.node, q.node) : undefined,
    q.createdBy ? eq(studentFollows.createdBy, q.createdBy) : undefined,
    q.from ? sql`${studentFollows.createdAt} >= ${dayBound('query.from', q.from)}` : undefined,
    q.to ? sql`${studentFollows.createdAt} < ${dayBound('query.to', q.to, { end: true })}` : undefined,
    like
      ? or(ilike(students.name, like), ilike(students.code, like), ilike(studentFollows.content, like))
      : undefined,
  );
}

export async function followPage(deps: AppDeps, u: AuthUser, q: PageQ) {
  const where = filterWhere(u, q);
  const [rows, [n]] = await Promise.all([
    selectFollows(deps.db)
      .where(where)
      .orderBy(desc(studentFollows.createdAt), desc(studentFollows.id))
      .limit(q.pageSize)
      .offset((q.pageIdx - 1) * q.pageSize),
    deps.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(studentFollows)
      .innerJoin(students, eq(students.id, studentFollows.studentId))
      .where(where),
  ]);
  return { list: rows.map(toRow), total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

const METHOD_NAMES: Record<number, string> = { 1: '电话', 2: '面谈', 3: '微信', 4: '其他' };
const EXPORT_COLUMNS: XlsxColumn[] = [
  { key: 'createdAt', header: '跟进时间', width: 20 },
  { key: 'studentCode', header: '学员编号', text: true },
  { key: 'studentName', header: '学员姓名' },
  { key: 'schoolItemName', header: '校区' },
  { key: 'nodeName', header: '跟进节点' },
  { key: 'methodName', header: '跟进方式' },
  { key: 'content', header: '跟进内容', width: 60 },
  { key: 'nextFollowAt', header: '下次跟进', width: 20 },
  { key: 'createdByName', header: '跟进人' },
];

/** The whole filtered result, in pages of 1000 rows read from the database. */
export async function followExport(deps: AppDeps, u: AuthUser, q: Filter) {
  const where = filterWhere(u, q);
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const rows = await selectFollows(deps.db)
      .where(where)
      .orderBy(desc(studentFollows.createdAt), desc(studentFollows.id))
      .limit(1000)
      .offset(offset);
    for (const r of rows.map(toRow))
      out.push({
        ...r,
        createdAt: r.createdAt.replace('T', ' ').slice(0, 19),
        nextFollowAt: r.nextFollowAt?.replace('T', ' ').slice(0, 19) ?? '',
        methodName: METHOD_NAMES[r.method] ?? String(r.method),
      });
    if (rows.length < 1000) break;
  }
  return xlsxFile(
    exportFileName('学员跟进记录', deps.now()),
    await workbook('学员跟进记录', EXPORT_COLUMNS, out),
  );
}

export async function studentFollowRecords(deps: AppDeps, u: AuthUser, studentId: number) {
  await assertCanSeeStudent(deps.db, u, studentId);
  const rows = await selectFollows(deps.db)
    .where(eq(studentFollows.studentId, studentId))
    .orderBy(desc(studentFollows.createdAt), desc(studentFollows.id))
    .limit(500);
  return rows.map(toRow);
}

export async function followUsers(deps: AppDeps, u: AuthUser, code: string) {
  const [s] = await deps.db.select({ id: students.id }).from(students).where(eq(students.code, code));
  await assertCanSeeStudent(deps.db, u, s?.id ?? 0);
  const rows = await deps.db
    .select({
      userId: studentFollows.createdBy,
      name: users.name,
      count: sql<number>`count(*)::int`.mapWith(Number),
      lastAt: sql<string>`max(${studentFollows.createdAt})`.mapWith((v: unknown) =>
        new Date(v as string).toISOString(),
      ),
    })
    .from(studentFollows)
    .innerJoin(users, eq(users.id, studentFollows.createdBy))
    .where(eq(studentFollows.studentId, must(s, 'student').id))
    .groupBy(studentFollows.createdBy, users.name)
    .orderBy(sql`max(${studentFollows.createdAt}) desc`);
  return rows;
}

export async function followStudentInfo(deps: AppDeps, u: AuthUser, id: number) {
  const s = await assertCanSeeStudent(deps.db, u, id);
  const [agg] = await deps.db
    .select({
      n: sql<number>`count(*)::int`.mapWith(Number),
      last: sql<Date | null>`max(${studentFollows.createdAt})`.mapWith((v: unknown) =>
        v ? new Date(v as string) : null,
      ),
      next: sql<Date | null>`max(${studentFollows.nextFollowAt})`.mapWith((v: unknown) =>
        v ? new Date(v as string) : null,
      ),
    })
    .from(studentFollows)
    .where(eq(studentFollows.studentId, id));
  const [names] = await deps.db
    .select({ campus: schoolItems.name, adviser: users.name })
    .from(students)
    .leftJoin(schoolItems, eq(schoolItems.code, students.schoolItemCode))
    .leftJoin(users, eq(users.id, students.adviserId))
    .where(eq(students.id, id));
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    parentName: s.parentName,
    phone: s.phone,
    schoolItemCode: s.schoolItemCode,
    schoolItemName: names?.campus ?? null,
    adviserName: names?.adviser ?? null,
    status: s.status,
    followCount: agg?.n ?? 0,
    lastFollowAt: iso(agg?.last ?? null),
    nextFollowAt: iso(agg?.next ?? null),
  };
}

export const followNodes = () => STUDENT_FOLLOW_NODES.map((n) => ({ ...n }));

export async function followAdd(deps: AppDeps, u: AuthUser, b: Body<'followAdd'>, ip: string) {
  const now = deps.now();
  let next: Date | null = null;
  if (b.nextFollowAt) {
    next = new Date(
      /^\d{4}-\d{2}-\d{2}$/.test(b.nextFollowAt) ? `${b.nextFollowAt}T09:00:00+08:00` : b.nextFollowAt,
    );
    if (Number.isNaN(next.getTime()))
      throw badInput('nextFollowAt', 'nextFollowAt: 不是有效的时间 / not a date or time');
    if (next.getTime() < shanghaiDayStart(now).getTime())
      throw badInput(
        'nextFollowAt',
        'nextFollowAt: 下次跟进不能早于今天 / the next follow-up cannot lie in the past',
      );
  }
  return deps.db.transaction(async (tx) => {
    const s = await assertCanSeeStudent(tx, u, b.studentId, 'studentId');
    const [f] = await tx
      .insert(studentFollows)
      .values({
        studentId: s.id,
        schoolItemCode: s.schoolItemCode,
        node: b.node,
        method: b.method,
        content: b.content,
        nextFollowAt: next,
        createdBy: u.id,
        createdAt: now,
      })
      .returning({ id: studentFollows.id });
    await writeAudit(tx, {
      action: 'student.follow',
      target: `students:${s.code}`,
      detail: { node: b.node },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
    const [r] = await selectFollows(tx).where(eq(studentFollows.id, must(f, 'follow').id));
    return toRow(must(r, 'follow row'));
  });
}
