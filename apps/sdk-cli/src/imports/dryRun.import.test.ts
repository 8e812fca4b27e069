// A dry run reports exactly what the import then does (issue 11 §4): the counts of `--dry-run` equal the
// real import's, for a clean file and for one holding existing rows, with the file sent in several chunks.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSheet } from '../lib/sheet.js';
import { runImport, type ImportOutcome } from './importer.js';
import { kindOf, quiet, useRealServer } from './realServer.testkit.js';

const real = useRealServer('sdk-cli-dryrun-');
const { dir, sender } = real;

const counts = (r: ImportOutcome) => ({
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  skipped: r.skipped,
  notices: r.notices.map((n) => n.row),
  errors: r.errors.length,
});

/** The dry run's counts, then the real import's. */
async function dryThenReal(kindName: string, file: string, chunkSize: number) {
  const kind = kindOf(kindName);
  const o = {
    kind,
    file,
    errorsFile: `${file}.errors.xlsx`,
    send: sender(kind.endpoint),
    progress: quiet,
    chunkSize,
  };
  const dry = await runImport({ ...o, dryRun: true });
  const done = await runImport({ ...o, dryRun: false });
  return { dry, done };
}

let n = 0;
const phone = () => `139${String(7_000_000 + (n += 1)).padStart(8, '0')}`;

describe('dry-run counts equal the import', () => {
  it('resources: a clean file, then a file with existing and repeated phones across chunks', async () => {
    const phones = [phone(), phone(), phone(), phone(), phone()];
    const clean = path.join(dir, 'clean.xlsx');
    await writeSheet(
      clean,
      ['联系人姓名', '手机号', '校区编码'],
      phones.map((p, i) => [`甲${i}`, p, 'SH01']),
    );
    const first = await dryThenReal('resources', clean, 2);
    expect(first.dry.created).toBe(5);
    expect(counts(first.dry)).toEqual(counts(first.done));

    const fresh = [phone(), phone()];
    const mixed = path.join(dir, 'mixed.xlsx');
    // Two existing phones, two new ones, and a new phone repeated in a later chunk (chunks of 2 rows).
    await writeSheet(
      mixed,
      ['联系人姓名', '手机号', '校区编码'],
      [phones[0], fresh[0], phones[1], fresh[1], fresh[0]].map((p, i) => [`乙${i}`, p, 'SH01']),
    );
    const second = await dryThenReal('resources', mixed, 2);
    expect(second.dry).toMatchObject({ created: 2, skipped: 3 });
    expect(counts(second.dry)).toEqual(counts(second.done));
  });

  it('clues: a clean file, then the same file again', async () => {
    const rows = [phone(), phone(), phone()].map((p, i) => [`孩子${i}`, `家长${i}`, p, 'SH01']);
    const file = path.join(dir, 'clues.xlsx');
    await writeSheet(file, ['孩子姓名', '家长姓名', '手机号', '校区编码'], rows);
    const first = await dryThenReal('clues', file, 2);
    expect(first.dry.created).toBe(3);
    expect(counts(first.dry)).toEqual(counts(first.done));
    const again = await dryThenReal('clues', file, 2);
    expect(again.dry).toMatchObject({ created: 0, skipped: 3 });
    expect(counts(again.dry)).toEqual(counts(again.done));
  });

  it('master data: created, updated and unchanged rows', async () => {
    const file = path.join(dir, 'regions.xlsx');
    await writeSheet(
      file,
      ['区域编码', '区域名称'],
      [
        ['DR1', '预演一区'],
        ['DR2', '预演二区'],
      ],
    );
    const first = await dryThenReal('regions', file, 1);
    expect(first.dry.created).toBe(2);
    expect(counts(first.dry)).toEqual(counts(first.done));
    await writeSheet(
      file,
      ['区域编码', '区域名称'],
      [
        ['DR1', '预演一区'],
        ['DR2', '预演二区改'],
        ['DR3', '预演三区'],
      ],
    );
    const second = await dryThenReal('regions', file, 1);
    expect(second.dry).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect(counts(second.dry)).toEqual(counts(second.done));
  });

  it('a code repeated in a later chunk is the same row error as within one call', async () => {
    const file = path.join(dir, 'repeat.xlsx');
    await writeSheet(
      file,
      ['区域编码', '区域名称'],
      [
        ['DR7', '预演七区'],
        ['DR7', '预演七区又'],
      ],
    );
    const kind = kindOf('regions');
    const r = await runImport({
      kind,
      file,
      dryRun: false,
      errorsFile: `${file}.errors.xlsx`,
      send: sender(kind.endpoint),
      progress: quiet,
      chunkSize: 1,
    });
    expect(r).toMatchObject({ exitCode: 1, written: false });
    expect(r.errors).toEqual([{ row: 3, column: '区域编码', reason: '与第2行重复 / duplicates row 2' }]);
  });
});
