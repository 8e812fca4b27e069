// The maintained aggregates the dashboards read (docs/decisions.md "Monthly aggregates", "Maintained
// ledger aggregates", "Lesson rollups"): every one is kept by the database in the transaction of the
// command that changes its base rows; this recomputes them all from the base tables, for a repair
// or after a bulk load (`pnpm --filter @bo/server aggregates:rebuild`), and names what each holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Every maintained aggregate table, as the rebuild fills it. */
export const AGGREGATE_TABLES = [
  'ledger_days',
  'ledger_student_months',
  'holding_months',
  'ledger_teacher_days',
  'lesson_days',
  'lesson_campus_days',
] as const;

/**
 * Recomputes every maintained aggregate from the base tables (the ledger's movements, the lessons,
 * bookings and signs) in one transaction: what the triggers keep equal to them, from nothing.
 * Answers each table's rows.
 */
export async function rebuildAggregates(db: Db): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    // The ledger's daily sums, as migration 0047 fills them.
    await tx.execute(sql`truncate ledger_days`);
    await tx.execute(sql`
      insert into ledger_days (school_item_code, day, kind, course_code, order_type, value_cents, hours, movements)
      select m.school_item_code, (m.posted_at at time zone 'Asia/Shanghai')::date, coalesce(r.kind, m.kind),
        m.course_code, coalesce(o.order_type, -1), sum(m.value_cents), sum(m.hours), count(*)
      from student_ledger m
      left join orders o on o.id = m.order_id
      left join (select x.id, x.kind from student_ledger x
        where x.id in (select y.reverses_id from student_ledger y where y.reverses_id is not null)) r
        on r.id = m.reverses_id
      group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`select ledger_aggregates_fill()`);
    await tx.execute(sql`select lesson_days_fill(null)`);
    const out: Record<string, number> = {};
    for (const table of AGGREGATE_TABLES) {
      const r = (await tx.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      out[table] = r.rows[0]?.n ?? 0;
    }
    return out;
  });
}
