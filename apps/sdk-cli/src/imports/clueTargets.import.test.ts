// Integration: the new kinds against the real server (apps/server/test/harness.ts): their headers agree
// with the server's own templates, and a clue-target file goes through dry run, fix and re-run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TMonthlyAdvanceKind } from '@bo/api-sdk';
import { writeSheet } from '../lib/sheet.js';
import { mapHeaders, runImport } from './importer.js';
import { kindOf, quiet, useRealServer } from './realServer.testkit.js';
import { templateOf } from './registry.js';

/** A server template column (apps/server/src/shared/xlsx.ts XlsxColumn). */
interface ServerColumn {
  key: string;
  header: string;
  required?: boolean;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = (p: string) => path.resolve(here, '../../../server/src', p);
const real = useRealServer('sdk-cli-clue-targets-');
const { dir, sender } = real;

describe("the new kinds' headers agree with the server's templates", () => {
  const serverTemplates = async (): Promise<[string, ServerColumn[]][]> => {
    const finance = (await import(serverSrc('slices/finance/handlers.ts'))) as {
      BANK_ACCOUNT_COLUMNS: ServerColumn[];
    };
    const clueSettings = (await import(serverSrc('slices/clueSettings/service.ts'))) as {
      CLUE_TARGET_COLUMNS: ServerColumn[];
    };
    const sf = (await import(serverSrc('slices/schoolFinance/service.ts'))) as {
      SCHOOL_COST_COLUMNS: ServerColumn[];
      SCHOOL_REVENUE_COLUMNS: ServerColumn[];
      advanceColumns: (kind: TMonthlyAdvanceKind) => ServerColumn[];
    };
    return [
      ['bankAccounts', finance.BANK_ACCOUNT_COLUMNS],
      ['clueTargets', clueSettings.CLUE_TARGET_COLUMNS],
      ['schoolCosts', sf.SCHOOL_COST_COLUMNS],
      ['schoolRevenues', sf.SCHOOL_REVENUE_COLUMNS],
      ['center-monthly-advance-income', sf.advanceColumns('centerAdvanceIncome')],
      ['center-monthly-advance-consumer', sf.advanceColumns('centerAdvanceConsumer')],
      ['consultant-monthly-advance-income', sf.advanceColumns('consultantAdvanceIncome')],
      ['growth-consultant-monthly-advance-income', sf.advanceColumns('growthConsultantAdvanceIncome')],
      ['growth-consultant-monthly-advance-consumer', sf.advanceColumns('growthConsultantAdvanceConsumer')],
    ];
  };

  it('maps every header of the server template to the same field, with the same required columns', async () => {
    for (const [name, cols] of await serverTemplates()) {
      const kind = kindOf(name);
      const map = mapHeaders(
        kind,
        cols.map((c) => c.header),
      );
      expect(
        [...map.byIndex.values()].map((c) => c.field),
        name,
      ).toEqual(cols.map((c) => c.key));
      // (a kind's read-only export columns are not in its template)
      const template = templateOf(kind);
      expect(
        template.map((c) => c.field),
        name,
      ).toEqual(cols.map((c) => c.key));
      expect(
        template.filter((c) => c.required).map((c) => c.field),
        name,
      ).toEqual(cols.filter((c) => c.required).map((c) => c.key));
      // and the CLI's own template headers are the zh-CN part of the server's
      expect(
        template.map((c) => c.header),
        name,
      ).toEqual(cols.map((c) => (c.header.split(' / ')[0] ?? '').replace(/[*＊]$/, '').trim()));
    }
  });
});

describe('import clue targets into the real server', () => {
  const kind = kindOf('clueTargets');
  const send = sender(kind.endpoint);
  /** The server template's own headers (bilingual, with required marks). */
  const header = [
    '年份* / year',
    '目标类型* / type',
    '校区编码* / campus code',
    '员工编码 / employee code',
    '1月 / m1',
    '2月 / m2',
    '12月 / m12',
    '备注 / remark',
  ];
  const row = (year: number, type: number, m1: number) => [
    String(year),
    String(type),
    'SH01',
    '',
    String(m1),
    '5',
    '7',
    `cli ${year}`,
  ];
  const ofYears = async () => {
    const found: string[] = [];
    for (const y of [2091, 2092, 2093]) {
      const page = await real
        .admin()
        .clueSettings.clueTargetList({ query: { targetYear: y, schoolItemCode: 'SH01', pageSize: 50 } });
      for (const r of page.list) found.push(`${r.targetYear}/${r.targetType}/${r.m1}/${r.m2}/${r.m12}`);
    }
    return found.sort();
  };

  it('dry run lists the bad row by its file row and writes nothing', async () => {
    const file = path.join(dir, 'targets-bad.xlsx');
    await writeSheet(file, header, [row(2091, 1, 10), row(2092, 1, 20), row(2093, 3, 30)]);
    const errorsFile = path.join(dir, 'targets-bad.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: true, errorsFile, send, progress: quiet });
    expect(r.exitCode).toBe(1);
    expect(r.written).toBe(false);
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([[4, '目标类型']]);
    expect(await ofYears()).toEqual([]);
  });

  it('imports the fixed file, and a second run creates nothing', async () => {
    const file = path.join(dir, 'targets-ok.xlsx');
    await writeSheet(file, header, [row(2091, 1, 10), row(2092, 1, 20), row(2093, 1, 30)]);
    const errorsFile = path.join(dir, 'targets-ok.errors.xlsx');
    const first = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(first.errors).toEqual([]);
    expect(first).toMatchObject({ exitCode: 0, created: 3, written: true });
    const again = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(again.errors).toEqual([]);
    expect(again).toMatchObject({ exitCode: 0, created: 0, updated: 0 });
    expect(await ofYears()).toEqual(['2091/1/10/5/7', '2092/1/20/5/7', '2093/1/30/5/7']);
  });
});
