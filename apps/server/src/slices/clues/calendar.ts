// The school-opening calendar visits are planned on.
import { and, eq, gte, sql } from 'drizzle-orm';
import { type contract } from '@bo/api-sdk';
import { daysInMonth } from '@bo/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, noPermission } from '../../http/errors.js';
import { must } from '../../shared/must.js';
import { schoolItems } from '../../db/schema.js';
import { clueCalendarDays, clueCalendarSchools } from './tables.js';
import { and_ } from '../../db/rowHelpers.js';

type Body<K extends keyof typeof contract.clues> = z.output<NonNullable<(typeof contract.clues)[K]['body']>>;

function monthDays(monthStr: string): string[] {
  const [y = 0, m = 0] = monthStr.split('-').map(Number);
  if (m < 1 || m > 12) throw badInput('query.monthStr', '月份不正确 / not a month');
  const n = daysInMonth(y, m);
  return Array.from({ length: n }, (_, i) => `${monthStr}-${String(i + 1).padStart(2, '0')}`);
}

async function campusesInScope(db: DbOrTx, u: AuthUser) {
  const rows = await db
    .select({ code: schoolItems.code, name: schoolItems.name })
    .from(schoolItems)
    .where(eq(schoolItems.validStatus, 1))
    .orderBy(schoolItems.sort, schoolItems.code);
  return u.allScope ? rows : rows.filter((r) => u.schoolItems.includes(r.code));
}

/** Days are opening days unless set otherwise; a campus entry overrides its day. */
export async function calendarList(deps: AppDeps, u: AuthUser, monthStr: string, typeCalendar: number) {
  const days = monthDays(monthStr);
  const first = must(days[0], 'day');
  const last = must(days[days.length - 1], 'day');
  const set = await deps.db
    .select()
    .from(clueCalendarDays)
    .where(
      and(
        eq(clueCalendarDays.typeCalendar, typeCalendar),
        gte(clueCalendarDays.dateStr, first),
        sql`${clueCalendarDays.dateStr} <= ${last}`,
      ),
    );
  const overrides = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(and(gte(clueCalendarSchools.dateStr, first), sql`${clueCalendarSchools.dateStr} <= ${last}`));
  const campuses = await campusesInScope(deps.db, u);
  const byDay = new Map(set.map((d) => [d.dateStr, d]));
  return days.map((dateStr) => {
    const d = byDay.get(dateStr);
    const isOpen = d?.isOpen ?? true;
    const open = campuses.filter(
      (c) => overrides.find((o) => o.dateStr === dateStr && o.schoolItemCode === c.code)?.isOpen ?? isOpen,
    ).length;
    return { dateStr, typeCalendar, isOpen, note: d?.note ?? '', openSchoolCount: open };
  });
}

export async function calendarSchoolList(
  deps: AppDeps,
  u: AuthUser,
  monthStr: string,
  schoolItemCode?: string,
) {
  const days = monthDays(monthStr);
  if (schoolItemCode) assertCampus(u, schoolItemCode);
  const campuses = await campusesInScope(deps.db, u);
  const names = new Map(campuses.map((c) => [c.code, c.name]));
  const rows = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(
      and_([
        gte(clueCalendarSchools.dateStr, must(days[0], 'day')),
        sql`${clueCalendarSchools.dateStr} <= ${must(days[days.length - 1], 'day')}`,
        schoolItemCode ? eq(clueCalendarSchools.schoolItemCode, schoolItemCode) : undefined,
      ]),
    )
    .orderBy(clueCalendarSchools.dateStr, clueCalendarSchools.schoolItemCode);
  return rows
    .filter((r) => names.has(r.schoolItemCode))
    .map((r) => ({
      dateStr: r.dateStr,
      schoolItemCode: r.schoolItemCode,
      schoolItemName: names.get(r.schoolItemCode) ?? '',
      isOpen: r.isOpen,
      note: r.note,
    }));
}

export async function schoolsOnDate(deps: AppDeps, u: AuthUser, dateStr: string) {
  const [d] = await deps.db
    .select()
    .from(clueCalendarDays)
    .where(and(eq(clueCalendarDays.dateStr, dateStr), eq(clueCalendarDays.typeCalendar, 1)));
  const overrides = await deps.db
    .select()
    .from(clueCalendarSchools)
    .where(eq(clueCalendarSchools.dateStr, dateStr));
  const campuses = await campusesInScope(deps.db, u);
  return campuses.map((c) => {
    const o = overrides.find((x) => x.schoolItemCode === c.code);
    return {
      dateStr,
      schoolItemCode: c.code,
      schoolItemName: c.name,
      isOpen: o?.isOpen ?? d?.isOpen ?? true,
      note: o?.note ?? d?.note ?? '',
    };
  });
}

export async function updateCalendar(deps: AppDeps, u: AuthUser, b: Body<'updateCalender'>) {
  if (!u.allScope)
    throw noPermission(
      '只有全局用户可以修改全局日历 / only all-campus users change the shared calendar; use updateCalenderSchool',
    );
  await deps.db
    .insert(clueCalendarDays)
    .values({ dateStr: b.dateStr, typeCalendar: b.typeCalendar, isOpen: b.isOpen, note: b.note })
    .onConflictDoUpdate({
      target: [clueCalendarDays.dateStr, clueCalendarDays.typeCalendar],
      set: { isOpen: b.isOpen, note: b.note },
    });
}

export async function updateCalendarSchool(deps: AppDeps, u: AuthUser, b: Body<'updateCalenderSchool'>) {
  assertCampus(u, b.schoolItemCode);
  await deps.db
    .insert(clueCalendarSchools)
    .values({ dateStr: b.dateStr, schoolItemCode: b.schoolItemCode, isOpen: b.isOpen, note: b.note })
    .onConflictDoUpdate({
      target: [clueCalendarSchools.dateStr, clueCalendarSchools.schoolItemCode],
      set: { isOpen: b.isOpen, note: b.note },
    });
}
