// Class hours given outside the timetable (courseimport: external work, home intervention, emergency
// cover) and the hours behind a period (courseexport). The import follows every import of the product
// (docs/decisions.md "Imports"): all rows checked first, any error or a dry run writes nothing, rows
// upsert by campus + teacher + date + pay type so a re-run reports them unchanged.
import { and, asc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TExtraHoursRow, THoursRow, TImportResult, TImportRowError } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { attendances, employees, lessons, posts, schoolItems, students } from '../../db/schema.js';
import { assertCampus, campusScope, type AuthUser } from '../../http/auth.js';
import { writeAudit } from '../../shared/audit.js';
import { isSealed, periodOfDay } from '../sealing/index.js';
import type { XlsxColumn } from '../../shared/xlsx.js';
import { countQueryUpTo } from '../../db/paging.js';
import { loadPeriod, paidLessonsOf } from './compute.js';
import type { Ctx } from './service.js';
import { salaryCourseSwitch, salaryExtraHours } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

export const EXTRA_HOURS_COLUMNS: XlsxColumn[] = [
  { key: 'schoolItemCode', header: '校区编码 / Campus code', text: true, required: true },
  { key: 'teacherCode', header: '教师工号 / Teacher code', text: true, required: true },
  { key: 'workDate', header: '日期 / Date', text: true, required: true },
  { key: 'payType', header: '计薪类型 / Pay type', text: true, required: true },
  { key: 'hours', header: '课时 / Hours', required: true },
  { key: 'remark', header: '备注 / Remark', width: 30 },
];
export const EXTRA_HOURS_EXAMPLE = {
  schoolItemCode: 'SH01',
  teacherCode: 'E0005',
  workDate: '2026-11-20',
  payType: 'home',
  hours: 2,
  remark: '居家干预 / home intervention',
};

