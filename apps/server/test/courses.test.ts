// Courses: category → rank → course hierarchy, exact prices, usage checks, buy types and reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { courseUsageCheckers } from '../src/slices/courses/usage.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('hierarchy', () => {
  it('lists ranks of a category and courses filtered by category, rank, mode and unit', async () => {
    const ranks = await admin.courses.ranks({ query: { coursecategorycode: 'KF' } });
    expect(ranks.map((r) => r.code)).toEqual(['KF1', 'KF2', 'KF3']);
    expect(ranks[0]?.coursecategoryname).toBe('康复训练');
    const oneToOne = await admin.courses.courses({ query: { coursecategorycode: 'KF', teachingMode: 1 } });
    expect(oneToOne.length).toBe(3);
    expect(oneToOne.every((c) => c.teachingMode === 1 && c.coursecategorycode === 'KF')).toBe(true);
    const byDay = await admin.courses.courses({ query: { purchaseUnit: 2 } });
    expect(byDay.every((c) => c.purchaseUnit === 2)).toBe(true);
    const page = await admin.courses.coursesPage({ query: { pageIdx: 2, pageSize: 5 } });
    expect(page.list).toHaveLength(5);
    expect(page.total).toBe(26);
  });

  it('refuses a course whose rank belongs to another category', async () => {
    const e = await expectApiError(
      admin.courses.courseSave({
        body: { code: 'X001', name: '错配课程', coursecategorycode: 'KF', courserankcode: 'YY1', price: 100 },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('courserankcode');
  });

  it('refuses a rank under a disabled category and disabling a category with valid ranks', async () => {
    await expectApiError(
      admin.courses.categoryUpdateStatus({ body: { code: 'KF', status: 0 } }),
      ErrorCode.rule,
    );
    await admin.courses.categorySave({ body: { code: 'XQ', name: '兴趣课程' } });
    await admin.courses.categoryUpdateStatus({ body: { code: 'XQ', status: 0 } });
    const e = await expectApiError(
      admin.courses.rankSave({ body: { code: 'XQ1', name: '兴趣初级', coursecategorycode: 'XQ' } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('coursecategorycode');
    await admin.courses.categoryUpdateStatus({ body: { code: 'XQ', status: 1 } });
    const rank = await admin.courses.rankSave({
      body: { code: 'XQ1', name: '兴趣初级', coursecategorycode: 'XQ', level: 1 },
    });
    expect(rank.coursecategoryname).toBe('兴趣课程');
    await expectApiError(
      admin.courses.rankSave({ body: { code: 'XQ2', name: '兴趣初级', coursecategorycode: 'XQ' } }),
      ErrorCode.conflict,
    );
  });

  it('keeps prices exact', async () => {
    const c = await admin.courses.courseSave({
      body: {
        code: 'XQ001',
        name: '绘画兴趣课',
        coursecategorycode: 'XQ',
        courserankcode: 'XQ1',
        price: '1234567.1',
        teachingMode: 3,
      },
    });
    expect(c.price).toBe('1234567.10');
    expect(c.courserankname).toBe('兴趣初级');
    const again = await admin.courses.course({ params: { id: c.id } });
    expect(again.price).toBe('1234567.10');
    const e = await expectApiError(
      admin.courses.courseSave({
        body: {
          code: 'XQ002',
          name: '贵课',
          coursecategorycode: 'XQ',
          courserankcode: 'XQ1',
          price: '12345678',
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.price');
    const updated = await admin.courses.courseSave({
      body: {
        id: c.id,
        code: 'XQ001',
        name: '绘画兴趣课',
        coursecategorycode: 'XQ',
        courserankcode: 'XQ1',
        price: 0.3,
        version: c.version,
      },
    });
    expect(updated.price).toBe('0.30');
  });
});

describe('usage', () => {
  it('refuses to disable or delete a course something still uses, with the reason', async () => {
    const [course] = await admin.courses.courses({ query: { name: '初级一对一个训' } });
    expect(course).toBeDefined();
    if (!course) return;
    courseUsageCheckers.register('test-orders', async (_tx, code) =>
      code === course.code ? '该课程仍有未消耗的订单 / unconsumed orders use this course' : null,
    );
    try {
      const check = await admin.courses.checkConsume({ query: { courseCode: course.code } });
      expect(check).toMatchObject({ consumed: true });
      const e = await expectApiError(
        admin.courses.courseUpdateStatus({ body: { id: course.id, status: 0 } }),
        ErrorCode.rule,
      );
      expect(e.message).toContain('unconsumed orders');
      await expectApiError(admin.courses.courseDelete({ params: { id: course.id } }), ErrorCode.rule);
    } finally {
      courseUsageCheckers.unregister('test-orders');
    }
    expect(await admin.courses.checkConsume({ query: { courseCode: course.code } })).toMatchObject({
      consumed: false,
      message: null,
    });
    expect(await admin.courses.courseUpdateStatus({ body: { id: course.id, status: 0 } })).toBe(true);
    const fee = await admin.courses.feeCourses({ query: { coursecategorycode: 'KF' } });
    expect(fee.map((c) => c.code)).not.toContain(course.code);
    // Disabled, it is still named by the demo orders, lessons and the ledger: deleting it is refused
    // naming them (issue 33 §6: the order's detail kept no lines once its course was deleted).
    const used = await expectApiError(
      admin.courses.courseDelete({ params: { id: course.id } }),
      ErrorCode.rule,
    );
    expect(used.message).toContain('order line');
    expect(used.message).toContain('disable it instead');
    expect((await admin.courses.course({ params: { id: course.id } })).code).toBe(course.code);
  });

  it('refuses to disable a rank with valid courses', async () => {
    await expectApiError(
      admin.courses.rankUpdateStatus({ body: { code: 'YY1', status: 0 } }),
      ErrorCode.rule,
    );
  });
});

describe('buy types, reasons and import', () => {
  it('lists buy types by income type and saves reasons', async () => {
    const course = await admin.courses.buyTypesByIncomeCode({ query: { incometypecode: 'COURSE' } });
    expect(course.map((b) => b.name)).toEqual(['按课时购买', '按月购买']);
    const saved = await admin.courses.adjustCostReasonSave({ body: { name: '活动折扣补差' } });
    expect((await admin.courses.adjustCostReasons()).map((r) => r.id)).toContain(saved.id);
    const dup = await expectApiError(
      admin.courses.adjustCostReasonSave({ body: { name: '课程调价' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
  });

  it('imports courses by code with no duplicates on a re-run', async () => {
    const rows = [
      {
        code: 'IMP01',
        name: '导入个训课',
        coursecategorycode: 'YY',
        courserankcode: 'YY2',
        price: '300',
        teachingMode: 1,
      },
      {
        code: 'IMP02',
        name: '导入小组课',
        coursecategorycode: 'YY',
        courserankcode: 'YY2',
        price: 180.5,
        teachingMode: 2,
      },
    ];
    expect(await admin.courses.courseImport({ body: { rows } })).toMatchObject({
      created: 2,
      errors: [],
      written: true,
    });
    expect(await admin.courses.courseImport({ body: { rows } })).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    const bad = await admin.courses.courseImport({
      body: { rows: [{ ...rows[0], code: 'IMP03', courserankcode: 'KF1' }], dryRun: true },
    });
    expect(bad.errors[0]).toMatchObject({ row: 1, column: 'courserankcode' });
  });
});
