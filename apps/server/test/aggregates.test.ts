// on both engines: the maintained aggregates' triggers and their rebuild, on each engine.
// The maintained monthly aggregates (migration 0056: ledger_student_months, holding_months,
// ledger_teacher_days, with ledger_days and the lesson rollups) after a random series of commands —
// orders, payments and their approval or rejection, refunds, adjustments, revocations, lessons
// booked and signed, signs cancelled (a reversal), lessons given to another teacher — over months
// the clock moves through: the values the triggers kept equal what `rebuildAggregates` computes from
// the base tables, and the figures read from them (students holding advance receipts, the
// therapists' output, the students who consumed) equal the same figures read from the movements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { balances, paidValueOf, post, reverse } from '../src/slices/ledger/index.js';
import { revokeOrder } from '../src/slices/orders/service.js';
import { createAdjust, createRefund, refundOrders } from '../src/slices/refunds/index.js';
import { decide, revokeRequest } from '../src/slices/approvals/index.js';
import { AGGREGATE_TABLES, rebuildAggregates } from '../src/slices/dashboards/aggregates.js';
import { studentTrend, summary } from '../src/slices/dashboards/advance.js';
import { efficiencySummary } from '../src/slices/dashboards/staff.js';
import { summary as revenueSummary } from '../src/slices/dashboards/revenue.js';
import { monthsBetween, type FigureScope } from '../src/slices/dashboards/scope.js';
import { shanghaiDate, shanghaiDayOf } from '@bo/domain';
import { startTestServer, type TestServer } from './harness.js';
import { expectReached, orderCommands, randomSeries, runSeries } from './randomCommands.js';

let t: TestServer;
const rows = async <T>(q: SQL) => ((await t.deps.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);
afterAll(async () => t?.close());

/** Every aggregate table as sorted text rows (rows that hold nothing left out: a sum moved away). */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of AGGREGATE_TABLES) {
    const found = await rows<Record<string, unknown>>(sql`select * from ${sql.identifier(table)}`);
    out[table] = found
      .filter(
        (r) => !('delta' in r && Number(r.delta) === 0) && !('movements' in r && Number(r.movements) === 0),
      )
      .map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, v === null ? null : String(v)])))
      .sort();
  }
  return out;
}

/** The scope of every campus over some days, as figureScope resolves a filter. */
function scopeOf(startDate: string, endDate: string, codes: string[] | null = null): FigureScope {
  const start = shanghaiDayOf(startDate);
  const end = shanghaiDayOf(endDate, { end: true });
  if (!start || !end) throw new Error('days');
  return { codes, start, end, period: { startDate, endDate }, months: monthsBetween(startDate, endDate) };
}

