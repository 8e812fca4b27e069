// Case files and follow records (issue 13, students): scope, validation naming fields, the phone
// rule shared with clues, the version check, soft delete guarded by usage checkers, the clue link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk, type TStudentInput } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { sql } from 'drizzle-orm';
import { studentUsage } from '../src/slices/students/index.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
let director: Sdk;
let finance: Sdk;
let teacher: Sdk;
let seq = 0;
const phone = () => `134${String(++seq).padStart(8, '0')}`;
const student = (over: Partial<TStudentInput> = {}): TStudentInput => ({
  name: '林若曦',
  parentName: '林静',
  relation: '母亲',
  phone: phone(),
  schoolItemCode: 'SH01',
  gender: 2,
  birthDate: '2021-05-06',
  diagnosis: '语言发育迟缓',
  ...over,
});

beforeAll(async () => {
  t = await startTestServer();
  [admin, sales, director, finance, teacher] = await Promise.all([
    t.as('admin'),
    t.as('sales'),
    t.as('director'),
    t.as('finance'),
    t.as('teacher'),
  ]);
});
afterAll(async () => t?.close());

describe('case files', () => {
  it('a consultant creates a student at their campus and finds it by name in the list', async () => {
    const s = await sales.students.insertStudent({ body: student({ name: '郭浩宇' }) });
    expect(s.code).toMatch(/^S\d{8}$/);
    expect(s.status).toBe(10);
    expect(s.schoolItemName).toBeTruthy();
    const page = await sales.students.students({ query: { keyword: '郭浩宇' } });
    expect(page.list.map((r) => r.code)).toContain(s.code);
    const detail = await sales.students.studentDetail({ query: { code: s.code } });
    expect(detail.diagnosis).toBe('语言发育迟缓');
    expect(detail.createdByName).toBe('李晓燕');
  });

  it('refuses a campus outside the caller scope, and hides students of other campuses', async () => {
    await expectApiError(
      sales.students.insertStudent({ body: student({ schoolItemCode: 'BJ01' }) }),
      ErrorCode.noPermission,
    );
    const bj = await admin.students.insertStudent({
      body: student({ name: '何嘉懿', schoolItemCode: 'BJ01' }),
    });
    await expectApiError(sales.students.studentDetail({ query: { code: bj.code } }), ErrorCode.noPermission);
    await expectApiError(sales.students.rehabInfo({ query: { childId: bj.id } }), ErrorCode.noPermission);
    await expectApiError(
      sales.students.followAdd({ body: { studentId: bj.id, node: 'weekly', content: '回访' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.students.students({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    const all = await sales.students.students({ query: { pageSize: 500 } });
    expect(all.list.every((r) => r.schoolItemCode === 'SH01')).toBe(true);
    expect(all.list.some((r) => r.code === bj.code)).toBe(false);
    // finance sees every campus
    expect((await finance.students.studentDetail({ query: { code: bj.code } })).code).toBe(bj.code);
  });

  it('names the field of bad input', async () => {
    const e1 = await expectApiError(
      sales.students.insertStudent({ body: student({ phone: '12345' }) }),
      ErrorCode.validation,
    );
    expect(e1.field).toContain('phone');
    const e2 = await expectApiError(
      sales.students.insertStudent({ body: student({ name: '  ' }) }),
      ErrorCode.validation,
    );
    expect(e2.field).toContain('name');
    const future = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const e3 = await expectApiError(
      sales.students.insertStudent({ body: student({ birthDate: future }) }),
      ErrorCode.validation,
    );
    expect(e3.field).toContain('birthDate');
    const e4 = await expectApiError(
      admin.students.insertStudent({ body: student({ schoolItemCode: 'NOPE' }) }),
      ErrorCode.validation,
    );
    expect(e4.field).toContain('schoolItemCode');
  });

  it('routes a phone held by another student or an active clue instead of duplicating it', async () => {
    const p = phone();
    const first = await sales.students.insertStudent({ body: student({ phone: p }) });
    const e = await expectApiError(
      sales.students.insertStudent({ body: student({ phone: p, name: '林一诺' }) }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('phone');
    expect(e.message).toContain(first.code);

    const q = phone();
    const clue = await sales.clues.clueSave({
      body: { childName: '周天佑', parentName: '周伟', phone: q, schoolItemCode: 'SH01' },
    });
    const e2 = await expectApiError(
      sales.students.insertStudent({ body: student({ phone: q }) }),
      ErrorCode.conflict,
    );
    expect(e2.field).toBe('phone');
    expect(e2.message).toContain(clue.cluecode);
  });

  it('converts a clue through the same rule and keeps the link both ways', async () => {
    const q = phone();
    const c = await sales.clues.clueSave({
      body: { childName: '徐佳琪', parentName: '徐娜', phone: q, schoolItemCode: 'SH01' },
    });
    await sales.clues.intoSchoolSave({ body: { clueId: c.clueId, visitAt: t.clock.now().toISOString() } });
    await sales.clues.clueConfirmSave({ body: { clueId: c.clueId } });
    const made = await sales.clues.studentCreate({
      body: {
        clueId: c.clueId,
        name: '徐佳琪',
        gender: 2,
        parentName: '徐娜',
        phone: q,
        schoolItemCode: 'SH01',
      },
    });
    const d = await sales.students.studentDetail({ query: { code: made.studentCode } });
    expect(d.sourceClueId).toBe(c.clueId);
    expect(d.sourceCluecode).toBe(c.cluecode);
    expect((await sales.clues.detail({ query: { clueId: c.clueId } })).studentCode).toBe(made.studentCode);
    // A second student with the same phone is still refused.
    await expectApiError(sales.students.insertStudent({ body: student({ phone: q }) }), ErrorCode.conflict);
  });

  it('edits with the version read and refuses a stale version', async () => {
    const s = await sales.students.insertStudent({ body: student({ name: '罗沐阳' }) });
    const body = { ...student({ name: '罗沐阳', phone: s.phone }), id: s.id, version: s.version };
    const edited = await sales.students.saveOrEdit({
      body: { ...body, diagnosis: '孤独症谱系障碍', status: 20 },
    });
    expect(edited.diagnosis).toBe('孤独症谱系障碍');
    expect(edited.status).toBe(20);
    expect(edited.version).toBe(s.version + 1);
    await expectApiError(
      sales.students.saveOrEdit({ body: { ...body, remark: '旧版本' } }),
      ErrorCode.conflict,
    );
    const rehab = await sales.students.rehabInfo({ query: { childId: s.id } });
    expect(rehab.diagnosis).toBe('孤独症谱系障碍');
  });

  it('soft-deletes a case file, refused while something uses the student', async () => {
    const s = await director.students.insertStudent({ body: student({ name: '马可馨' }) });
    studentUsage.register('test-orders', async (_tx, { id }) =>
      id === s.id ? '该学员有1个有效订单 / the student has 1 effective order' : null,
    );
    try {
      const e = await expectApiError(director.students.delStudent({ body: { id: s.id } }), ErrorCode.rule);
      expect(e.message).toContain('有效订单');
    } finally {
      studentUsage.unregister('test-orders');
    }
    await expectApiError(sales.students.delStudent({ body: { id: s.id } }), ErrorCode.noPermission);
    await director.students.delStudent({ body: { id: s.id, version: s.version } });
    await expectApiError(director.students.studentDetail({ query: { code: s.code } }), ErrorCode.notFound);
    expect((await director.students.students({ query: { keyword: s.code } })).total).toBe(0);
    // Its phone is free again.
    await director.students.insertStudent({ body: student({ phone: s.phone, name: '马可馨' }) });
  });

  it('assigns an adviser in bulk to students without one', async () => {
    const a = await director.students.insertStudent({ body: student({ name: '高博文' }) });
    const b = await director.students.insertStudent({ body: student({ name: '高语嫣' }) });
    const before = await director.students.withoutAdviserCount({ query: { schoolItemCode: 'SH01' } });
    const list = await director.students.withoutAdviserList({
      query: { schoolItemCode: 'SH01', pageSize: 500 },
    });
    expect(list.list.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const users = await admin.system.allUsers({ query: { name: 'sales' } });
    const salesId = users.find((u) => u.username === 'sales')?.id ?? 0;
    expect(
      (await director.students.batchAdviser({ body: { studentIds: [a.id, b.id], adviserId: salesId } }))
        .updated,
    ).toBe(2);
    const after = await director.students.withoutAdviserCount({ query: { schoolItemCode: 'SH01' } });
    expect(after.count).toBe(before.count - 2);
    const mine = await sales.students.students({ query: { mine: true, pageSize: 500 } });
    expect(mine.list.filter((r) => [a.id, b.id].includes(r.id)).map((r) => r.adviserName)).toEqual([
      '李晓燕',
      '李晓燕',
    ]);
    // The teacher works at SH01 only: not an adviser for a BJ01 student.
    const bj = await admin.students.insertStudent({ body: student({ schoolItemCode: 'BJ01' }) });
    const e = await expectApiError(
      admin.students.batchAdviser({ body: { studentIds: [bj.id], adviserId: salesId } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('adviserId');
  });

  it('lists students whose service ends soon for renewal, and finds them by name for pickers', async () => {
    const soon = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const s = await sales.students.insertStudent({ body: student({ name: '胡思彤', serviceEndDate: soon }) });
    const renew = await sales.students.students({ query: { endWithinDays: 30, pageSize: 500 } });
    expect(renew.list.map((r) => r.id)).toContain(s.id);
    const limit = new Date(t.clock.now().getTime() + 31 * 86_400_000).toISOString().slice(0, 10);
    expect(renew.list.every((r) => r.serviceEndDate !== null && r.serviceEndDate <= limit)).toBe(true);
    const picks = await sales.students.byName({ query: { name: '胡思彤' } });
    expect(picks.map((p) => p.id)).toContain(s.id);
  });
});

describe('follow records', () => {
  it('adds records, lists and exports them, and tells who followed the student', async () => {
    const s = await sales.students.insertStudent({ body: student({ name: '赵雨桐' }) });
    const nodes = await sales.students.followNodeList();
    expect(nodes.map((n) => n.code)).toContain('weekly');
    const f = await sales.students.followAdd({
      body: { studentId: s.id, node: 'weekly', method: 1, content: '本周课堂表现稳定，家长满意。' },
    });
    expect(f.nodeName).toBe('周回访');
    expect(f.createdByName).toBe('李晓燕');
    const e = await expectApiError(
      sales.students.followAdd({ body: { studentId: s.id, node: 'weekly', content: '' } }),
      ErrorCode.validation,
    );
    expect(e.field).toContain('content');
    const past = await expectApiError(
      sales.students.followAdd({
        body: { studentId: s.id, node: 'weekly', content: '再约', nextFollowAt: '2020-01-01' },
      }),
      ErrorCode.validation,
    );
    expect(past.field).toBe('nextFollowAt');
    await director.students.followAdd({
      body: { studentId: s.id, node: 'monthly', content: '月度评估反馈' },
    });

    const mine = await sales.students.studentFollowRecords({ params: { id: s.id } });
    expect(mine.map((r) => r.node)).toEqual(['monthly', 'weekly']);
    const who = await sales.students.followUsers({ params: { id: s.code } });
    expect(who.map((w) => w.name).sort()).toEqual(['李晓燕', '王建国'].sort());
    const info = await sales.students.followStudentInfo({ params: { id: s.id } });
    expect(info.followCount).toBe(2);

    const page = await sales.students.followPage({ query: { keyword: '赵雨桐' } });
    expect(page.total).toBe(2);
    const file = await sales.students.followExport({ query: { keyword: '赵雨桐' } });
    expect(file.size).toBeGreaterThan(1000);

    // The teacher holds no follow-up screen.
    await expectApiError(teacher.students.followPage({ query: {} }), ErrorCode.noPermission);
  });
});

describe('lifetime', () => {
  it('answers the student and empty totals while no order moved anything', async () => {
    const s = await sales.students.insertStudent({ body: student({ name: '孙皓轩' }) });
    const life = await sales.students.lifetime({ query: { studentId: s.id } });
    expect(life.student.code).toBe(s.code);
    expect(life.events).toEqual([]);
    expect(life.totals.remainingHours).toBe(0);
  });
});

describe('with the ledger', () => {
  /** A demo student whose ledger has movements, with its sums straight from the table. */
  async function studentWithMovements() {
    const r = await t.deps.db.execute<{ student_id: number; n: number; hours: string }>(
      sql`select student_id, count(*)::int as n, sum(hours)::text as hours from student_ledger group by student_id order by student_id limit 1`,
    );
    const rows = (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as Array<{
      student_id: number;
      n: number;
      hours: string;
    }>;
    const row = rows[0];
    if (!row) throw new Error('the demo seed has no ledger movements');
    return { id: Number(row.student_id), movements: Number(row.n), hours: Number(row.hours) };
  }

  it('answers the lifetime from the ledger: every movement and the hours left', async () => {
    const s = await studentWithMovements();
    const life = await admin.students.lifetime({ query: { studentId: s.id } });
    expect(life.events).toHaveLength(s.movements);
    expect(life.totals.remainingHours).toBeCloseTo(s.hours, 2);
    expect(life.events.every((e) => e.orderCode?.startsWith('DD'))).toBe(true);
    expect(life.totals.paidCents).toBeGreaterThan(0);
  });

  it('lists a student whose hours run low for renewal, and shows the hours left', async () => {
    const s = await studentWithMovements();
    const code = (await admin.students.lifetime({ query: { studentId: s.id } })).student.code;
    const below = await admin.students.students({ query: { hoursBelow: s.hours + 0.5, keyword: code } });
    expect(below.list.map((r) => r.id)).toEqual([s.id]);
    expect(below.list[0]?.remainingHours).toBeCloseTo(s.hours, 2);
    const notBelow = await admin.students.students({ query: { hoursBelow: s.hours, keyword: code } });
    expect(notBelow.total).toBe(0);
  });

  it('refuses to delete a student who has an order that is not revoked', async () => {
    const s = await studentWithMovements();
    const e = await expectApiError(admin.students.delStudent({ body: { id: s.id } }), ErrorCode.rule);
    expect(e.message).toContain('未撤销的订单');
  });
});

describe('demo seed', () => {
  it('has case files at every demo campus', async () => {
    const campuses = await admin.organisation.schoolItemList({ query: { pageSize: 500 } });
    const page = await admin.students.students({ query: { pageSize: 500 } });
    for (const c of campuses.list) expect(page.list.some((s) => s.schoolItemCode === c.code)).toBe(true);
  });
});
