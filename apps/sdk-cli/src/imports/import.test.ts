// Integration: the import flow against the real server (apps/server/test/harness.ts) and a real
// batch import endpoint of the contract.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../lib/sheet.js';
import { runImport } from './importer.js';
import { kindOf, quiet, useRealServer } from './realServer.testkit.js';

const real = useRealServer('sdk-cli-importer-');
const { dir, sender } = real;

describe('import regions into the real server', () => {
  const kind = kindOf('regions');
  const send = sender(kind.endpoint);

  it('reports row errors with the file rows and writes nothing', async () => {
    const file = path.join(dir, 'bad.xlsx');
    await writeSheet(
      file,
      ['区域编码', '区域名称', '状态'],
      [
        ['ZZ1', '测试一区', '有效'],
        ['bad code!', '测试二区', '1'],
        ['ZZ3', '', '0'],
      ],
    );
    const errorsFile = path.join(dir, 'bad.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(r.exitCode).toBe(1);
    const report: string[][] = [];
    for await (const row of readSheet(errorsFile)) report.push(row.cells);
    expect(report.slice(1).map((x) => [x[0], x[1]])).toEqual([
      ['3', '区域编码'],
      ['4', '区域名称'],
    ]);
    const list = await real.admin().organisation.provinceTypeList({ query: { name: '测试' } });
    expect(list.total).toBe(0);
  });

  it('imports a clean file, and a second run creates no duplicates', async () => {
    const file = path.join(dir, 'ok.csv');
    await writeSheet(
      file,
      ['区域编码', '区域名称', '状态', '排序'],
      [
        ['ZZ1', '测试一区', '有效', '9'],
        ['ZZ2', '测试二区', '无效', '10'],
      ],
    );
    const errorsFile = path.join(dir, 'ok.errors.xlsx');
    const dry = await runImport({ kind, file, dryRun: true, errorsFile, send, progress: quiet });
    expect(dry).toMatchObject({ exitCode: 0, created: 2, written: false });
    const first = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(first).toMatchObject({ exitCode: 0, created: 2, updated: 0, written: true });
    const again = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(again).toMatchObject({ exitCode: 0, created: 0, updated: 0, unchanged: 2 });
    const list = await real.admin().organisation.provinceTypeList({ query: { name: '测试', pageSize: 50 } });
    expect(list.list.map((x) => [x.code, x.validstatus, x.sort]).sort()).toEqual([
      ['ZZ1', 1, 9],
      ['ZZ2', 0, 10],
    ]);
  });
});

describe('import clues into the real server', () => {
  const kind = kindOf('clues');
  const send = sender(kind.endpoint);

  it('creates new clues, reports a repeated phone as a duplicate, and a re-run creates none', async () => {
    const file = path.join(dir, 'clues.xlsx');
    const header = kind.columns.map((c) => c.header);
    const row = (child: string, parent: string, phone: string) =>
      header.map((h) =>
        h === '孩子姓名'
          ? child
          : h === '家长姓名'
            ? parent
            : h === '手机号'
              ? phone
              : h === '校区编码'
                ? 'SH01'
                : '',
      );
    await writeSheet(file, header, [
      row('小明', '王先生', '13912345671'),
      row('小红', '李女士', '13912345672'),
      row('小刚', '赵先生', '13912345671'),
    ]);
    const errorsFile = path.join(dir, 'clues.errors.xlsx');
    const first = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(first.errors).toEqual([]);
    expect(first).toMatchObject({ exitCode: 0, created: 2, written: true });
    expect(first.notices.map((n) => n.row)).toEqual([4]);
    const again = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(again).toMatchObject({ exitCode: 0, created: 0 });
    expect(again.notices.map((n) => n.row)).toEqual([2, 3, 4]);
  });
});

describe('import students into the real server', () => {
  const kind = kindOf('students');
  const send = sender(kind.endpoint);
  const header = kind.columns.map((c) => c.header);
  const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');

  it('writes nothing while a row is wrong, reporting the file row and column', async () => {
    const file = path.join(dir, 'students-bad.xlsx');
    await writeSheet(file, header, [
      row({ 学员姓名: '林若曦', 家长姓名: '林静', 手机号: '13812340001', 校区编码: 'SH01' }),
      row({ 学员姓名: '周天佑', 家长姓名: '周伟', 手机号: '12345', 校区编码: 'SH01' }),
      row({ 学员姓名: '何嘉懿', 家长姓名: '何芳', 手机号: '13812340003', 校区编码: 'NOPE' }),
    ]);
    const errorsFile = path.join(dir, 'students-bad.errors.xlsx');
    const r = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(r.exitCode).toBe(1);
    const report: string[][] = [];
    for await (const line of readSheet(errorsFile)) report.push(line.cells);
    expect(report.slice(1).map((x) => [x[0], x[1]])).toEqual([
      ['3', '手机号'],
      ['4', '校区编码'],
    ]);
    const found = await real.admin().students.students({ query: { keyword: '林若曦' } });
    expect(found.list.filter((s) => s.phone === '13812340001')).toEqual([]);
  });

  it('creates students, reports a repeated phone, and a re-run creates none', async () => {
    const file = path.join(dir, 'students.xlsx');
    await writeSheet(file, header, [
      row({
        学员姓名: '郭浩宇',
        性别: '男',
        家长姓名: '郭丽',
        手机号: '13812340011',
        校区编码: 'SH01',
        诊断: '语言发育迟缓',
      }),
      row({
        学员姓名: '郭诗涵',
        性别: '女',
        家长姓名: '郭丽',
        手机号: '13812340012',
        校区编码: 'SH01',
        康复补贴: '是',
      }),
      row({ 学员姓名: '郭一诺', 家长姓名: '郭丽', 手机号: '13812340011', 校区编码: 'SH01' }),
    ]);
    const errorsFile = path.join(dir, 'students.errors.xlsx');
    const dry = await runImport({ kind, file, dryRun: true, errorsFile, send, progress: quiet });
    expect(dry).toMatchObject({ exitCode: 0, created: 2, written: false });
    const first = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(first.errors).toEqual([]);
    expect(first).toMatchObject({ exitCode: 0, created: 2, written: true });
    expect(first.notices.map((n) => n.row)).toEqual([4]);
    const again = await runImport({ kind, file, dryRun: false, errorsFile, send, progress: quiet });
    expect(again).toMatchObject({ exitCode: 0, created: 0 });
    expect(again.notices.map((n) => n.row)).toEqual([2, 3, 4]);
    const made = await real.admin().students.students({ query: { keyword: '1381234001' } });
    expect(made.list.map((s) => [s.name, s.diagnosis, s.insurance]).sort()).toEqual([
      ['郭浩宇', '语言发育迟缓', false],
      ['郭诗涵', '', true],
    ]);
  });
});
