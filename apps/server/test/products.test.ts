// Products and assessment products over HTTP: the catalogue's checks, campus sales and their scope,
// prices with history (an order keeps the price it was made at), pricing's list price source, and
// the assessment inventory and stocktaking sheets against figures computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { courses } from '../src/slices/courses/tables.js';
import { students } from '../src/slices/students/tables.js';
import { studentLedger } from '../src/slices/ledger/index.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

const DAY = 86_400_000;
let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let finance: Sdk;
let sh01Student: number;
/** A course of the demo seed no demo order uses, so its prices are ours alone. */
let course: { code: string; price: string; categoryCode: string; rankCode: string };

const day = (offsetDays = 0) => shanghaiDate(new Date(t.clock.now().getTime() + offsetDays * DAY));

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  sales = await t.as('sales');
  finance = await t.as('finance');
  const [s] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!s) throw new Error('the demo seed has students in SH01');
  sh01Student = s.id;
  const [c] = await t.deps.db.select().from(courses).where(eq(courses.code, 'C001'));
  if (!c) throw new Error('the demo seed has course C001');
  const made = await admin.courses.courseSave({
    body: {
      code: 'PTEST01',
      name: '产品测试课程',
      coursecategorycode: c.categoryCode,
      courserankcode: c.rankCode,
      price: '400.00',
    },
  });
  course = { code: made.code, price: '400.00', categoryCode: c.categoryCode, rankCode: c.rankCode };
}, 120_000);
afterAll(async () => t?.close());

/** Moves the clock; sessions do not outlive long moves, so every user signs in again. */
async function advanceDays(n: number) {
  t.clock.advance(n * DAY);
  admin = await t.as('admin');
  sales = await t.as('sales');
  finance = await t.as('finance');
}

const quoteAt = async (who: Sdk, campus: string) => {
  const q = await who.orders.preCreate({
    body: { schoolItemCode: campus, orderType: 0, items: [{ courseCode: course.code, quantity: 10 }] },
  });
  return { unit: q.items[0]?.unitPrice, list: q.items[0]?.listAmount };
};