describe('maintained aggregates', () => {
  it(
    'equal their rebuild from the base tables after a random series of commands',
    { timeout: 300_000 },
    async () => {
      // The template's aggregates, as the seed left them, are their rebuild.
      const seeded = await snapshot();
      await rebuildAggregates(t.deps.db);
      expect(await snapshot()).toEqual(seeded);

      const series = await randomSeries(t, {
        seed: 20261129,
        student: { code: 'SAGG0001', name: '汇总账户', phone: '13900009931' },
      });
      const { sales, finance, director, reason, student, deps, ip, next, pickOf, ordersIn } = series;
      const teachers = await rows<{ code: string; role: string }>(sql`
      select e.code, p.post_role as role from employees e join posts p on p.code = e.post_code
      where e.status = 1 order by (p.post_role = 'teacher') desc, e.code limit 3`);
      if (teachers[0]?.role !== 'teacher' || teachers.length < 2)
        throw new Error('a teacher among the employees');
      const signs: Array<{ id: number; lessonId: number; cancelled: boolean }> = [];

      const commands: Record<string, () => Promise<string | undefined>> = {
        ...orderCommands(series, {
          lines: () => ({
            items: [
              {
                courseCode: 'C001',
                quantity: 2 + Math.floor(next() * 8),
                giftQuantity: next() < 0.3 ? 1 : 0,
              },
            ],
            manualDiscount: '0',
          }),
          payCents: (rest) => rest,
          passPay: 0.85,
        }),
        // A lesson of the day booked and signed present: its consumption posted against the sign.
        sign: async () => {
          const o = pickOf(await ordersIn([40]));
          const b =
            o && pickOf((await balances(t.deps.db, { orderId: o.id })).filter((x) => x.remaining100 >= 100));
          if (!b) return undefined;
          const teacher = pickOf(teachers)?.code ?? '';
          const day = shanghaiDate(t.clock.now());
          const slot = 300 + 4 * signs.length;
          const [le] = await rows<{ id: number }>(sql`
          insert into teaching_lessons (school_item_code, course_code, teacher_code, kind, lesson_date, start_minute,
            end_minute, hours, status, created_at, updated_at)
          values ('SH01', ${b.courseCode}, ${teacher}, 'oneToOne', ${day}::date, ${slot}, ${slot + 3}, 1, 10, now(), now())
          returning id`);
          const [ls] = await rows<{ id: number }>(sql`
          insert into teaching_lesson_students (lesson_id, student_id, status, created_at)
          values (${le?.id ?? 0}, ${student.id}, 10, now()) returning id`);
          const [a] = await rows<{ id: number }>(sql`
          insert into teaching_attendances (lesson_id, lesson_student_id, student_id, school_item_code, course_code,
            teacher_code, lesson_date, status, hours, paid, signed_at)
          values (${le?.id ?? 0}, ${ls?.id ?? 0}, ${student.id}, 'SH01', ${b.courseCode}, ${teacher}, ${day}::date,
            'present', 1, true, now()) returning id`);
          await t.deps.db.transaction(async (tx) => {
            const [now] = await balances(tx, { orderItemId: b.orderItemId });
            await post(
              tx,
              [
                {
                  studentId: b.studentId,
                  schoolItemCode: b.schoolItemCode,
                  orderId: b.orderId,
                  orderItemId: b.orderItemId,
                  courseCode: b.courseCode,
                  kind: 'consume',
                  hours100: -100,
                  valueCents: now ? -paidValueOf(now, 100) : 0,
                  sourceType: 'attendance',
                  sourceId: a?.id ?? 0,
                },
              ],
              { userId: null, at: t.clock.now() },
            );
          });
          signs.push({ id: a?.id ?? 0, lessonId: le?.id ?? 0, cancelled: false });
          return 'sign';
        },
        // A sign cancelled, maybe in a later month than its consumption: the reversal counts back.
        cancelSign: async () => {
          const x = pickOf(signs.filter((y) => !y.cancelled));
          if (!x) return undefined;
          await t.deps.db.transaction(async (tx) => {
            await tx.execute(sql`update teaching_attendances set cancelled_at = now() where id = ${x.id}`);
            await reverse(tx, 'attendance', x.id, { userId: null, at: t.clock.now() }, '取消签到');
          });
          x.cancelled = true;
          return 'cancelSign';
        },
        // A lesson given to another teacher (of another role): its consumption follows it.
        moveTeacher: async () => {
          const x = pickOf(signs);
          const to = pickOf(teachers)?.code;
          if (!x || !to) return undefined;
          await t.deps.db.execute(
            sql`update teaching_lessons set teacher_code = ${to} where id = ${x.lessonId}`,
          );
          return 'moveTeacher';
        },
        refund: async () => {
          const o = pickOf(await ordersIn([40]));
          if (!o) return undefined;
          const r = await createRefund(deps, sales, {
            orderId: o.id,
            reasonCode: 'MOVE',
            remark: '',
            items: undefined,
          });
          await decide(deps, director, { id: r.approvalId, pass: true, comment: '' }, ip);
          const [x] = await t.deps.db.select().from(refundOrders).where(eq(refundOrders.id, r.id));
          if (x?.approvalId && x.status === 10)
            await decide(deps, finance, { id: x.approvalId, pass: true, comment: '' }, ip);
          return 'refund';
        },
        adjust: async () => {
          const o = pickOf(await ordersIn([40]));
          const b = o && pickOf(await balances(t.deps.db, { orderId: o.id }));
          if (!o || !b) return undefined;
          const r = await createAdjust(deps, sales, {
            orderId: o.id,
            reasonId: reason.id,
            remark: '',
            items: [{ orderItemId: b.orderItemId, hours100: 50, valueCents: Math.floor(next() * 30_000) }],
          });
          const [x] = await t.deps.db.select().from(refundOrders).where(eq(refundOrders.id, r.id));
          if (x?.approvalId && x.status === 10)
            await decide(deps, finance, { id: x.approvalId, pass: true, comment: '' }, ip);
          return 'adjust';
        },
        revoke: async () => {
          if (next() < 0.2) {
            const o = pickOf(await ordersIn([10, 20, 30]));
            if (!o) return undefined;
            await revokeOrder(deps, sales, o.id, { reason: '家长取消' }, ip);
            return 'revokeOrder';
          }
          // An effective order nothing was consumed from yet (the approval of one that was is refused).
          const used = await rows<{ order_id: number }>(
            sql`select distinct order_id from student_ledger where student_id = ${student.id} and kind = 'consume'`,
          );
          const o = pickOf((await ordersIn([40])).filter((x) => !used.some((u) => u.order_id === x.id)));
          if (!o?.approvalId) return undefined;
          await revokeRequest(t.deps, finance, { id: o.approvalId, comment: '录入错误' }, ip);
          return 'revokePay';
        },
        // The clock moves on a few days: the series runs through several months.
        later: async () => {
          t.clock.advance(Math.floor(1 + next() * 12) * 86_400_000);
          return 'later';
        },
      };
      const weights: Array<[string, number]> = [
        ['create', 0.12],
        ['pay', 0.14],
        ['decidePay', 0.14],
        ['sign', 0.2],
        ['cancelSign', 0.08],
        ['moveTeacher', 0.05],
        ['refund', 0.05],
        ['adjust', 0.05],
        ['revoke', 0.07],
        ['later', 0.1],
      ];
      const startDay = shanghaiDate(t.clock.now());
      const compareFigures = async () => {
        const endDay = shanghaiDate(t.clock.now());
        const campuses = (await rows<{ code: string }>(sql`select code from school_items order by code`)).map(
          (r) => r.code,
        );
        // Every campus (maintained) against the list of every campus (read from the movements).
        for (const [from, to] of [
          [`${startDay.slice(0, 7)}-01`, endDay],
          [startDay, endDay],
        ] as const) {
          const maintained = scopeOf(from, to);
          const movements = scopeOf(from, to, campuses);
          expect((await studentTrend(t.deps, maintained)).series).toEqual(
            (await studentTrend(t.deps, movements)).series,
          );
          expect((await summary(t.deps, maintained)).students).toBe(
            (await summary(t.deps, movements)).students,
          );
          // The therapists' output from ledger_teacher_days,
          // against every movement of the period read from the ledger.
          const kfs = (await efficiencySummary(t.deps, maintained)).groups.find((g) => g.group === 'kfs');
          const [base] = await rows<{ cents: string }>(sql`
          select coalesce(-sum(m.value_cents), 0)::text as cents from student_ledger m
          left join student_ledger c on c.id = m.reverses_id
          join teaching_attendances a on a.id = coalesce(c.source_id, m.source_id)
          join teaching_lessons le on le.id = a.lesson_id
          join employees e on e.code = le.teacher_code join posts p on p.code = e.post_code
          where p.post_role = 'teacher' and coalesce(c.kind, m.kind) = 'consume'
            and coalesce(c.source_type, m.source_type) = 'attendance' and m.kind in ('consume', 'reversal')
            and m.posted_at >= ${maintained.start.toISOString()}::timestamptz
            and m.posted_at < ${maintained.end.toISOString()}::timestamptz`);
          expect(kfs?.cents).toBe(Number(base?.cents ?? 0));
          // The students who consumed: whole months from ledger_student_months, against the movements.
          const [consumers] = await rows<{ n: string }>(sql`
          select count(distinct m.student_id)::text as n from student_ledger m
          left join student_ledger c on c.id = m.reverses_id
          where coalesce(c.kind, m.kind) = 'consume' and m.kind in ('consume', 'reversal')
            and m.posted_at >= ${maintained.start.toISOString()}::timestamptz
            and m.posted_at < ${maintained.end.toISOString()}::timestamptz`);
          expect((await revenueSummary(t.deps, maintained)).students).toBe(Number(consumers?.n ?? 0));
        }
      };

      await runSeries(series, {
        commands,
        weights,
        steps: 150,
        after: async (step) => {
          if (step % 30 !== 29) return;
          await compareFigures();
          const kept = await snapshot();
          await rebuildAggregates(t.deps.db);
          expect(await snapshot()).toEqual(kept);
        },
      });
      expectReached(series, ['passPay', 'sign', 'cancelSign', 'moveTeacher', 'refund', 'revokePay', 'later']);
      // The series spans months, so whole months and partial ends were both read.
      expect(shanghaiDate(t.clock.now()).slice(0, 7) > startDay.slice(0, 7)).toBe(true);
    },
  );
});