const like = (kw: string) => `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function scopeWhere(
  u: AuthUser,
  col: typeof salaryExtraHours.schoolItemCode | typeof lessons.schoolItemCode,
  asked?: string,
) {
  if (asked) {
    assertCampus(u, asked);
    return eq(col, asked);
  }
  const scope = campusScope(u);
  if (scope === null) return undefined;
  return scope.length ? inArray(col, scope) : sql`false`;
}

export async function extraHoursPage(
  c: Ctx,
  q: {
    schoolItemCode?: string | undefined;
    month?: string | undefined;
    keyword?: string | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  const where = and(
    scopeWhere(c.user, salaryExtraHours.schoolItemCode, q.schoolItemCode),
    q.month ? sql`to_char(${salaryExtraHours.workDate}, 'YYYY-MM') = ${q.month}` : undefined,
    q.keyword
      ? or(ilike(employees.name, like(q.keyword)), ilike(salaryExtraHours.teacherCode, like(q.keyword)))
      : undefined,
  );
  const rows = await c.deps.db
    .select({ x: salaryExtraHours, name: employees.name })
    .from(salaryExtraHours)
    .leftJoin(employees, eq(employees.code, salaryExtraHours.teacherCode))
    .where(where)
    .orderBy(asc(salaryExtraHours.workDate), asc(salaryExtraHours.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const [n] = await c.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(salaryExtraHours)
    .leftJoin(employees, eq(employees.code, salaryExtraHours.teacherCode))
    .where(where);
  const list: TExtraHoursRow[] = rows.map(({ x, name }) => ({
    id: x.id,
    schoolItemCode: x.schoolItemCode,
    teacherCode: x.teacherCode,
    teacherName: name,
    workDate: x.workDate,
    payType: x.payType,
    hours: Number(x.hours),
    remark: x.remark,
  }));
  return { list, total: n?.n ?? 0, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export async function importExtraHours(
  c: Ctx,
  rows: Record<string, unknown>[],
  o: { dryRun: boolean; firstRow: number },
): Promise<TImportResult> {
  const now = c.deps.now();
  const errors: TImportRowError[] = [];
  const err = (i: number, column: string, reason: string) =>
    errors.push({ row: o.firstRow + i, column, reason });
  const db = c.deps.db;
  const teachers = new Map(
    (
      await db
        .select({ code: employees.code, role: posts.postRole })
        .from(employees)
        .innerJoin(posts, eq(posts.code, employees.postCode))
        .where(
          inArray(
            employees.code,
            [...new Set(rows.map((r) => text(r.teacherCode)))].filter(Boolean).concat(['']),
          ),
        )
    ).map((e) => [e.code, e.role]),
  );
  const campuses = new Set(
    (await db.select({ code: schoolItems.code }).from(schoolItems)).map((s) => s.code),
  );
  // Days of sealed periods (the sealing slice's record), asked once per distinct day of the file.
  const sealedDays = new Set<string>();
  for (const day of new Set(rows.map((r) => text(r.workDate).slice(0, 10)))) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const p = await periodOfDay(db, day);
    if (await isSealed(db, p.year, p.month)) sealedDays.add(day);
  }
  const seen = new Map<string, number>();
  const parsed = rows.map((r, i) => {
    const schoolItemCode = text(r.schoolItemCode);
    const teacherCode = text(r.teacherCode);
    const workDate = text(r.workDate).slice(0, 10);
    const payType = text(r.payType);
    const hoursText = text(r.hours);
    const remark = text(r.remark);
    if (!schoolItemCode) err(i, 'schoolItemCode', '校区编码必填 / the campus code is required');
    else if (!campuses.has(schoolItemCode))
      err(i, 'schoolItemCode', `校区 ${schoolItemCode} 不存在 / no campus ${schoolItemCode}`);
    else if (!c.user.allScope && !c.user.schoolItems.includes(schoolItemCode))
      err(
        i,
        'schoolItemCode',
        `校区 ${schoolItemCode} 不在您的范围内 / campus ${schoolItemCode} is outside your scope`,
      );
    const role = teachers.get(teacherCode);
    if (!teacherCode) err(i, 'teacherCode', '教师工号必填 / the teacher code is required');
    else if (role === undefined)
      err(i, 'teacherCode', `员工 ${teacherCode} 不存在 / no employee ${teacherCode}`);
    else if (role !== 'teacher')
      err(i, 'teacherCode', `员工 ${teacherCode} 不是教师 / employee ${teacherCode} is not a teacher`);
    const d = new Date(`${workDate}T00:00:00Z`);
    const dateOk =
      /^\d{4}-\d{2}-\d{2}$/.test(workDate) &&
      !Number.isNaN(d.getTime()) &&
      d.toISOString().startsWith(workDate);
    if (!dateOk) err(i, 'workDate', '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD');
    else if (workDate < '2000-01-01' || workDate > '2100-12-31')
      err(i, 'workDate', '日期超出范围 / the date is out of range');
    else if (sealedDays.has(workDate))
      err(i, 'workDate', `${workDate} 所在薪资期间已封账 / the salary period of ${workDate} is sealed`);
    if (!/^[A-Za-z0-9_-]{1,30}$/.test(payType))
      err(i, 'payType', '计薪类型只能包含字母、数字 / a pay type of letters and digits');
    const hours = Number(hoursText);
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(hoursText) || hours <= 0 || hours > 24)
      err(i, 'hours', '课时须为0到24之间最多2位小数的数 / hours between 0 and 24 with at most 2 decimals');
    if (remark.length > 200) err(i, 'remark', '备注最多200字 / a remark of at most 200 characters');
    const key = `${schoolItemCode}|${teacherCode}|${workDate}|${payType}`;
    const dup = seen.get(key);
    if (dup !== undefined)
      err(i, 'workDate', `与第${o.firstRow + dup}行重复 / repeats row ${o.firstRow + dup}`);
    seen.set(key, i);
    return { schoolItemCode, teacherCode, workDate, payType, hours: hours.toFixed(2), remark };
  });
  const result = (created: number, updated: number, unchanged: number, written: boolean): TImportResult => ({
    total: rows.length,
    created,
    updated,
    unchanged,
    errors,
    dryRun: o.dryRun,
    written,
  });
  if (errors.length) return result(0, 0, 0, false);
  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    let unchanged = 0;
    for (const p of parsed) {
      const [old] = await tx
        .select()
        .from(salaryExtraHours)
        .where(
          and(
            eq(salaryExtraHours.schoolItemCode, p.schoolItemCode),
            eq(salaryExtraHours.teacherCode, p.teacherCode),
            eq(salaryExtraHours.workDate, p.workDate),
            eq(salaryExtraHours.payType, p.payType),
          ),
        );
      if (!old) {
        created += 1;
        if (!o.dryRun) await tx.insert(salaryExtraHours).values({ ...p, createdAt: now, updatedAt: now });
      } else if (Number(old.hours).toFixed(2) === p.hours && old.remark === p.remark) unchanged += 1;
      else {
        updated += 1;
        if (!o.dryRun)
          await updateVersioned(tx, salaryExtraHours, {
            where: eq(salaryExtraHours.id, old.id),
            version: undefined,
            set: { hours: p.hours, remark: p.remark },
            at: now,
          });
      }
    }
    if (!o.dryRun)
      await writeAudit(tx, {
        action: 'salaryExtraHours.import',
        target: 'salary_extra_hours',
        detail: { total: rows.length, created, updated, unchanged },
        userId: c.user.id,
        username: c.user.username,
        ip: c.ip,
        at: now,
      });
    return result(created, updated, unchanged, !o.dryRun);
  });
}

interface HoursQuery {
  year: number;
  month: number;
  schoolItemCode?: string | undefined;
  keyword?: string | undefined;
}

/** What the hours behind a period read: the paid lessons (the computation's rule) and the imported hours. */
export interface HoursFilter {
  lessonWhere: SQL | undefined;
  extraWhere: SQL | undefined;
}

/** The filter of the hours behind a period, in the caller's scope (a campus outside it is refused). */
export async function hoursFilter(tx: DbOrTx, c: Ctx, q: HoursQuery): Promise<HoursFilter> {
  const p = await loadPeriod(tx, q.year, q.month);
  const kw = q.keyword ? like(q.keyword) : null;
  return {
    lessonWhere: and(
      paidLessonsOf(c.deps.ports.confirmedHours, p),
      scopeWhere(c.user, lessons.schoolItemCode, q.schoolItemCode),
      kw ? or(ilike(employees.name, kw), ilike(lessons.teacherCode, kw)) : undefined,
    ),
    extraWhere: and(
      gte(salaryExtraHours.workDate, p.startDate),
      lte(salaryExtraHours.workDate, p.endDate),
      scopeWhere(c.user, salaryExtraHours.schoolItemCode, q.schoolItemCode),
      kw ? or(ilike(employees.name, kw), ilike(salaryExtraHours.teacherCode, kw)) : undefined,
    ),
  };
}

/** The paid lessons matching `where`, by day then attendance. */
async function lessonRows(
  tx: DbOrTx,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<THoursRow[]> {
  const rows = await tx
    .select({
      id: attendances.id,
      campus: lessons.schoolItemCode,
      teacher: lessons.teacherCode,
      name: employees.name,
      day: lessons.lessonDate,
      course: lessons.courseCode,
      payType: sql<string>`coalesce(${salaryCourseSwitch.payType}, ${lessons.kind})`,
      status: attendances.status,
      student: students.name,
      hours: lessons.hours,
    })
    .from(attendances)
    .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
    .leftJoin(employees, eq(employees.code, lessons.teacherCode))
    .leftJoin(students, eq(students.id, attendances.studentId))
    .leftJoin(salaryCourseSwitch, eq(salaryCourseSwitch.courseCode, lessons.courseCode))
    .where(where)
    .orderBy(asc(lessons.lessonDate), asc(attendances.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    source: 'lesson' as const,
    id: r.id,
    schoolItemCode: r.campus,
    teacherCode: r.teacher,
    teacherName: r.name,
    day: r.day,
    courseCode: r.course,
    payType: r.payType,
    status: r.status,
    studentName: r.student,
    hours: Number(r.hours),
  }));
}

/** The imported hours matching `where`, by day then id. */
async function extraRows(
  tx: DbOrTx,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<THoursRow[]> {
  const rows = await tx
    .select({ x: salaryExtraHours, name: employees.name })
    .from(salaryExtraHours)
    .leftJoin(employees, eq(employees.code, salaryExtraHours.teacherCode))
    .where(where)
    .orderBy(asc(salaryExtraHours.workDate), asc(salaryExtraHours.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ x, name }) => ({
    source: 'extra' as const,
    id: x.id,
    schoolItemCode: x.schoolItemCode,
    teacherCode: x.teacherCode,
    teacherName: name,
    day: x.workDate,
    courseCode: null,
    payType: x.payType,
    status: 'present',
    studentName: null,
    hours: Number(x.hours),
  }));
}

/**
 * A page of the hours behind a period: the lessons, then the imported hours. The lessons are counted
 * as every list counts (exactly up to LIST_COUNT_EXACT_LIMIT, else the planner's estimate); the
 * imported hours, a few per teacher, exactly. Where the lessons end (the first imported row's
 * offset) is known from an exact count or a short page of lessons; a page past the end of an
 * estimated list, opened directly, counts them then.
 */
export async function hoursPage(c: Ctx, q: HoursQuery & { pageIdx: number; pageSize: number }) {
  const tx = c.deps.db;
  const f = await hoursFilter(tx, c, q);
  const limit = q.pageSize;
  const offset = (q.pageIdx - 1) * q.pageSize;
  const lessonsMatching = () =>
    tx
      .select({ one: sql`1` })
      .from(attendances)
      .innerJoin(lessons, eq(lessons.id, attendances.lessonId))
      .leftJoin(employees, eq(employees.code, lessons.teacherCode))
      .where(f.lessonWhere)
      .$dynamic();
  const counted = await countQueryUpTo(c.deps, lessonsMatching);
  const [ne] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(salaryExtraHours)
    .leftJoin(employees, eq(employees.code, salaryExtraHours.teacherCode))
    .where(f.extraWhere);
  let lessonCount = counted.totalEstimated ? undefined : counted.total;
  const out: THoursRow[] = [];
  if (lessonCount === undefined || offset < lessonCount) {
    const rows = await lessonRows(tx, f.lessonWhere, limit, offset);
    out.push(...rows);
    if (rows.length < limit && (rows.length > 0 || offset === 0)) lessonCount ??= offset + rows.length;
  }
  const left = limit - out.length;
  if (left > 0) {
    if (lessonCount === undefined) {
      const [all] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(lessonsMatching().as('lessons_matching'));
      lessonCount = all?.n ?? 0;
    }
    out.push(...(await extraRows(tx, f.extraWhere, left, Math.max(0, offset - lessonCount))));
  }
  const extras = ne?.n ?? 0;
  const total = counted.totalEstimated
    ? { total: counted.total + extras, totalEstimated: true as const }
    : { total: (lessonCount ?? 0) + extras };
  return { list: out, ...total, pageIdx: q.pageIdx, pageSize: q.pageSize };
}

/**
 * The next `batch` rows of the hours behind a period after `last` (null: from the start), read by
 * key (the day and id of the last row), for an export of any size streamed batch by batch.
 */
export async function hoursBatch(
  tx: DbOrTx,
  f: HoursFilter,
  last: THoursRow | null,
  batch: number,
): Promise<THoursRow[]> {
  const out: THoursRow[] = [];
  if (!last || last.source === 'lesson') {
    const after = last
      ? or(
          gt(lessons.lessonDate, last.day),
          and(eq(lessons.lessonDate, last.day), gt(attendances.id, last.id)),
        )
      : undefined;
    out.push(...(await lessonRows(tx, and(f.lessonWhere, after), batch)));
  }
  if (out.length < batch) {
    const after =
      last?.source === 'extra'
        ? or(
            gt(salaryExtraHours.workDate, last.day),
            and(eq(salaryExtraHours.workDate, last.day), gt(salaryExtraHours.id, last.id)),
          )
        : undefined;
    out.push(...(await extraRows(tx, and(f.extraWhere, after), batch - out.length)));
  }
  return out;
}
