// on both engines: the set-based imports' statements (multi-row, conflict handling) on each engine.
// The set-based batch imports (shared/setImport.ts, issue 37 §5) keep the behaviour of the row-by-row
// ones they replaced, for clues, students and orders: errors by the row's number with every error of a
// row at once, codes and campuses checked against the database, another campus refused, duplicates
// inside one call and against the database, nothing written on any error, and a re-run (a stopped
// import resumed) creating nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import type { Sdk } from '@bo/api-sdk';
import { clues, orders, students } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let director: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
  director = await t.as('director');
}, 180_000); // a copy of the template and two sign-ins: slow only on a loaded machine
afterAll(async () => t?.close());

let n = 0;
/** A phone no other test holds. */
const phone = () => {
  n += 1;
  return `1970${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(4, '0')}`;
};
const columnsByRow = (errors: Array<{ row: number; column: string }>) => {
  const by: Record<number, string[]> = {};
  for (const e of errors) (by[e.row] ??= []).push(e.column);
  return by;
};

describe('clues', () => {
  const clue = (p: string, o: Record<string, string> = {}) => ({
    childName: '林小雨',
    parentName: '林海',
    phone: p,
    schoolItemCode: 'SH01',
    ...o,
  });

  it('reports every error of a row at once by its row number, codes checked, and writes nothing', async () => {
    const ok = phone();
    const r = await admin.clues.importRows({
      body: {
        rows: [
          clue(ok),
          clue('12', { childName: '', schoolItemCode: 'XX99', gender: '9' }),
          clue(phone(), { channel: 'NO_SUCH_CHANNEL' }),
        ],
        dryRun: false,
      },
    });
    expect(r.created).toBe(0);
    expect(columnsByRow(r.errors)).toEqual({
      2: expect.arrayContaining(['childName', 'phone', 'gender', 'schoolItemCode']),
      3: ['channel'],
    });
    expect(r.errors.find((e) => e.row === 2 && e.column === 'schoolItemCode')?.reason).toMatch(
      /no such campus/,
    );
    expect(await t.deps.db.select().from(clues).where(eq(clues.phone, ok))).toEqual([]);
  });

  it('refuses a row of another campus by row', async () => {
    const r = await director.clues.importRows({
      body: { rows: [clue(phone()), clue(phone(), { schoolItemCode: 'BJ01' })], dryRun: true },
    });
    expect(r.errors).toEqual([
      { row: 2, column: 'schoolItemCode', reason: expect.stringMatching(/outside your scope/) },
    ]);
    expect(r.created).toBe(0);
  });

  it('settles duplicates in the call and against the database; a resumed import creates nothing twice', async () => {
    const [held, a, b, c] = [phone(), phone(), phone(), phone()];
    const first = await admin.clues.importRows({ body: { rows: [clue(held)], dryRun: false } });
    expect(first.created).toBe(1);
    const [h] = await t.deps.db.select().from(clues).where(eq(clues.phone, held));
    const rows = [clue(a), clue(b), clue(a), clue(held), clue(c)];
    const dry = await admin.clues.importRows({ body: { rows, dryRun: true } });
    expect(dry).toMatchObject({ total: 5, created: 3, skipped: 2, errors: [] });
    expect(dry.duplicates).toEqual([
      { row: 3, phone: a, owner: 'row 1' },
      { row: 4, phone: held, owner: expect.stringContaining(h?.cluecode ?? 'XS') },
    ]);
    // Stopped after its first rows: the resumed run writes the rest only.
    const part = await admin.clues.importRows({ body: { rows: rows.slice(0, 2), dryRun: false } });
    expect(part.created).toBe(2);
    const resumed = await admin.clues.importRows({ body: { rows, dryRun: false } });
    expect(resumed).toMatchObject({ created: 1, skipped: 4, errors: [] });
    const made = await t.deps.db
      .select()
      .from(clues)
      .where(inArray(clues.phone, [held, a, b, c]));
    expect(made.map((x) => x.phone).sort()).toEqual([held, a, b, c].sort());
    expect(new Set(made.map((x) => x.cluecode)).size).toBe(4);
    expect(made.every((x) => x.flowState === 'pool' && x.source === 'import' && x.childNamePy !== '')).toBe(
      true,
    );
  });
});

