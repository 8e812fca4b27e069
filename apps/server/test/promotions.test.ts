// Promotions over HTTP: activity states by date and cancel, an activity's discount and gift on a
// consultant's order, the preview, vouchers used once (a race of two orders), campus scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TOfferInput, type TOrderCreateInput } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { students } from '../src/slices/students/tables.js';
import { promoVoucherUses } from '../src/slices/promotions/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let sh01: { id: number };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  sales = await t.as('sales');
  const [a] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!a) throw new Error('the demo seed has students in SH01');
  sh01 = { id: a.id };
}, 120_000);
afterAll(async () => t?.close());

const day = (offsetDays = 0) => shanghaiDate(new Date(t.clock.now().getTime() + offsetDays * DAY));
const activity = (o: Partial<TOfferInput> = {}): TOfferInput => ({
  name: '春季特惠',
  mode: 'rate',
  offPercent: '10',
  giftTiers: [{ minQuantity: 10, giftQuantity: 2 }],
  courseCodes: ['C001'],
  campusCodes: ['SH01'],
  startDate: day(),
  endDate: day(30),
  ...o,
});
const order = (o: Partial<TOrderCreateInput> = {}): TOrderCreateInput => ({
  schoolItemCode: 'SH01',
  studentId: sh01.id,
  orderType: 0,
  items: [{ courseCode: 'C001', quantity: 10 }],
  ...o,
});