describe('products catalogue', () => {
  it('saves a product, refuses a duplicate code, an unknown course and a price of 3 decimals', async () => {
    const p = await admin.products.productSave({
      body: { code: 'P-VALID', name: '校验产品', courseCode: 'C002', quantity: 20, price: '99.5' },
    });
    expect(p).toMatchObject({
      courseCode: 'C002',
      quantity: 20,
      price: '99.50',
      packagePrice: '1990.00',
      validstatus: 1,
    });
    const dup = await expectApiError(
      admin.products.productSave({
        body: { code: 'P-VALID', name: '另一个', courseCode: 'C002', quantity: 1, price: '1' },
      }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('code');
    const unknown = await expectApiError(
      admin.products.productSave({
        body: { code: 'P-NOPE', name: '无课程', courseCode: 'NOPE', quantity: 1, price: '1' },
      }),
      ErrorCode.validation,
    );
    expect(unknown.field).toBe('courseCode');
    const decimals = await expectApiError(
      admin.products.productSave({
        body: { code: 'P-DEC', name: '小数', courseCode: 'C002', quantity: 1, price: '1.005' },
      }),
      ErrorCode.validation,
    );
    expect(decimals.message).toContain('2位小数');
    const page = await admin.products.productPage({ body: { name: '校验' } });
    expect(page.list.map((r) => r.code)).toEqual(['P-VALID']);
    // Products and assessment products are separate lists: the same code is free on the other side.
    const a = await admin.products.assessSave({
      body: { code: 'P-VALID', name: '校验评估', courseCode: 'C003', quantity: 1, price: '10' },
    });
    expect((await admin.products.assessInfo({ params: { id: a.id } })).name).toBe('校验评估');
    await expectApiError(admin.products.assessInfo({ params: { id: p.id } }), ErrorCode.notFound);
  });
});

describe('prices with history and the list price of orders', () => {
  let productId = 0;
  let saleId = 0;

  it('a campus selling a product quotes its standard price; another campus keeps the course price', async () => {
    const p = await admin.products.productSave({
      body: { code: 'P-HIST', name: '历史价格产品', courseCode: course.code, quantity: 10, price: '300' },
    });
    productId = p.id;
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '400.00', list: '4000.00' });
    const sale = await admin.products.saleSave({
      body: { itemId: productId, schoolItemCode: 'SH01', startDate: day() },
    });
    saleId = sale.id;
    expect(sale).toMatchObject({ onSale: true, price: '300.00', priceFrom: '' });
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '300.00', list: '3000.00' });
    expect(await quoteAt(admin, 'BJ01')).toEqual({ unit: '400.00', list: '4000.00' });
  });

  it('a price set from a later day applies from that day; the order made before keeps its price', async () => {
    const future = await admin.products.updateSalePrice({
      body: { saleId, price: '250', effectiveDate: day(10) },
    });
    expect(future).toMatchObject({ schoolItemCode: 'SH01', price: '250.00', inEffect: false });
    const row = (await admin.products.salePage({ body: { itemId: productId } })).list[0];
    expect(row).toMatchObject({ price: '300.00', nextPrice: '250.00', nextPriceFrom: day(10) });

    const before = await sales.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: sh01Student,
        orderType: 0,
        items: [{ courseCode: course.code, quantity: 2 }],
      },
    });
    await advanceDays(10);
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '250.00', list: '2500.00' });
    const after = await sales.orders.create({
      body: {
        schoolItemCode: 'SH01',
        studentId: sh01Student,
        orderType: 0,
        items: [{ courseCode: course.code, quantity: 2 }],
      },
    });
    const unitOf = async (id: number) => (await admin.orders.detail({ params: { id } })).items[0]?.unitPrice;
    expect(await unitOf(before.id)).toBe('300.00');
    expect(await unitOf(after.id)).toBe('250.00');
    // An all-campus price does not override the campus's own price, but applies where it has none.
    await admin.products.priceSave({ body: { itemId: productId, price: '280', effectiveDate: day() } });
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '250.00', list: '2500.00' });
  });

  it('keeps history honest: no backdated price, no change to a price in effect, a future one may be cancelled', async () => {
    const past = await expectApiError(
      admin.products.priceSave({
        body: { itemId: productId, schoolItemCode: 'SH01', price: '1', effectiveDate: day(-1) },
      }),
      ErrorCode.validation,
    );
    expect(past.field).toBe('effectiveDate');
    const history = await admin.products.pricePage({ body: { itemId: productId, schoolItemCode: 'SH01' } });
    const inEffect = history.list.find((p) => p.inEffect);
    expect(inEffect?.price).toBe('250.00');
    await expectApiError(admin.products.priceCancel({ query: { id: inEffect?.id ?? 0 } }), ErrorCode.rule);

    const later = await admin.products.priceSave({
      body: { itemId: productId, schoolItemCode: 'SH01', price: '200', effectiveDate: day(5) },
    });
    await expectApiError(
      admin.products.priceSave({
        body: { itemId: productId, schoolItemCode: 'SH01', price: '190', effectiveDate: day(5) },
      }),
      ErrorCode.conflict,
    );
    await admin.products.priceCancel({ query: { id: later.id } });
    await advanceDays(5);
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '250.00', list: '2500.00' });
    const cancelled = (await admin.products.pricePage({ body: { itemId: productId, status: 0 } })).list;
    expect(cancelled.map((p) => p.id)).toEqual([later.id]);
  });

  it('a sale ended or disabled no longer gives the price; one sale per course and campus', async () => {
    const other = await admin.products.productSave({
      body: { code: 'P-HIST2', name: '同课程另一产品', courseCode: course.code, quantity: 5, price: '100' },
    });
    const clash = await expectApiError(
      admin.products.saleSave({ body: { itemId: other.id, schoolItemCode: 'SH01', startDate: day() } }),
      ErrorCode.conflict,
    );
    expect(clash.field).toBe('itemId');
    const s = (await admin.products.salePage({ body: { itemId: productId } })).list[0];
    await admin.products.saleSave({
      body: {
        id: saleId,
        itemId: productId,
        schoolItemCode: 'SH01',
        startDate: s?.startDate ?? day(),
        endDate: day(-1),
        version: s?.version ?? 0,
      },
    });
    expect(await quoteAt(sales, 'SH01')).toEqual({ unit: '400.00', list: '4000.00' });
    await expectApiError(
      admin.products.saleSave({
        body: {
          id: saleId,
          itemId: productId,
          schoolItemCode: 'SH01',
          startDate: day(),
          version: s?.version ?? 0,
        },
      }),
      ErrorCode.conflict,
    );
  });
});

