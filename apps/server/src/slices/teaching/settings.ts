// The timetable's settings: time spans (§9 bands), classrooms and their capacity, holidays and
// campus events. Holidays close days for scheduling; events only show on the timetable.
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type {
  TCalendarDayInputParsed,
  TCalendarDayRow,
  TClassroomInputParsed,
  TClassroomRow,
  TTimeSpanInputParsed,
  TTimeSpanRow,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { conflict, noPermission, notFound, ruleViolation, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { assertCampusExists } from '../organisation/index.js';
import { assertSpan, type Deps } from './common.js';
import { calendarDays, classrooms, lessons, timeSpans } from './tables.js';
import { LESSON } from './states.js';

export async function timeSpanList(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; validStatus?: number | undefined },
): Promise<TTimeSpanRow[]> {
  assertCampus(u, q.schoolItemCode);
  return deps.db
    .select({
      id: timeSpans.id,
      schoolItemCode: timeSpans.schoolItemCode,
      name: timeSpans.name,
      bandType: timeSpans.bandType,
      startTime: timeSpans.startTime,
      endTime: timeSpans.endTime,
      validStatus: timeSpans.validStatus,
      sort: timeSpans.sort,
      version: timeSpans.version,
    })
    .from(timeSpans)
    .where(
      and(
        eq(timeSpans.schoolItemCode, q.schoolItemCode),
        q.validStatus === undefined ? undefined : eq(timeSpans.validStatus, q.validStatus),
      ),
    )
    .orderBy(asc(timeSpans.bandType), asc(timeSpans.startTime), asc(timeSpans.id));
}

export async function timeSpanSave(
  deps: Deps,
  u: AuthUser,
  b: TTimeSpanInputParsed,
): Promise<{ id: number }> {
  assertCampus(u, b.schoolItemCode);
  assertSpan(b.startTime, b.endTime);
  return deps.db.transaction(async (tx) => {
    await assertCampusExists(tx, b.schoolItemCode);
    // Two valid spans of one band may touch but not overlap: a band's spans are its lesson slots.
    const [overlap] = await tx
      .select({ name: timeSpans.name })
      .from(timeSpans)
      .where(
        and(
          eq(timeSpans.schoolItemCode, b.schoolItemCode),
          eq(timeSpans.bandType, b.bandType),
          eq(timeSpans.validStatus, 1),
          sql`${timeSpans.startTime} < ${b.endTime} and ${timeSpans.endTime} > ${b.startTime}`,
          b.id ? ne(timeSpans.id, b.id) : undefined,
        ),
      );
    if (overlap)
      throw conflict(
        `与时间段「${overlap.name}」重叠 / overlaps the time span "${overlap.name}"`,
        'startTime',
      );
    const values = {
      schoolItemCode: b.schoolItemCode,
      name: b.name,
      bandType: b.bandType,
      startTime: b.startTime,
      endTime: b.endTime,
      sort: b.sort,
    };
    if (!b.id) {
      const [row] = await tx.insert(timeSpans).values(values).returning({ id: timeSpans.id });
      return { id: must(row, 'time span').id };
    }
    const [cur] = await tx.select().from(timeSpans).where(eq(timeSpans.id, b.id));
    if (!cur) throw notFound('时间段 / time span');
    assertCampus(u, cur.schoolItemCode);
    const moved = await tx
      .update(timeSpans)
      .set({ ...values, updatedAt: deps.now(), version: sql`${timeSpans.version} + 1` })
      .where(and(eq(timeSpans.id, b.id), eq(timeSpans.version, b.version ?? 0)))
      .returning({ id: timeSpans.id });
    if (!moved.length) throw staleVersion();
    return { id: b.id };
  });
}

export async function timeSpanStatus(
  deps: Deps,
  u: AuthUser,
  b: { id: number; version: number; validStatus: number },
) {
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(timeSpans).where(eq(timeSpans.id, b.id));
    if (!cur) throw notFound('时间段 / time span');
    assertCampus(u, cur.schoolItemCode);
    const moved = await tx
      .update(timeSpans)
      .set({ validStatus: b.validStatus, updatedAt: deps.now(), version: sql`${timeSpans.version} + 1` })
      .where(and(eq(timeSpans.id, b.id), eq(timeSpans.version, b.version)))
      .returning({ id: timeSpans.id });
    if (!moved.length) throw staleVersion();
  });
  return true as const;
}

