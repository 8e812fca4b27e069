// Amounts and quantities are read strictly on every input (issue 33 §5): "10,5" is refused with a
// 400 naming the field instead of being read as 105.00, and a course sold by the day takes whole days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { courses, students } from '../src/db/schema.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
let salesToken: string;
let studentId: number;

beforeAll(async () => {
  t = await startTestServer();
  salesToken = await t.login('sales');
  sales = t.sdk(salesToken);
  const [s] = await t.deps.db.select().from(students).where(eq(students.schoolItemCode, 'SH01')).limit(1);
  if (!s) throw new Error('the demo seed has students in SH01');
  studentId = s.id;
}, 120_000);
afterAll(async () => t?.close());

const body = (o: Record<string, unknown> = {}) => ({
  schoolItemCode: 'SH01',
  studentId,
  orderType: 0,
  items: [{ courseCode: 'C001', quantity: 10 }],
  ...o,
});

/** Posts a raw JSON body (no SDK in between) and answers the HTTP status and the envelope. */
async function post(path: string, json: unknown) {
  const res = await fetch(`${t.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: salesToken },
    body: JSON.stringify(json),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; message: string; field?: string },
  };
}

describe('an order reads its amounts strictly', () => {
  it('refuses "10,5" as a manual discount with a 400 naming the field, not as 105.00', async () => {
    for (const path of ['/incomeOrder/preCreate', '/incomeOrder/create']) {
      const r = await post(path, body({ manualDiscount: '10,5' }));
      expect(r.status).toBe(400);
      expect(r.body.field).toBe('body.manualDiscount');
      // The field is named by `field` (the form marks that input); the message says what is wrong.
      expect(r.body.message).toContain('千位分隔符');
      expect(r.body.message).toContain('commas');
    }
  });

  it('refuses separators, spaces and exponents in amounts and quantities, naming each field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ manualDiscount: '1,000.00' }, 'body.manualDiscount', 'separators'],
      [{ manualDiscount: '1 000' }, 'body.manualDiscount', 'spaces'],
      [{ manualDiscount: '1e2' }, 'body.manualDiscount', 'exponent'],
      [{ items: [{ courseCode: 'C001', quantity: '1,5' }] }, 'body.items.0.quantity', 'commas'],
      [{ items: [{ courseCode: 'C001', quantity: '1e1' }] }, 'body.items.0.quantity', 'exponent'],
      [
        { items: [{ courseCode: 'C001', quantity: 10, giftQuantity: '2.555' }] },
        'body.items.0.giftQuantity',
        '2 decimals',
      ],
    ];
    for (const [o, field, words] of cases) {
      const r = await post('/incomeOrder/preCreate', body(o));
      expect(r.status, JSON.stringify(o)).toBe(400);
      expect(r.body.field).toBe(field);
      expect(r.body.message).toContain(words);
    }
  });

  it('still takes a plain amount, as a string or a JSON number', async () => {
    const q = await sales.orders.preCreate({ body: { ...body(), manualDiscount: '10.5' } as never });
    const n = await sales.orders.preCreate({ body: { ...body(), manualDiscount: 10.5 } as never });
    expect(q.payable).toBe(n.payable);
  });
});

describe('hours follow the course unit', () => {
  it('sells a course by the day in whole days only, naming the field', async () => {
    const [byDay] = await t.deps.db
      .select()
      .from(courses)
      .where(and(eq(courses.purchaseUnit, 2), eq(courses.validStatus, 1)))
      .limit(1);
    if (!byDay) throw new Error('the demo seed has a course sold by the day');
    const half = await expectApiError(
      sales.orders.preCreate({ body: body({ items: [{ courseCode: byDay.code, quantity: 2.5 }] }) as never }),
      ErrorCode.validation,
    );
    expect(half.field).toBe('items.0.quantity');
    const gift = await expectApiError(
      sales.orders.preCreate({
        body: body({ items: [{ courseCode: byDay.code, quantity: 2, giftQuantity: 0.5 }] }) as never,
      }),
      ErrorCode.validation,
    );
    expect(gift.field).toBe('items.0.giftQuantity');
    const whole = await sales.orders.preCreate({
      body: body({ items: [{ courseCode: byDay.code, quantity: 2 }] }) as never,
    });
    expect(whole.items[0]?.quantity).toBe(2);
  });

  it('sells hours in hundredths', async () => {
    const q = await sales.orders.preCreate({
      body: body({ items: [{ courseCode: 'C001', quantity: 1.25 }] }) as never,
    });
    expect(q.items[0]?.quantity).toBe(1.25);
  });
});