describe('campus scope of sale products', () => {
  it('a consultant reads what its own campus sells and is refused another campus', async () => {
    const p = await admin.products.productSave({
      body: { code: 'P-SCOPE', name: '范围产品', courseCode: 'C002', quantity: 10, price: '50' },
    });
    await admin.products.saleSave({ body: { itemId: p.id, schoolItemCode: 'SH01', startDate: day() } });
    await admin.products.saleSave({ body: { itemId: p.id, schoolItemCode: 'BJ01', startDate: day(3) } });
    const own = await sales.products.saleProduct({ query: { schoolItemCode: 'SH01' } });
    expect(own.find((r) => r.itemCode === 'P-SCOPE')).toMatchObject({
      price: '50.00',
      packagePrice: '500.00',
    });
    await expectApiError(
      sales.products.saleProduct({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    // Not yet started at BJ01: listed among its sales, not among what it may sell today.
    const bj = await admin.products.schoolSales({ query: { productId: p.id } });
    expect(bj.map((s) => [s.schoolItemCode, s.onSale])).toEqual([
      ['BJ01', false],
      ['SH01', true],
    ]);
    expect(
      (await admin.products.saleProduct({ query: { schoolItemCode: 'BJ01' } })).some(
        (r) => r.itemCode === 'P-SCOPE',
      ),
    ).toBe(false);
    await expectApiError(sales.products.salePage({ body: {} }), ErrorCode.noPermission);
  });
});

describe('assessment products, inventory and stocktaking', () => {
  let itemId = 0;
  let assessCourse = '';
  /** Movements of a student of SH01 on the assessment course, posted at the given instants. */
  async function move(kind: string, hours: string, at: string, reversesId: number | null = null) {
    const [m] = await t.deps.db
      .insert(studentLedger)
      .values({
        studentId: sh01Student,
        schoolItemCode: 'SH01',
        orderId: 0,
        orderItemId: 0,
        courseCode: assessCourse,
        kind,
        hours,
        valueCents: 0,
        sourceType: 'test',
        sourceId: 0,
        reversesId,
        postedAt: new Date(at),
        postedBy: null,
      })
      .returning({ id: studentLedger.id });
    return m?.id ?? 0;
  }

  it('sells, prices and lists assessment products per campus', async () => {
    const c = await admin.courses.courseSave({
      body: {
        code: 'PTEST02',
        name: '评估测试课程',
        coursecategorycode: course.categoryCode,
        courserankcode: course.rankCode,
        price: '600',
      },
    });
    assessCourse = c.code;
    const a = await admin.products.assessSave({
      body: { code: 'A-INV', name: '发育评估', courseCode: assessCourse, quantity: 1, price: '500' },
    });
    itemId = a.id;
    await expectApiError(
      admin.products.assessSave({
        body: { code: 'A-INV2', name: '第二个', courseCode: assessCourse, quantity: 1, price: '1' },
      }),
      ErrorCode.conflict,
    );
    expect(
      (await admin.products.assessSelectProduct({ query: { schoolItemCode: 'SH01' } })).some(
        (r) => r.id === itemId,
      ),
    ).toBe(true);
    const sale = await admin.products.assessSaleSave({
      body: { itemId, schoolItemCode: 'SH01', startDate: day() },
    });
    expect(
      (await admin.products.assessSelectProduct({ query: { schoolItemCode: 'SH01' } })).some(
        (r) => r.id === itemId,
      ),
    ).toBe(false);
    const future = await admin.products.assessPriceSave({
      body: { itemId, schoolItemCode: 'SH01', price: '450', effectiveDate: day(2) },
    });
    const moved = await admin.products.assessPriceUpdate({
      body: { id: future.id, price: '420', effectiveDate: day(1) },
    });
    expect(moved).toMatchObject({ price: '420.00', effectiveDate: day(1) });
    expect(
      (await sales.products.assessAvailable({ query: { schoolItemCode: 'SH01' } })).find(
        (r) => r.itemId === itemId,
      )?.price,
    ).toBe('500.00');
    await admin.products.assessSaleUpdateStatus({ body: { id: sale.id, status: 0 } });
    expect(
      (await admin.products.assessEnableProduct({ query: { schoolItemCode: 'SH01' } })).some(
        (r) => r.id === sale.id,
      ),
    ).toBe(false);
    await admin.products.assessSaleUpdateStatus({ body: { id: sale.id, status: 1 } });
    await admin.products.assessPriceRevoke({ params: { id: future.id } });
    expect((await admin.products.assessPriceList({ body: { itemId } })).list[0]?.status).toBe(0);
  });

  it('counts opening, sold, used and closing per month from the ledger, reversals included', async () => {
    // Shanghai months: 2026-01 is [2025-12-31T16:00Z, 2026-01-31T16:00Z).
    await move('purchase', '10', '2025-12-31T16:30:00Z'); // January
    await move('consume', '-2', '2026-01-20T00:00:00Z');
    await move('purchase', '5', '2026-01-31T16:10:00Z'); // 1 February, Shanghai
    const used = await move('consume', '-3', '2026-02-10T00:00:00Z');
    await move('reversal', '1', '2026-02-11T00:00:00Z', used); // one given back
    await move('gift', '1', '2026-02-12T00:00:00Z');
    await move('consume', '-1', '2026-03-01T00:00:00Z'); // March: not in February's figures
    const rows = await finance.products.inventory({ body: { month: '2026-02', itemId } });
    expect(rows).toEqual([
      expect.objectContaining({ schoolItemCode: 'SH01', itemId, opening: 8, sold: 6, used: 2, closing: 12 }),
    ]);
    const jan = await finance.products.inventory({ body: { month: '2026-01', itemId } });
    expect(jan[0]).toMatchObject({ opening: 0, sold: 10, used: 2, closing: 8 });
    await expectApiError(finance.products.inventory({ body: { month: '2026-13' } }), ErrorCode.validation);
  });

  it('a stocktaking sheet keeps its snapshot and shows what moved afterwards', async () => {
    const g = await finance.products.recheckGenerate({ body: { month: '2026-02' } });
    expect(g.rows).toBeGreaterThan(0);
    await move('refund', '-2', '2026-02-20T00:00:00Z'); // a late correction inside February
    const sheet = await finance.products.recheckPage({ body: { month: '2026-02', changedOnly: true } });
    expect(sheet.list).toEqual([
      expect.objectContaining({ itemId, closing: 12, currentClosing: 10, difference: -2 }),
    ]);
    await finance.products.recheckGenerate({ body: { month: '2026-02' } });
    expect(
      (await finance.products.recheckPage({ body: { month: '2026-02', changedOnly: true } })).total,
    ).toBe(0);
    const future = shanghaiDate(new Date(t.clock.now().getTime() + 40 * DAY)).slice(0, 7);
    await expectApiError(finance.products.recheckGenerate({ body: { month: future } }), ErrorCode.validation);
    await expectApiError(sales.products.recheckPage({ body: {} }), ErrorCode.noPermission);
  });
});