describe('students', () => {
  const student = (p: string, o: Record<string, string> = {}) => ({
    name: '周子轩',
    parentName: '周强',
    phone: p,
    schoolItemCode: 'SH01',
    ...o,
  });

  it('reports every error of a row at once, checks the adviser and the campus, and refuses another campus', async () => {
    const r = await director.students.importRows({
      body: {
        rows: [
          student(phone()),
          student('99', { name: '', schoolItemCode: 'XX99', insurance: 'perhaps' }),
          student(phone(), { adviserUsername: 'no-such-user' }),
          student(phone(), { schoolItemCode: 'BJ01' }),
        ],
        dryRun: true,
      },
    });
    expect(r.created).toBe(0);
    expect(columnsByRow(r.errors)).toEqual({
      2: expect.arrayContaining(['name', 'phone', 'schoolItemCode', 'insurance']),
      3: ['adviserUsername'],
      4: ['schoolItemCode'],
    });
    expect(r.errors.find((e) => e.row === 4)?.reason).toMatch(/outside your scope/);
  });

  it('settles a phone held by a clue or repeated in the call; a resumed import creates nothing twice', async () => {
    const [byClue, a, b] = [phone(), phone(), phone()];
    await admin.clues.importRows({
      body: {
        rows: [{ childName: '陈一诺', parentName: '陈明', phone: byClue, schoolItemCode: 'SH01' }],
        dryRun: false,
      },
    });
    const rows = [student(a), student(byClue), student(a), student(b)];
    const dry = await admin.students.importRows({ body: { rows, dryRun: true } });
    expect(dry).toMatchObject({ created: 2, skipped: 2, errors: [] });
    expect(dry.duplicates.map((d) => [d.row, d.owner.startsWith('XS'), d.owner])).toEqual([
      [2, true, expect.any(String)],
      [3, false, 'row 1'],
    ]);
    const part = await admin.students.importRows({ body: { rows: rows.slice(0, 1), dryRun: false } });
    expect(part.created).toBe(1);
    const resumed = await admin.students.importRows({ body: { rows, dryRun: false } });
    expect(resumed).toMatchObject({ created: 1, skipped: 3 });
    const made = await t.deps.db
      .select()
      .from(students)
      .where(inArray(students.phone, [a, b, byClue]));
    expect(made.map((s) => s.phone).sort()).toEqual([a, b].sort());
    expect(made.every((s) => /^S\d{8}$/.test(s.code) && s.namePy !== '')).toBe(true);
  });
});

describe('orders', () => {
  let code = '';
  beforeAll(async () => {
    const p = phone();
    await admin.students.importRows({
      body: {
        rows: [{ name: '孙浩宇', parentName: '孙伟', phone: p, schoolItemCode: 'SH01' }],
        dryRun: false,
      },
    });
    const [s] = await t.deps.db.select().from(students).where(eq(students.phone, p));
    code = s?.code ?? '';
  });
  const legacy = (k: string) => `SET-${process.pid}-${k}`;
  const order = (k: string, o: Record<string, string | number> = {}) => ({
    legacyCode: legacy(k),
    studentCode: code,
    schoolItemCode: 'SH01',
    courseCode: 'C001',
    quantity: 2,
    amount: '1',
    ...o,
  });

  it('reports a bad course code, an unknown student and a repeated legacy number by row; nothing written', async () => {
    const r = await admin.orders.importRows({
      body: {
        rows: [
          order('a'),
          order('b', { courseCode: 'NO_SUCH_COURSE' }),
          order('c', { studentCode: 'S99999999', quantity: 'x' }),
          order('a'),
        ],
        dryRun: false,
      },
    });
    expect(r.created).toBe(0);
    expect(columnsByRow(r.errors)).toEqual({
      2: ['courseCode'],
      3: expect.arrayContaining(['studentCode', 'quantity']),
      4: ['legacyCode'],
    });
    expect(
      await t.deps.db
        .select()
        .from(orders)
        .where(eq(orders.legacyCode, legacy('a'))),
    ).toEqual([]);
  });

  it('skips a legacy number imported before (a resumed import) and an order exported and imported back', async () => {
    const day = shanghaiDate(t.clock.now());
    const paid = { paidAmount: '1', payMethod: 1, paidAt: day, reference: `REF-${process.pid}` };
    const first = await admin.orders.importRows({ body: { rows: [order('d', paid)], dryRun: false } });
    expect(first).toMatchObject({ created: 1, errors: [] });
    const [o] = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.legacyCode, legacy('d')));
    // The re-run: the row written before is skipped before its checks (its reference is its own now).
    const rows = [order('d', paid), order('e'), { ...order('f'), legacyCode: o?.code ?? '' }];
    const dry = await admin.orders.importRows({ body: { rows, dryRun: true } });
    expect(dry).toMatchObject({ created: 1, skipped: 2, errors: [] });
    expect(dry.duplicates).toEqual([
      { row: 1, owner: o?.code },
      { row: 3, owner: o?.code },
    ]);
    const resumed = await admin.orders.importRows({ body: { rows, dryRun: false } });
    expect(resumed).toMatchObject({ created: 1, skipped: 2 });
    const made = await t.deps.db
      .select()
      .from(orders)
      .where(inArray(orders.legacyCode, [legacy('d'), legacy('e'), legacy('f')]));
    expect(made.map((x) => x.legacyCode).sort()).toEqual([legacy('d'), legacy('e')]);
  });
});