export async function classroomList(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; validStatus?: number | undefined },
): Promise<TClassroomRow[]> {
  assertCampus(u, q.schoolItemCode);
  return deps.db
    .select({
      id: classrooms.id,
      schoolItemCode: classrooms.schoolItemCode,
      name: classrooms.name,
      capacity: classrooms.capacity,
      validStatus: classrooms.validStatus,
      remark: classrooms.remark,
      version: classrooms.version,
    })
    .from(classrooms)
    .where(
      and(
        eq(classrooms.schoolItemCode, q.schoolItemCode),
        q.validStatus === undefined ? undefined : eq(classrooms.validStatus, q.validStatus),
      ),
    )
    .orderBy(asc(classrooms.name));
}

export async function classroomSave(
  deps: Deps,
  u: AuthUser,
  b: TClassroomInputParsed,
): Promise<{ id: number }> {
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    await assertCampusExists(tx, b.schoolItemCode);
    const [dup] = await tx
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(
        and(
          eq(classrooms.schoolItemCode, b.schoolItemCode),
          eq(classrooms.name, b.name),
          b.id ? ne(classrooms.id, b.id) : undefined,
        ),
      );
    if (dup) throw conflict(`教室「${b.name}」已存在 / the classroom "${b.name}" exists`, 'name');
    const values = { schoolItemCode: b.schoolItemCode, name: b.name, capacity: b.capacity, remark: b.remark };
    if (!b.id) {
      const [row] = await tx.insert(classrooms).values(values).returning({ id: classrooms.id });
      return { id: must(row, 'classroom').id };
    }
    const [cur] = await tx.select().from(classrooms).where(eq(classrooms.id, b.id));
    if (!cur) throw notFound('教室 / classroom');
    assertCampus(u, cur.schoolItemCode);
    if (cur.schoolItemCode !== b.schoolItemCode)
      throw ruleViolation('教室不能换校区 / a classroom cannot change campus', 'schoolItemCode');
    const moved = await tx
      .update(classrooms)
      .set({ ...values, updatedAt: deps.now(), version: sql`${classrooms.version} + 1` })
      .where(and(eq(classrooms.id, b.id), eq(classrooms.version, b.version ?? 0)))
      .returning({ id: classrooms.id });
    if (!moved.length) throw staleVersion();
    return { id: b.id };
  });
}

export async function classroomStatus(
  deps: Deps,
  u: AuthUser,
  b: { id: number; version: number; validStatus: number },
) {
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(classrooms).where(eq(classrooms.id, b.id));
    if (!cur) throw notFound('教室 / classroom');
    assertCampus(u, cur.schoolItemCode);
    const moved = await tx
      .update(classrooms)
      .set({ validStatus: b.validStatus, updatedAt: deps.now(), version: sql`${classrooms.version} + 1` })
      .where(and(eq(classrooms.id, b.id), eq(classrooms.version, b.version)))
      .returning({ id: classrooms.id });
    if (!moved.length) throw staleVersion();
  });
  return true as const;
}

const campusOrAll = (code: string) =>
  or(isNull(calendarDays.schoolItemCode), eq(calendarDays.schoolItemCode, code));

export async function holidayList(
  deps: Deps,
  u: AuthUser,
  q: { schoolItemCode: string; from: string; to: string; kind?: 'holiday' | 'event' | undefined },
): Promise<TCalendarDayRow[]> {
  assertCampus(u, q.schoolItemCode);
  const rows = await deps.db
    .select()
    .from(calendarDays)
    .where(
      and(
        campusOrAll(q.schoolItemCode),
        lte(calendarDays.startDate, q.to),
        gte(calendarDays.endDate, q.from),
        q.kind ? eq(calendarDays.kind, q.kind) : undefined,
      ),
    )
    .orderBy(asc(calendarDays.startDate), asc(calendarDays.id));
  return rows.map((r) => ({
    id: r.id,
    schoolItemCode: r.schoolItemCode,
    kind: r.kind === 'event' ? 'event' : 'holiday',
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    remark: r.remark,
    version: r.version,
  }));
}

/**
 * The holiday days (YYYY-MM-DD) of a campus between two days inclusive, with their names: billing
 * extends service time over them, scheduling refuses them and a series skips them.
 */
