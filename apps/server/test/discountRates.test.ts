// Discount rates over HTTP: allowed-rate rules, one rule per campus and month, and the discount rate
// given per order and per campus and month, computed in SQL from the orders that took effect in the
// month (Asia/Shanghai), against figures computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { orders, students } from '../src/db/schema.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let finance: Sdk;
const MONTH = '2021-02';

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  finance = await t.as('finance');
}, 120_000);
afterAll(async () => t?.close());

/** An order of the given figures (cents) written straight to the table: the rates read only these. */
async function order(
  code: string,
  campus: string,
  list: number,
  payable: number,
  status: number,
  at: string,
) {
  const [s] = await t.deps.db.select({ id: students.id }).from(students).limit(1);
  if (!s) throw new Error('the demo seed has students');
  await t.deps.db.insert(orders).values({
    code,
    orderType: 0,
    status,
    studentId: s.id,
    schoolItemCode: campus,
    listCents: list,
    discountCents: list - payable,
    payableCents: payable,
    paidCents: payable,
    familyCents: payable,
    effectiveAt: new Date(at),
  });
}

describe('discount rate rules and month rules', () => {
  it('keep names unique, rates within 0–100 and one rule per campus and month', async () => {
    const rule = await admin.discountRates.orderRateSave({ body: { name: '总部限折12', rate: '12' } });
    expect(rule).toMatchObject({ rate: '12.00', validstatus: 1 });
    const dup = await expectApiError(
      admin.discountRates.orderRateSave({ body: { name: '总部限折12', rate: '10' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
    const bad = await expectApiError(
      admin.discountRates.orderRateSave({ body: { name: '超限', rate: '100.5' } }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('body.rate');
    expect((await finance.discountRates.orderRateNames()).map((r) => r.name)).toContain('总部限折12');

    const month = await finance.discountRates.monthRateSave({
      body: { month: '2021-01', rateId: rule.id, schoolItemCodes: ['SH01', 'SH02'] },
    });
    expect(month).toMatchObject({ rateName: '总部限折12', rate: '12.00', schoolItemCodes: ['SH01', 'SH02'] });
    const clash = await expectApiError(
      finance.discountRates.monthRateSave({
        body: { month: '2021-01', rateId: rule.id, schoolItemCodes: ['SH02', 'HZ01'] },
      }),
      ErrorCode.conflict,
    );
    expect(clash.field).toBe('schoolItemCodes');
    // The campus picker of a new rule that month leaves out the campuses already taken; editing the
    // rule offers its own again.
    const free = await finance.discountRates.usefulProvinceSchools({
      params: { id: 0 },
      query: { month: '2021-01' },
    });
    const freeCodes = free.flatMap((r) => r.schools.map((s) => s.code));
    expect(freeCodes).toContain('HZ01');
    expect(freeCodes).not.toContain('SH01');
    const own = await finance.discountRates.usefulProvinceSchools({ params: { id: month.id } });
    expect(own.flatMap((r) => r.schools.map((s) => s.code))).toContain('SH01');
    // A rule a month uses cannot be disabled.
    await expectApiError(
      admin.discountRates.orderRateStatus({ params: { id: rule.id, status: 0 } }),
      ErrorCode.rule,
    );
    const moved = await finance.discountRates.monthRateUpdate({
      body: {
        id: month.id,
        version: month.version,
        month: '2021-01',
        rateId: rule.id,
        schoolItemCodes: ['SH02'],
      },
    });
    expect(moved.schoolItemCodes).toEqual(['SH02']);
  });
});

describe('the discount rate given', () => {
  it('is (list − paid) ÷ list per order and per campus over the Shanghai month, against the allowed rate', async () => {
    const rule = await admin.discountRates.orderRateSave({ body: { name: '二月限折', rate: '12.00' } });
    await finance.discountRates.monthRateSave({
      body: { month: MONTH, rateId: rule.id, schoolItemCodes: ['SH01', 'SH02'] },
    });
    await order('DRT0000001', 'SH01', 100_000, 85_000, 40, '2021-02-10T04:00:00Z'); // 15.00 %
    // 2021-02-01 01:00 in Shanghai; 10.005 % rounds half up.
    await order('DRT0000002', 'SH01', 20_000, 17_999, 50, '2021-01-31T17:00:00Z');
    await order('DRT0000003', 'SH02', 50_000, 48_000, 40, '2021-02-15T04:00:00Z'); // 4.00 %
    await order('DRT0000004', 'SH01', 10_000, 1_000, 90, '2021-02-11T04:00:00Z'); // revoked: not counted
    await order('DRT0000005', 'SH01', 10_000, 1_000, 40, '2021-02-28T16:30:00Z'); // March in Shanghai

    const campuses = await finance.discountRates.calculatePage({ query: { month: MONTH } });
    expect(campuses.total).toBe(2);
    expect(campuses.list).toEqual([
      {
        month: MONTH,
        schoolItemCode: 'SH01',
        schoolItemName: expect.any(String),
        orderCount: 2,
        listAmount: '1200.00',
        discountAmount: '170.01',
        payableAmount: '1029.99',
        rate: '14.17',
        allowedRate: '12.00',
        over: true,
      },
      {
        month: MONTH,
        schoolItemCode: 'SH02',
        schoolItemName: expect.any(String),
        orderCount: 1,
        listAmount: '500.00',
        discountAmount: '20.00',
        payableAmount: '480.00',
        rate: '4.00',
        allowedRate: '12.00',
        over: false,
      },
    ]);
    const over = await finance.discountRates.calculatePage({ query: { month: MONTH, overOnly: true } });
    expect(over.list.map((r) => r.schoolItemCode)).toEqual(['SH01']);
    expect(over.total).toBe(1);

    const detail = await finance.discountRates.calculateDetail({ query: { month: MONTH } });
    expect(detail.list.map((r) => [r.orderCode, r.rate, r.over])).toEqual([
      ['DRT0000002', '10.01', false],
      ['DRT0000001', '15.00', true],
      ['DRT0000003', '4.00', false],
    ]);
    const second = await finance.discountRates.calculateDetail({
      query: { month: MONTH, pageIdx: 2, pageSize: 1 },
    });
    expect(second).toMatchObject({ total: 3, list: [{ orderCode: 'DRT0000001' }] });
    const overOrders = await finance.discountRates.calculateDetail({
      query: { month: MONTH, schoolItemCode: 'SH01', overOnly: true },
    });
    expect(overOrders.list.map((r) => r.orderCode)).toEqual(['DRT0000001']);
    // Without a month rule nothing is over: the allowed rate is unknown.
    const march = await finance.discountRates.calculateDetail({ query: { month: '2021-03' } });
    expect(march.list.map((r) => [r.orderCode, r.rate, r.allowedRate, r.over])).toEqual([
      ['DRT0000005', '90.00', null, false],
    ]);
  });

  it('keeps campus staff without the screens out', async () => {
    const sales = await t.as('sales');
    await expectApiError(
      sales.discountRates.calculatePage({ query: { month: MONTH } }),
      ErrorCode.noPermission,
    );
  });
});
