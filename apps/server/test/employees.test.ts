// Employees and HR master data: demo staff, scope, account link, pickers, commissioners, salary periods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ErrorCode, exportColumns, SHEETS, templateColumns, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { rolePrivileges } from '../src/slices/system/tables.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  await t.deps.db
    .insert(rolePrivileges)
    .values({ roleCode: 76, privilegeCode: '/staff/list' })
    .onConflictDoNothing();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const base = {
  name: '测试员工',
  schoolItemCode: 'SH02',
  postCode: 'TEACHER',
  employeeTypeCode: 'FT',
  skillRankCode: 'TR2',
};

describe('employees', () => {
  it('seeds the employees of the demo accounts and shows the linked username', async () => {
    const page = await admin.employees.employees({ query: { name: '陈思远' } });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      code: 'E0005',
      username: 'teacher',
      postRole: 'teacher',
      rankLevel: 3,
      schoolItemName: '上海徐汇校区',
    });
    const all = await admin.employees.employees({ query: { pageSize: 500 } });
    expect(all.total).toBeGreaterThanOrEqual(45);
    for (const code of ['E0002', 'E0003', 'E0004', 'E0005', 'E0006'])
      expect(all.list.map((e) => e.code)).toContain(code);
  });

  it('filters by campus (any of the employee’s campuses), post, role and status', async () => {
    const hz = await admin.employees.employees({ query: { schoolItemCode: 'HZ01', pageSize: 100 } });
    expect(hz.list.map((e) => e.code)).toContain('E0002');
    const teachers = await admin.employees.employees({ query: { postCode: 'TEACHER', pageSize: 100 } });
    expect(teachers.list.every((e) => e.postCode === 'TEACHER')).toBe(true);
    const byRole = await admin.employees.employees({ query: { roleCode: 34 } });
    expect(byRole.list.map((e) => e.code)).toEqual(['E0003']);
  });

  it('limits employees to the caller’s campuses and refuses another region’s (403)', async () => {
    const director = await t.as('director');
    const mine = await director.employees.employees({ query: { pageSize: 500 } });
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((e) => ['SH01', 'SH02', 'HZ01', 'NJ01'].includes(e.schoolItemCode))).toBe(true);
    const bj = (await admin.employees.employees({ query: { schoolItemCode: 'BJ01' } })).list[0];
    expect(bj).toBeDefined();
    if (!bj) return;
    await expectApiError(director.employees.employee({ query: { id: bj.id } }), ErrorCode.noPermission);
    await expectApiError(
      director.employees.employeeSave({ body: { ...base, code: 'E9001', schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.employees.teachers({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
  });

  it('creates an employee with campuses, subjects and a linked account (temporary password once)', async () => {
    const saved = await admin.employees.employeeSave({
      body: {
        ...base,
        code: 'E9002',
        mobile: '13700000001',
        schoolItemCodes: ['SH01'],
        subjectIds: [1, 3],
        entryDate: '2024-03-01',
        account: { username: 'e9002', roleCodes: [40] },
      },
    });
    expect(saved).toMatchObject({
      code: 'E9002',
      username: 'e9002',
      schoolItemCodes: ['SH01', 'SH02'],
      subjectNames: ['语言', '感觉统合'],
      roleCodes: [40],
    });
    expect(saved.temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const again = await admin.employees.employee({ query: { id: saved.id } });
    expect(again.temporaryPassword ?? null).toBeNull();
    const dup = await expectApiError(
      admin.employees.employeeSave({ body: { ...base, code: 'E9003', mobile: '13700000001' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('mobile');
    const codeDup = await expectApiError(
      admin.employees.employeeSave({ body: { ...base, code: 'E0005' } }),
      ErrorCode.conflict,
    );
    expect(codeDup.field).toBe('code');
    const taken = await expectApiError(
      admin.employees.employeeSave({
        body: { ...base, code: 'E9004', account: { username: 'admin', roleCodes: [40] } },
      }),
      ErrorCode.conflict,
    );
    expect(taken.field).toBe('account.username');
    // leaving disables the account
    const left = await admin.employees.employeeSave({
      body: {
        ...base,
        code: 'E9002',
        mobile: '13700000001',
        schoolItemCodes: ['SH01'],
        subjectIds: [1],
        status: 0,
        id: saved.id,
        version: again.version,
      },
    });
    expect(left.status).toBe(0);
    const infos = await admin.employees.authInfos({ query: { name: '测试员工' } });
    expect(infos.list.find((r) => r.code === 'E9002')).toMatchObject({ username: 'e9002', accountStatus: 0 });
    await expectApiError(
      admin.employees.employeeSave({
        body: { ...base, code: 'E9002', id: saved.id, version: again.version },
      }),
      ErrorCode.conflict,
    );
    const renamed = await expectApiError(
      admin.employees.employeeSave({
        body: { ...base, code: 'E9003', id: saved.id, version: left.version },
      }),
      ErrorCode.validation,
    );
    expect(renamed.field).toBe('code');
  });

  it('refuses a missing or disabled post, rank or campus naming the field', async () => {
    const e = await expectApiError(
      admin.employees.employeeSave({ body: { ...base, code: 'E9005', postCode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('postCode');
    await expectApiError(
      admin.employees.postUpdateStatus({ body: { code: 'TEACHER', status: 0 } }),
      ErrorCode.rule,
    );
  });
});

describe('pickers', () => {
  it('lists teachers, teachers by minimum rank and by subject', async () => {
    const sh01 = await admin.employees.teachers({ query: { schoolItemCode: 'SH01' } });
    expect(sh01.map((e) => e.code)).toContain('E0005');
    expect(sh01.every((e) => e.postRole === 'teacher')).toBe(true);
    const min2 = await admin.employees.teachersByMinRank();
    expect(min2.length).toBeGreaterThan(0);
    expect(min2.every((e) => (e.rankLevel ?? 0) >= 2)).toBe(true);
    const all = await admin.employees.teachers();
    expect(all.some((e) => e.rankLevel === 1)).toBe(true);
    const lang = await admin.employees.teachersBySubjects({ query: { subjectIds: [1] } });
    expect(lang.map((e) => e.code)).toContain('E0005');
    const between = await admin.employees.teacherList({ query: { rankCode: 'TR2', rankCodeEnd: 'TR3' } });
    expect(between.every((e) => e.rankLevel === 2 || e.rankLevel === 3)).toBe(true);
    expect((await admin.employees.teacherRanks()).map((r) => r.level)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers commissioners of a campus by kind', async () => {
    const consultants = await admin.employees.commissioners({ params: { id: 'SH01' } });
    expect(consultants.map((e) => e.code)).toContain('E0003');
    // E0003's account is the demo consultant's: an order's adviser is picked by it.
    const [account] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, 'sales'));
    expect(account?.id).toBeGreaterThan(0);
    expect(consultants.find((e) => e.code === 'E0003')?.userId).toBe(account?.id);
    expect(consultants.every((e) => e.postRole === 'consultant')).toBe(true);
    const growth = await admin.employees.commissionersOfKind({ params: { id: 'SH01', kind: 2 } });
    expect(growth.length).toBeGreaterThan(0);
    expect(growth.every((e) => e.postRole === 'growth')).toBe(true);
    const sup = await admin.employees.commissionersOfKind({ params: { id: 'HZ01', kind: 3 } });
    expect(sup.every((e) => e.postRole === 'supervisor')).toBe(true);
    expect(sup.length).toBe(1);
    const leaders = await admin.employees.commissionersOfKind({ params: { id: 'SH01', kind: 4 } });
    expect(leaders.map((e) => e.code)).toEqual(['E0001']);
    const sales = await t.as('sales');
    await expectApiError(sales.employees.commissioners({ params: { id: 'SH02' } }), ErrorCode.noPermission);
  });

  it('answers code and name in scope, post families and recommenders', async () => {
    const sales = await t.as('sales');
    const mine = await sales.employees.codeAndName();
    expect(mine.length).toBeGreaterThan(0);
    const sh01 = await admin.employees.codeAndName({ query: { schoolItemCode: 'SH01' } });
    expect(mine.map((e) => e.code).sort()).toEqual(sh01.map((e) => e.code).sort());
    const fams = await admin.employees.familyPosts();
    expect(fams.find((f) => f.code === 'TEACH')?.childs.map((c) => c.code)).toEqual([
      'TEACHER',
      'SUPERVISOR',
      'ASSESSOR',
    ]);
    const rec = await sales.employees.employees4Recommend({ query: { name: '王建国' } });
    expect(rec.map((e) => e.code)).toEqual(['E0002']);
  });

  it('keeps the recommender picker to the campus asked for and to the caller’s campuses', async () => {
    const codes = (rows: { code: string }[]) => rows.map((e) => e.code).sort();
    const sh01 = codes(await admin.employees.codeAndName({ query: { schoolItemCode: 'SH01' } }));
    const sh02 = codes(await admin.employees.codeAndName({ query: { schoolItemCode: 'SH02' } }));
    expect(sh02.some((c) => !sh01.includes(c))).toBe(true);
    // The filter applies: only staff working at the campus asked for.
    const at01 = codes(await admin.employees.employees4Recommend({ query: { schoolItemCode: 'SH01' } }));
    const at02 = codes(await admin.employees.employees4Recommend({ query: { schoolItemCode: 'SH02' } }));
    expect(at01.length).toBeGreaterThan(0);
    expect(at01.every((c) => sh01.includes(c))).toBe(true);
    expect(at02.every((c) => sh02.includes(c))).toBe(true);
    expect(at02.some((c) => !sh01.includes(c))).toBe(true);
    // A consultant of SH01 sees the staff of their campuses, never the whole company.
    const sales = await t.as('sales');
    const mine = codes(await sales.employees.codeAndName());
    const theirs = codes(await sales.employees.employees4Recommend());
    expect(theirs.every((c) => mine.includes(c))).toBe(true);
    expect(theirs.some((c) => !sh01.includes(c) && sh02.includes(c))).toBe(false);
    const e = await expectApiError(
      sales.employees.employees4Recommend({ query: { schoolItemCode: 'SH02' } }),
      ErrorCode.noPermission,
    );
    expect(e.message).toContain('SH02');
  });
});

describe('HR master data', () => {
  it('saves types, posts, ranks and subjects with uniqueness and status', async () => {
    await admin.employees.typeSave({ body: { code: 'SEASON', name: '季节工' } });
    await expectApiError(
      admin.employees.typeSave({ body: { code: 'SEASON2', name: '季节工' } }),
      ErrorCode.conflict,
    );
    expect(await admin.employees.typeUpdateStatus({ body: { code: 'SEASON', status: 0 } })).toBe(true);
    await expectApiError(
      admin.employees.typeUpdateStatus({ body: { code: 'FT', status: 0 } }),
      ErrorCode.rule,
    );
    const post = await admin.employees.postSave({
      body: { code: 'OT', name: '作业治疗师', postRole: 'teacher', familyCode: 'TEACH' },
    });
    expect(post.familyName).toBe('教学族');
    await expectApiError(
      admin.employees.postSave({ body: { code: 'OT2', name: '作业治疗师2', familyCode: 'NOPE' } }),
      ErrorCode.validation,
    );
    const rank = await admin.employees.skillRankSave({
      body: { code: 'TR6', name: '首席教师', typeCode: 'TEACHER', level: 6 },
    });
    expect(rank.typeName).toBe('教师职级');
    const lv = await expectApiError(
      admin.employees.skillRankSave({ body: { code: 'TR7', name: '另一级', typeCode: 'TEACHER', level: 6 } }),
      ErrorCode.conflict,
    );
    expect(lv.field).toBe('level');
    const subj = await admin.employees.subjectSave({ body: { name: '音乐治疗' } });
    const upd = await admin.employees.subjectUpdate({
      body: { id: subj.id, name: '音乐疗法', version: subj.version },
    });
    expect(upd.name).toBe('音乐疗法');
    expect(await admin.employees.subjectUpdateStatus({ query: { id: subj.id, status: 0 } })).toBe(true);
    expect((await admin.employees.subjects({ query: { status: 1 } })).map((s) => s.id)).not.toContain(
      subj.id,
    );
  });

  it('keeps salary periods unique by year and month', async () => {
    const periods = await admin.employees.salaryPeriods();
    expect(periods).toHaveLength(12);
    const p = await admin.employees.salaryPeriodSave({ body: { year: 2030, month: 2 } });
    expect(p).toMatchObject({ startDate: '2030-02-01', endDate: '2030-02-28', status: 1 });
    const e = await expectApiError(
      admin.employees.salaryPeriodSave({ body: { year: 2030, month: 2 } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('month');
  });
});

describe('export', () => {
  it('exports every employee of the filter in scope, and courses', async () => {
    const director = await t.as('director');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      await (await director.employees.employeeExport({ query: { postCode: 'TEACHER' } })).arrayBuffer(),
    );
    const page = await director.employees.employees({ query: { postCode: 'TEACHER', pageSize: 500 } });
    expect((wb.worksheets[0]?.rowCount ?? 0) - 1).toBe(page.total);
    const cw = new ExcelJS.Workbook();
    await cw.xlsx.load(
      await (await admin.courses.courseExport({ query: { coursecategorycode: 'KF' } })).arrayBuffer(),
    );
    expect((cw.worksheets[0]?.rowCount ?? 0) - 1).toBe(
      (await admin.courses.courses({ query: { coursecategorycode: 'KF' } })).length,
    );
  });
});

describe('employees on their sheet (SHEETS.employees)', () => {
  /** The sheet's cells as the list kit reads them: one record of texts per row, by API field. */
  async function exported(query: Record<string, string> = {}) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await admin.employees.employeeExport({ query })).arrayBuffer());
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const cols = templateColumns(SHEETS.employees);
    const rows: Record<string, string>[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const out: Record<string, string> = {};
      cols.forEach((c, i) => {
        const v = row.getCell(i + 1).value;
        if (v !== null && v !== undefined && String(v) !== '') out[c.field] = String(v);
      });
      rows.push(out);
    });
    return { header, rows };
  }

  it('exports the template columns, names for references and lists; the file imports back unchanged', async () => {
    const { header, rows } = await exported();
    expect(header).toEqual(exportColumns(SHEETS.employees).map((c) => c.header));
    expect(header.slice(0, templateColumns(SHEETS.employees).length)).toEqual(
      templateColumns(SHEETS.employees).map((c) => c.header),
    );
    const page = await admin.employees.employees({ query: { pageSize: 500 } });
    expect(rows).toHaveLength(page.total);
    // Names, not codes: a campus list of names joined by 、, the post by its name.
    // (the demo director works at four campuses)
    const several = page.list.find((e) => (e.schoolItemCodes ?? []).length > 1);
    expect(several).toBeDefined();
    const cells = rows.find((r) => r.code === several?.code);
    expect(cells?.schoolItemCodes).toBe((several?.schoolItemNames ?? []).join('、'));
    expect(cells?.schoolItemCodes).toContain('、');
    expect(cells?.postCode).toBe(several?.postName);
    const r = await admin.employees.employeeImport({ body: { rows, dryRun: true, firstRow: 2 } });
    expect(r).toMatchObject({ errors: [], created: 0, updated: 0, unchanged: rows.length, written: false });
  });

  it('reads a row as staff type it: names, lists separated by 、 or ，, 女 and 在职; an edited list is one update', async () => {
    const campuses = await admin.organisation.allSchoolItems();
    const name = (code: string) => campuses.find((c) => c.code === code)?.name ?? code;
    const subjects = (await admin.employees.subjects({ query: { status: 1 } })).slice(0, 2);
    expect(subjects).toHaveLength(2);
    const row = {
      code: 'SHEET01',
      name: '表格员工',
      gender: '女',
      schoolItemCode: name('SH01'),
      schoolItemCodes: `${name('SH01')}、${name('SH02')}`,
      postCode: '康复教师',
      employeeTypeCode: '全职',
      skillRankCode: '中级教师',
      subjectIds: subjects.map((s) => s.name).join('，'),
      entryDate: '2026-03-01',
      status: '在职',
    };
    const dry = await admin.employees.employeeImport({ body: { rows: [row], dryRun: true } });
    expect(dry).toMatchObject({ errors: [], created: 1, written: false });
    expect(await admin.employees.employeeImport({ body: { rows: [row], dryRun: false } })).toMatchObject({
      created: 1,
      written: true,
    });
    const [e] = (await admin.employees.employees({ query: { name: '表格员工' } })).list;
    expect(e).toMatchObject({
      code: 'SHEET01',
      gender: 2,
      status: 1,
      schoolItemCode: 'SH01',
      schoolItemCodes: ['SH01', 'SH02'],
      postCode: 'TEACHER',
      employeeTypeCode: 'FT',
      skillRankCode: 'TR2',
    });
    expect([...(e?.subjectIds ?? [])].sort()).toEqual(subjects.map((s) => s.id).sort());
    // The same row again changes nothing; one campus fewer is an update; an empty cell keeps the list.
    expect(await admin.employees.employeeImport({ body: { rows: [row], dryRun: true } })).toMatchObject({
      unchanged: 1,
      updated: 0,
    });
    const fewer = { ...row, schoolItemCodes: name('SH01') };
    expect(await admin.employees.employeeImport({ body: { rows: [fewer], dryRun: true } })).toMatchObject({
      errors: [],
      updated: 1,
    });
    const { schoolItemCodes: _c, subjectIds: _s, ...withoutLists } = row;
    expect(
      await admin.employees.employeeImport({ body: { rows: [withoutLists], dryRun: true } }),
    ).toMatchObject({ errors: [], unchanged: 1 });
  });

  it('reports every error of a row at once, naming unknown names, and writes nothing', async () => {
    const r = await admin.employees.employeeImport({
      body: {
        rows: [
          {
            code: 'SHEET02',
            name: '错行员工',
            mobile: '123',
            schoolItemCode: 'SH01',
            schoolItemCodes: 'SH01、火星校区',
            postCode: 'TEACHER',
            subjectIds: '不存在的科目',
          },
        ],
        dryRun: false,
        firstRow: 2,
      },
    });
    expect(r.written).toBe(false);
    expect(r.errors.map((e) => [e.row, e.column]).sort()).toEqual([
      [2, 'mobile'],
      [2, 'schoolItemCodes'],
      [2, 'subjectIds'],
    ]);
    expect(r.errors.find((e) => e.column === 'schoolItemCodes')?.reason).toContain('火星校区');
    expect(r.errors.find((e) => e.column === 'subjectIds')?.reason).toContain('不存在的科目');
    expect((await admin.employees.employees({ query: { name: '错行员工' } })).total).toBe(0);
  });
});
