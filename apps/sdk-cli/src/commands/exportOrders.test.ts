// The money lists exported with their screens' filters (issue 13 "CLI"): income orders, pay records
// (a POST list whose filters live in the body), payment approvals and refunds, against the real server's demo
// orders, paged in small pages so the whole filtered result is proven to arrive.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEndpoint } from '../lib/endpoint.js';
import { readSheet } from '../lib/sheet.js';
import { quiet, useRealServer } from '../imports/realServer.testkit.js';
import { runExport } from './export.js';

const real = useRealServer('sdk-cli-export-orders-');

async function readBack(file: string) {
  const rows: string[][] = [];
  for await (const r of readSheet(file)) rows.push(r.cells);
  return rows;
}

/** Exports `endpointName` with the filters into a file and reads it back as { header, rows }. */
async function exportTo(
  endpointName: string,
  file: string,
  query: Record<string, unknown>,
  columns?: string[],
  pageSize = 3,
) {
  const { name, endpoint } = findEndpoint(endpointName);
  const out = path.join(real.dir, file);
  const r = await runExport({
    sdk: real.admin(),
    name,
    endpoint,
    out,
    query,
    columns,
    pageSize,
    progress: quiet,
  });
  const [header = [], ...rows] = await readBack(out);
  return { r, header, rows, col: (row: string[], key: string) => row[header.indexOf(key)] };
}

describe('export of the money lists with the screen filters', () => {
  it('income orders: every page of the filtered result, nothing outside the filter', async () => {
    const all = await real.admin().orders.incomeOrders({ query: { pageSize: 500 } });
    const effective = all.list.filter((o) => o.status === 40);
    expect(effective.length).toBeGreaterThan(1);
    expect(effective.length).toBeLessThan(all.total);
    const e = await exportTo('orders.incomeOrders', 'orders.xlsx', { status: '40' }, undefined, 1);
    expect(e.r.pages).toBeGreaterThan(1);
    expect(e.r.rows).toBe(effective.length);
    expect(e.rows.map((row) => e.col(row, 'code')).sort()).toEqual(effective.map((o) => o.code).sort());
    expect(new Set(e.rows.map((row) => e.col(row, 'status')))).toEqual(new Set(['40']));
    expect(e.header).toContain('payable');
    const campus = effective[0]?.schoolItemCode ?? '';
    const ofCampus = all.list.filter((o) => o.schoolItemCode === campus);
    const c = await exportTo('orders.incomeOrders', 'campus.csv', { schoolItemCode: campus }, ['code']);
    expect(c.rows.map((row) => row[0]).sort()).toEqual(ofCampus.map((o) => o.code).sort());
  });

  it('pay records: filters given as --query reach the body of POST /payRecord/page', async () => {
    const sdk = real.admin();
    const all = await sdk.orders.payRecordPage({ body: { pageSize: 500 } });
    const confirmed = all.list.filter((p) => p.status === 20);
    expect(confirmed.length).toBeGreaterThan(3);
    expect(confirmed.length).toBeLessThan(all.total);
    const e = await exportTo('orders.payRecordPage', 'pay.csv', { status: '20' }, [
      'orderCode',
      'amount',
      'status',
    ]);
    expect(e.header).toEqual(['orderCode', 'amount', 'status']);
    expect(e.r.rows).toBe(confirmed.length);
    expect(e.rows.map((row) => `${row[0]} ${row[1]}`).sort()).toEqual(
      confirmed.map((p) => `${p.orderCode} ${p.amount}`).sort(),
    );
    const one = confirmed[0]?.orderCode ?? '';
    const byOrder = await exportTo('orders.payRecordPage', 'pay-one.csv', { orderCode: one }, ['orderCode']);
    expect(byOrder.rows.length).toBe(all.list.filter((p) => p.orderCode === one).length);
    expect(new Set(byOrder.rows.map((row) => row[0]))).toEqual(new Set([one]));
  });

  it('payment approvals: those of one status only', async () => {
    const sdk = real.admin();
    const all = await sdk.orders.approvalList({ query: { pageSize: 500 } });
    const status = all.list[0]?.status ?? -1;
    const waiting = await sdk.orders.approvalList({ query: { status, pageSize: 500 } });
    expect(waiting.total).toBeGreaterThan(0);
    const e = await exportTo('orders.approvalList', 'approvals.xlsx', { status: String(status) }, [
      'orderCode',
      'status',
    ]);
    expect(new Set(e.rows.map((row) => row[1]))).toEqual(new Set([String(status)]));
    expect(e.r.rows).toBe(waiting.total);
    expect(e.rows.map((row) => row[0]).sort()).toEqual(waiting.list.map((a) => a.orderCode).sort());
  });

  it('refund orders: those of one status, every page, with the amount in figures', async () => {
    const sdk = real.admin();
    const all = await sdk.refunds.refundOrders({ query: { pageSize: 500 } });
    const status = all.list[0]?.status ?? -1;
    const some = all.list.filter((r) => r.status === status);
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.total);
    const e = await exportTo(
      'refunds.refundOrders',
      'refunds.xlsx',
      { status: String(status) },
      ['code', 'status', 'amount'],
      1,
    );
    expect(e.r.rows).toBe(some.length);
    expect(new Set(e.rows.map((row) => row[1]))).toEqual(new Set([String(status)]));
    expect(e.rows.map((row) => `${row[0]} ${row[2]}`).sort()).toEqual(
      some.map((r) => `${r.code} ${r.amount}`).sort(),
    );
  });
});
