// What a dashboard figure is computed over: the campuses (the caller's scope narrowed by the
// filter's region or campus) and the period (Asia/Shanghai days, both ends included).
import { shanghaiDate, shanghaiDayOf, shanghaiMonthOf } from '@bo/domain';
import type { TDashboardFilter } from '@bo/api-sdk';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { assertCampus, assertRegion, campusScope, type AuthUser } from '../../http/auth.js';
import { schoolItems } from '../../db/schema.js';

export interface FigureScope {
  /** The campuses; null: every campus (an all-scope caller without a campus or region filter). */
  codes: string[] | null;
  /** The first instant of the period and the instant after its last day. */
  start: Date;
  end: Date;
  period: { startDate: string; endDate: string };
  /** 'YYYY-MM' of every month the period touches, in order. */
  months: string[];
}

export function monthsBetween(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  let y = Number(startDate.slice(0, 4));
  let m = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (;;) {
    const mon = `${y}-${String(m).padStart(2, '0')}`;
    out.push(mon);
    if (mon >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** Resolves the filter against the caller's scope; a campus or region outside it is refused (403). */
export async function figureScope(deps: AppDeps, u: AuthUser, f: TDashboardFilter): Promise<FigureScope> {
  assertCampus(u, f.schoolItemCode);
  assertRegion(u, f.provinceTypeCode);
  const scope = campusScope(u);
  let codes: string[] | null = scope;
  if (f.schoolItemCode) codes = [f.schoolItemCode];
  else if (f.provinceTypeCode) {
    const rows = await deps.db
      .select({ code: schoolItems.code })
      .from(schoolItems)
      .where(
        and(
          eq(schoolItems.provinceTypeCode, f.provinceTypeCode),
          scope ? inArray(schoolItems.code, scope.length ? scope : ['']) : undefined,
        ),
      );
    codes = rows.map((r) => r.code);
  }
  const today = shanghaiDate(deps.now());
  const endDate = f.endDate ?? (f.startDate && f.startDate > today ? f.startDate : today);
  const startDate = f.startDate ?? `${endDate.slice(0, 7)}-01`;
  const start = shanghaiDayOf(startDate);
  const end = shanghaiDayOf(endDate, { end: true });
  if (!start || !end) throw new Error('the contract validates the days');
  return { codes, start, end, period: { startDate, endDate }, months: monthsBetween(startDate, endDate) };
}

/** `<column> in (<the scope's campuses>)`, or true for every campus, or false for none. */
export function inCampuses(column: SQL, s: FigureScope): SQL {
  if (s.codes === null) return sql`true`;
  if (!s.codes.length) return sql`false`;
  return sql`${column} in (${sql.join(
    s.codes.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}

/** A `values` list of the months, as a relation `months(mon)`. */
export function monthsRelation(s: FigureScope): SQL {
  return sql`(values ${sql.join(
    s.months.map((m) => sql`(${m})`),
    sql`, `,
  )}) as months(mon)`;
}

/**
 * The scope over the whole months its period touches: figures set against monthly imports (costs,
 * payroll, targets) compare whole months with whole months.
 */
export function wholeMonths(s: FigureScope): FigureScope {
  const first = s.months[0] ?? s.period.startDate.slice(0, 7);
  const last = s.months.at(-1) ?? first;
  const from = shanghaiMonthOf(first);
  const to = shanghaiMonthOf(last);
  if (!from || !to) throw new Error('the scope holds valid months');
  return { ...s, start: from.start, end: to.end, period: { startDate: from.startDate, endDate: to.endDate } };
}