export async function holidaysBetween(
  tx: DbOrTx,
  schoolItemCode: string,
  from: string,
  to: string,
): Promise<Map<string, string>> {
  const rows = await tx
    .select({ name: calendarDays.name, startDate: calendarDays.startDate, endDate: calendarDays.endDate })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.kind, 'holiday'),
        campusOrAll(schoolItemCode),
        lte(calendarDays.startDate, to),
        gte(calendarDays.endDate, from),
      ),
    );
  const out = new Map<string, string>();
  for (const r of rows) {
    const d = new Date(`${r.startDate > from ? r.startDate : from}T00:00:00Z`);
    const last = r.endDate < to ? r.endDate : to;
    for (let day = d.toISOString().slice(0, 10); day <= last;) {
      out.set(day, r.name);
      d.setUTCDate(d.getUTCDate() + 1);
      day = d.toISOString().slice(0, 10);
    }
  }
  return out;
}

export async function holidaySave(
  deps: Deps,
  u: AuthUser,
  b: TCalendarDayInputParsed,
): Promise<{ id: number }> {
  // A holiday of every campus changes every campus's timetable: only all-campus users declare one.
  if (b.schoolItemCode) assertCampus(u, b.schoolItemCode);
  else if (!u.allScope)
    throw noPermission(
      '只有全校区用户可以设置全部校区的假期 / only an all-campus user sets a holiday of every campus',
    );
  if (b.endDate < b.startDate)
    throw ruleViolation('结束日期不能早于开始日期 / the end date cannot be before the start date', 'endDate');
  if (b.endDate > addYear(b.startDate))
    throw ruleViolation('假期最长一年 / a holiday lasts at most a year', 'endDate');
  return deps.db.transaction(async (tx) => {
    if (b.schoolItemCode) await assertCampusExists(tx, b.schoolItemCode);
    if (b.kind === 'holiday') {
      // Lessons already booked on the new holiday must be moved first: say which.
      const clash = await tx
        .select({ id: lessons.id, lessonDate: lessons.lessonDate })
        .from(lessons)
        .where(
          and(
            eq(lessons.status, LESSON.scheduled),
            b.schoolItemCode ? eq(lessons.schoolItemCode, b.schoolItemCode) : undefined,
            gte(lessons.lessonDate, b.startDate),
            lte(lessons.lessonDate, b.endDate),
          ),
        )
        .orderBy(asc(lessons.lessonDate))
        .limit(5);
      if (clash.length)
        throw conflict(
          `假期内已有课程（${clash.map((c) => c.lessonDate).join('、')}），请先调课 / lessons are booked in the holiday (${clash
            .map((c) => c.lessonDate)
            .join(', ')}): move them first`,
          'startDate',
        );
    }
    const values = {
      schoolItemCode: b.schoolItemCode ?? null,
      kind: b.kind,
      name: b.name,
      startDate: b.startDate,
      endDate: b.endDate,
      remark: b.remark,
    };
    if (!b.id) {
      const [row] = await tx.insert(calendarDays).values(values).returning({ id: calendarDays.id });
      const id = must(row, 'calendar day').id;
      await writeAudit(tx, {
        action: 'teaching.holiday.save',
        target: String(id),
        detail: values,
        userId: u.id,
        username: u.username,
      });
      return { id };
    }
    const [cur] = await tx.select().from(calendarDays).where(eq(calendarDays.id, b.id));
    if (!cur) throw notFound('假期 / holiday');
    if (cur.schoolItemCode) assertCampus(u, cur.schoolItemCode);
    else if (!u.allScope) throw noPermission();
    const moved = await tx
      .update(calendarDays)
      .set({ ...values, updatedAt: deps.now(), version: sql`${calendarDays.version} + 1` })
      .where(and(eq(calendarDays.id, b.id), eq(calendarDays.version, b.version ?? 0)))
      .returning({ id: calendarDays.id });
    if (!moved.length) throw staleVersion();
    return { id: b.id };
  });
}

export async function holidayDelete(deps: Deps, u: AuthUser, id: number) {
  await deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(calendarDays).where(eq(calendarDays.id, id));
    if (!cur) throw notFound('假期 / holiday');
    if (cur.schoolItemCode) assertCampus(u, cur.schoolItemCode);
    else if (!u.allScope) throw noPermission();
    await tx.delete(calendarDays).where(inArray(calendarDays.id, [id]));
    await writeAudit(tx, {
      action: 'teaching.holiday.delete',
      target: String(id),
      detail: { name: cur.name, startDate: cur.startDate, endDate: cur.endDate },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}

function addYear(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}
