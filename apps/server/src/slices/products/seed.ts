// Demo products (issue 34 §5): course packages and assessment products (plain master data, inserted as
// the catalogue is), sold at a few campuses with price history: a sale on sale today, one ended, one
// disabled, a disabled product, a campus price and a price change planned for next month. Sales are at
// campuses no journey or server test prices (SZ01, GZ01, TJ01), at the course's own unit price, so a
// quote there is what it was (the sale is pricing's list price source: docs/demo.md).
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { shanghaiDate, centsOf } from '@bo/domain';
import type { SeedContext } from '../../seed/context.js';
import { courses, users } from '../../db/schema.js';
import { itemPrices, itemSales, saleItems } from './tables.js';

const TESTED_COURSES = ['C001', 'C004', 'C007', 'C013'];
const CAMPUSES = ['SZ01', 'GZ01', 'TJ01'];
const PACKAGES: Array<[number, string]> = [
  [20, '基础包'],
  [40, '进阶包'],
];

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function seedProductsDemo({ db, now }: SeedContext) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const by = admin?.id ?? null;
  const today = shanghaiDate(now);
  const list = await db
    .select({ code: courses.code, name: courses.name, price: courses.price, category: courses.categoryCode })
    .from(courses)
    .where(and(eq(courses.validStatus, 1), notInArray(courses.code, TESTED_COURSES)))
    .orderBy(asc(courses.code));
  const packaged = list.filter((c) => c.category !== 'PG').slice(-4);
  const assessed = list.filter((c) => c.category === 'PG');
  const audit = { createdAt: now, updatedAt: now };

  const items = await db
    .insert(saleItems)
    .values([
      ...packaged.flatMap((c, i) =>
        PACKAGES.map(([quantity, label], j) => ({
          kind: 'product',
          code: `P${c.code}${String(quantity)}`,
          name: `${c.name}${label}（${String(quantity)}课时）`,
          courseCode: c.code,
          quantity: String(quantity),
          priceCents: centsOf(c.price),
          remark: j === 0 ? '新学员推荐' : '',
          // The last course's larger package is withdrawn from the catalogue.
          validStatus: i === packaged.length - 1 && j === 1 ? 0 : 1,
          ...audit,
        })),
      ),
      ...assessed.map((c, i) => ({
        kind: 'assess',
        code: `A${c.code}`,
        name: `${c.name}（含报告）`,
        courseCode: c.code,
        quantity: '1',
        priceCents: centsOf(c.price),
        remark: i === 0 ? '入学前必做' : '',
        validStatus: 1,
        ...audit,
      })),
    ])
    .returning();

  // One sale per course and campus (a campus sells one item of a course at a time).
  const sales: Array<typeof itemSales.$inferInsert> = [];
  const firstOfCourse = new Map<string, (typeof items)[number]>();
  for (const it of items) if (!firstOfCourse.has(it.courseCode)) firstOfCourse.set(it.courseCode, it);
  [...firstOfCourse.values()].forEach((it, i) => {
    for (const [ci, campus] of CAMPUSES.entries()) {
      const shape = (i + ci) % 4;
      sales.push({
        itemId: it.id,
        schoolItemCode: campus,
        startDate: addDays(today, -120 - 15 * i),
        // 0 on sale, 1 on sale until a day next season, 2 ended, 3 disabled.
        endDate: shape === 1 ? addDays(today, 90) : shape === 2 ? addDays(today, -10) : null,
        status: shape === 3 ? 0 : 1,
        ...audit,
      });
    }
  });
  if (sales.length) await db.insert(itemSales).values(sales);

  // Price history: the standard price since the sales began, a campus price at the first campus equal
  // to it (set again when the campus confirmed its list), and a rise planned 45 days ahead.
  const prices: Array<typeof itemPrices.$inferInsert> = [];
  for (const it of firstOfCourse.values()) {
    prices.push(
      {
        itemId: it.id,
        schoolItemCode: null,
        priceCents: it.priceCents,
        effectiveDate: addDays(today, -180),
        createdBy: by,
      },
      {
        itemId: it.id,
        schoolItemCode: CAMPUSES[0] ?? 'SZ01',
        priceCents: it.priceCents,
        effectiveDate: addDays(today, -90),
        createdBy: by,
      },
      {
        itemId: it.id,
        schoolItemCode: null,
        priceCents: Math.round((it.priceCents * 105) / 10000) * 100,
        effectiveDate: addDays(today, 45),
        createdBy: by,
      },
    );
  }
  if (prices.length) await db.insert(itemPrices).values(prices);
  // A withdrawn price (cancelled before it took effect).
  const [one] = items.filter((i) => i.kind === 'product');
  if (one)
    await db.insert(itemPrices).values({
      itemId: one.id,
      schoolItemCode: CAMPUSES[1] ?? 'GZ01',
      priceCents: one.priceCents - 2000,
      effectiveDate: addDays(today, 20),
      status: 0,
      createdBy: by,
      cancelledBy: by,
      cancelledAt: now,
    });
}
