// sdk-cli import orders against the real server: legacy orders with their payments are checked
// first and written all or nothing, a paid-in-full order is effective with its hours in the ledger,
// a dry run counts exactly what the import writes, and a re-run skips what was imported.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSheet } from '../lib/sheet.js';
import { runImport } from './importer.js';
import { kindOf, quiet, useRealServer } from './realServer.testkit.js';

const real = useRealServer('sdk-cli-orders-');
const kind = kindOf('orders');
const HEADER = [
  '原订单号',
  '学员编号',
  '校区编码',
  '课程编码',
  '购买数量',
  '赠送数量',
  '订单金额',
  '已付金额',
  '付款方式',
  '付款日期',
  '流水号',
];
let student = { code: '', campus: '', id: 0 };

beforeAll(async () => {
  const list = await real.admin().orders.incomeOrders({ query: { pageSize: 1 } });
  const o = list.list[0];
  if (!o) throw new Error('the demo seed has orders');
  student = { code: o.studentCode, campus: o.schoolItemCode, id: o.studentId };
});

const run = (file: string, dryRun: boolean) =>
  runImport({
    kind,
    file,
    dryRun,
    errorsFile: `${file}.errors.xlsx`,
    send: real.sender(kind.endpoint),
    progress: quiet,
    chunkSize: 500,
  });
const ordersOf = async () =>
  (await real.admin().orders.studentOrders({ query: { studentcode: student.code } })).map((o) => o.code);

describe('import orders', () => {
  it('dry run writes nothing; the import writes the effective and the part-paid order; a re-run skips both', async () => {
    const file = path.join(real.dir, 'orders.xlsx');
    await writeSheet(file, HEADER, [
      [
        'LEG-1',
        student.code,
        student.campus,
        'C001',
        '10',
        '2',
        '3500.50',
        '3500.50',
        '2',
        '2026-10-01',
        'LEGREF-1',
      ],
      ['LEG-2', student.code, student.campus, 'C001', '5', '', '1900', '1000', '现金', '2026-10-02', ''],
    ]);
    const before = await ordersOf();
    const dry = await run(file, true);
    expect(dry).toMatchObject({ exitCode: 0, created: 2, written: false });
    expect(await ordersOf()).toEqual(before);

    const done = await run(file, false);
    expect(done).toMatchObject({ exitCode: 0, created: 2, written: true });
    const fresh = (await ordersOf()).filter((c) => !before.includes(c));
    expect(fresh).toHaveLength(2);
    const sdk = real.admin();
    const details = await Promise.all(fresh.map((code) => sdk.orders.incomeOrder({ query: { code } })));
    const effective = details.find((d) => d.status === 40);
    const part = details.find((d) => d.status === 20);
    expect(effective).toMatchObject({ payable: '3500.50', paid: '3500.50', discountAmount: '299.50' });
    expect(effective?.payRecords.map((p) => [p.amount, p.method, p.status, p.reference])).toEqual([
      ['3500.50', 2, 20, 'LEGREF-1'],
    ]);
    expect(part).toMatchObject({ payable: '1900.00', paid: '1000.00' });
    const account = await sdk.orders.studentAccountDetail({
      params: { id: student.id },
      query: { pageSize: 500 },
    });
    const moves = account.list.filter((m) => m.orderCode === effective?.code);
    expect(moves.map((m) => [m.kind, m.hours]).sort()).toEqual([
      ['gift', 2],
      ['purchase', 10],
    ]);
    expect(account.list.some((m) => m.orderCode === part?.code)).toBe(false);

    const again = await run(file, false);
    expect(again).toMatchObject({ exitCode: 0, created: 0, skipped: 2 });
    expect((await ordersOf()).length).toBe(before.length + 2);
  });

  it('any bad row: the report names row and column, and nothing of the file is written', async () => {
    const file = path.join(real.dir, 'bad.xlsx');
    await writeSheet(file, HEADER, [
      ['LEG-10', student.code, student.campus, 'C001', '1', '', '380', '380', '1', '2026-10-01', ''],
      ['LEG-11', student.code, student.campus, 'C001', '1', '', '380.01', '0', '', '', ''],
      ['LEG-12', student.code, student.campus, 'C001', '2', '', '700', '700.01', '1', '2026-10-01', ''],
      ['LEG-13', 'NO-SUCH', student.campus, 'C001', '1', '', '100', '0', '', '', ''],
      ['LEG-14', student.code, student.campus, 'C001', '1.005', '', '100', '0', '', '', ''],
      ['LEG-10', student.code, student.campus, 'C001', '1', '', '380', '0', '', '', ''],
    ]);
    const before = await ordersOf();
    const r = await run(file, false);
    expect(r).toMatchObject({ exitCode: 1, written: false });
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '订单金额'],
      [4, '已付金额'],
      [5, '学员编号'],
      [6, '购买数量'],
      [7, '原订单号'],
    ]);
    expect(await ordersOf()).toEqual(before);
  });
});