describe('activities', () => {
  it("give a consultant's order their discount and gift lines until cancelled", async () => {
    const before = await sales.orders.preCreate({ body: order() });
    const a = await admin.promotions.activitySave({ body: activity() });
    // A draft gives nothing; the preview prices the sample basket with and without it.
    const preview = await admin.promotions.offerPreview({
      body: {
        kind: 'activity',
        offer: activity(),
        schoolItemCode: 'SH01',
        items: [{ courseCode: 'C001', quantity: 10 }],
      },
    });
    expect(preview.without.payable).toBe(before.payable);
    expect(Number(preview.with.payable)).toBeCloseTo(Number(before.listAmount) * 0.9, 2);
    expect(preview.with.items[0]?.giftQuantity).toBe(2);
    expect((await sales.orders.preCreate({ body: order() })).payable).toBe(before.payable);

    await admin.promotions.activityStatus({ body: { id: a.id, status: 1 } });
    const q = await sales.orders.preCreate({ body: order() });
    const lines = q.items[0]?.adjustments ?? [];
    expect(lines.map((l) => [l.source, l.ref])).toEqual([
      ['activity', a.code],
      ['gift', a.code],
    ]);
    expect(q.items[0]?.giftQuantity).toBe(2);
    expect(q.payable).toBe(preview.with.payable);
    // Nine hours miss the gift tier: the discount alone.
    const nine = await sales.orders.preCreate({
      body: order({ items: [{ courseCode: 'C001', quantity: 9 }] }),
    });
    expect(nine.items[0]?.adjustments.map((l) => l.source)).toEqual(['activity']);
    // The order stores the lines; the records list shows what the activity gave.
    const created = await sales.orders.create({ body: order() });
    const detail = await sales.orders.detail({ params: { id: created.id } });
    expect(detail.payable).toBe(q.payable);
    const records = await admin.promotions.recordList({
      body: { offerCode: a.code, pageIdx: 1, pageSize: 20 },
    });
    expect(records.list.map((r) => r.orderCode)).toContain(created.code);

    // The family declines the activity: the preview and the order it creates are priced without it
    // (the principles deciding what else applies), and a declined code that is chosen or unknown changes nothing.
    const declined = await sales.orders.preCreate({ body: order({ declinedOffers: [a.code] }) });
    expect(declined.payable).toBe(before.payable);
    expect(declined.items[0]?.adjustments.map((l) => l.ref)).not.toContain(a.code);
    const withoutIt = await sales.orders.create({ body: order({ declinedOffers: [a.code] }) });
    const stored = await sales.orders.detail({ params: { id: withoutIt.id } });
    expect(stored.payable).toBe(declined.payable);
    // The order keeps what was declined: its detail and edit read answer it, and an edit that does not
    // name the field keeps it (priced without the activity again); an empty list takes the activity back.
    expect(stored.declinedOffers).toEqual([a.code]);
    const forEdit = await sales.orders.editDetail({ params: { id: withoutIt.id } });
    expect(forEdit.declinedOffers).toEqual([a.code]);
    const basket = { items: [{ courseCode: 'C001', quantity: 10 }] };
    await sales.orders.edit({ body: { id: withoutIt.id, version: forEdit.version, ...basket } });
    const kept = await sales.orders.editDetail({ params: { id: withoutIt.id } });
    expect(kept.declinedOffers).toEqual([a.code]);
    expect(kept.quote.payable).toBe(declined.payable);
    await sales.orders.edit({
      body: { id: withoutIt.id, version: kept.version, ...basket, declinedOffers: [] },
    });
    const restored = await sales.orders.editDetail({ params: { id: withoutIt.id } });
    expect(restored.declinedOffers).toEqual([]);
    expect(restored.quote.payable).toBe(q.payable);
    await sales.orders.edit({
      body: { id: withoutIt.id, version: restored.version, ...basket, declinedOffers: [a.code, a.code] },
    });
    expect((await sales.orders.detail({ params: { id: withoutIt.id } })).declinedOffers).toEqual([a.code]);
    expect(
      (await sales.orders.preCreate({ body: order({ activityCode: a.code, declinedOffers: [a.code] }) }))
        .payable,
    ).toBe(q.payable);
    expect((await sales.orders.preCreate({ body: order({ declinedOffers: ['ZK404'] }) })).payable).toBe(
      q.payable,
    );

    await admin.promotions.activityStatus({ body: { id: a.id, status: 2 } });
    const after = await sales.orders.preCreate({ body: order() });
    expect(after.payable).toBe(before.payable);
    expect(after.items[0]?.adjustments).toEqual([]);
  });

  it('refuses a chosen activity that is not in progress, naming the field', async () => {
    const a = await admin.promotions.activitySave({ body: activity({ startDate: day(5), endDate: day(6) }) });
    await admin.promotions.activityStatus({ body: { id: a.id, status: 1 } });
    const e = await expectApiError(
      sales.orders.preCreate({ body: order({ activityCode: a.code }) }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('activityCode');
  });
});

describe('vouchers', () => {
  async function voucher(amount = '50.00', minSpend = '0.00') {
    const c = await admin.promotions.couponSave({
      body: {
        name: '新生券',
        mode: 'amount',
        amount,
        minSpend,
        startDate: day(),
        endDate: day(60),
        validDays: 30,
      },
    });
    await admin.promotions.couponStatus({ body: { id: c.id, status: 1 } });
    const [v] = await admin.promotions.voucherIssue({ body: { configId: c.id, count: 1 } });
    if (!v) throw new Error('one voucher issued');
    return v;
  }

  it('take their amount off an order once: of two orders using one at once, one wins', async () => {
    const v = await voucher();
    const base = await sales.orders.preCreate({ body: order() });
    const q = await sales.promotions.applyCoupon({ body: { ...order(), voucherCode: v.code } });
    expect(Number(base.payable) - Number(q.payable)).toBeCloseTo(50, 2);
    const results = await Promise.allSettled([
      sales.orders.create({ body: order({ voucherCode: v.code }) }),
      sales.orders.create({ body: order({ voucherCode: v.code }) }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const uses = await t.deps.db.select().from(promoVoucherUses).where(eq(promoVoucherUses.voucherId, v.id));
    expect(uses).toHaveLength(1);
    expect(uses[0]?.cents).toBe(5000);
    const e = await expectApiError(
      sales.promotions.applyCoupon({ body: { ...order(), voucherCode: v.code } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('voucherCode');
    expect((await sales.promotions.voucherByCode({ query: { code: v.code } })).status).toBe(20);
  });

  it('keep their use when the order is edited, and refuse a basket under the minimum spend', async () => {
    const v = await voucher('30.00');
    const o = await sales.orders.create({ body: order({ voucherCode: v.code }) });
    const d = await sales.orders.detail({ params: { id: o.id } });
    await sales.orders.edit({
      body: {
        ...order({ voucherCode: v.code, items: [{ courseCode: 'C001', quantity: 12 }] }),
        id: o.id,
        version: d.version,
        remark: '',
      },
    });
    const uses = await t.deps.db.select().from(promoVoucherUses).where(eq(promoVoucherUses.voucherId, v.id));
    expect(uses.map((u) => u.orderId)).toEqual([o.id]);
    const big = await voucher('10.00', '9999999.00');
    const e = await expectApiError(
      sales.promotions.applyCoupon({ body: { ...order(), voucherCode: big.code } }),
      ErrorCode.validation,
    );
    expect(e.message).toContain('minimum spend');
  });
});

describe('stacking principles', () => {
  it('are read and changed by headquarters, and a cap applies to the next quote', async () => {
    const p = await sales.promotions.principles({});
    expect(p.kinds.map((k) => k.kind)).toEqual(['activity', 'discount', 'gift', 'voucher']);
    const d = await admin.promotions.discountSave({
      query: { kind: 'discount' },
      body: {
        name: '老生九折',
        mode: 'rate',
        offPercent: '10',
        startDate: day(),
        endDate: day(10),
        courseCodes: ['C002'],
      },
    });
    await admin.promotions.discountStatus({ body: { id: d.id, status: 1 } });
    const basket = order({ items: [{ courseCode: 'C002', quantity: 10 }] });
    const full = await sales.orders.preCreate({ body: basket });
    await admin.promotions.principlesSave({
      body: {
        kinds: p.kinds.map((k) => (k.kind === 'discount' ? { ...k, capPercent: '5' } : k)),
        totalCapPercent: '100',
      },
    });
    const capped = await sales.orders.preCreate({ body: basket });
    const list = Number(full.listAmount);
    expect(Number(full.discountAmount)).toBeCloseTo(list * 0.1, 2);
    expect(Number(capped.discountAmount)).toBeCloseTo(list * 0.05, 2);
    await expectApiError(
      sales.promotions.principlesSave({ body: { kinds: p.kinds, totalCapPercent: '100' } }),
      ErrorCode.noPermission,
    );
  });
});

describe('campus scope', () => {
  it("refuses a consultant another campus's activities and prices", async () => {
    await expectApiError(
      sales.promotions.activityPick({ body: { schoolItemCode: 'BJ01', courseCodes: [] } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.promotions.totalPriceV2({ body: { ...order(), schoolItemCode: 'BJ01', studentId: undefined } }),
      ErrorCode.noPermission,
    );
    const mine = await sales.promotions.activityPick({
      body: { schoolItemCode: 'SH01', courseCodes: ['C001'] },
    });
    expect(mine.every((a) => a.state === 10)).toBe(true);
  });
});

// Last: it moves the clock.
describe('activity status', () => {
  it('compute the §4 status from the dates, and a cancel is final', async () => {
    const a = await admin.promotions.activitySave({ body: activity({ startDate: day(1), endDate: day(2) }) });
    expect(a.state).toBe(0);
    const published = await admin.promotions.activityStatus({ body: { id: a.id, status: 1 } });
    expect(published.state).toBe(5);
    t.clock.advance(DAY);
    // Sessions end after a day idle: sign in again on the moved clock.
    admin = await t.as('admin');
    expect((await admin.promotions.activityDetail({ params: { id: a.id } })).state).toBe(10);
    t.clock.advance(2 * DAY);
    admin = await t.as('admin');
    expect((await admin.promotions.activityDetail({ params: { id: a.id } })).state).toBe(20);
    const ended = await admin.promotions.activityList({ body: { state: 20, pageIdx: 1, pageSize: 50 } });
    expect(ended.list.map((r) => r.id)).toContain(a.id);
    const cancelled = await admin.promotions.activityStatus({ body: { id: a.id, status: 2 } });
    expect(cancelled.state).toBe(30);
    await expectApiError(admin.promotions.activityStatus({ body: { id: a.id, status: 1 } }), ErrorCode.rule);
  });

  it('cancels a first-level activity with its activities through the one status command', async () => {
    const group = await admin.promotions.firstSave({
      body: { name: '暑期活动组', startDate: day(), endDate: day(30) },
    });
    const child = await admin.promotions.activitySave({
      body: activity({ parentId: group.id, startDate: day(), endDate: day(30) }),
    });
    await admin.promotions.activityStatus({ body: { id: child.id, status: 1 } });
    expect((await admin.promotions.activityStatus({ body: { id: group.id, status: 1 } })).state).toBe(10);
    expect((await admin.promotions.activityStatus({ body: { id: group.id, status: 2 } })).state).toBe(30);
    expect((await admin.promotions.activityDetail({ params: { id: child.id } })).state).toBe(30);
  });
});
