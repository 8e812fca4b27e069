import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { demoStaff } from '../src/slices/employees/seed.js';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('course authority', () => {
  it('answers the course ranks of a teacher and the teachers of a rank', async () => {
    const teacher = await t.as('teacher');
    const own = await teacher.courseAuthority.queryTeacherCouseLevels();
    expect(own.map((r) => r.courseRankCode)).toEqual(['KF1', 'KF2', 'YY1', 'YY2']);
    expect(own.find((r) => r.courseRankCode === 'YY1')?.courseRankName).toBe('语言训练初级');
    const other = await teacher.courseAuthority.queryTeacherCouseLevels({ query: { employeeCode: 'E0009' } });
    expect(other.map((r) => r.courseRankCode)).toEqual(['GT1', 'YY1']);
    const teachers = await teacher.courseAuthority.queryTeacherCourses({ query: { courseRankCode: 'KF2' } });
    expect(teachers).toContainEqual({ employeeCode: 'E0005', employeeName: '陈思远' });
    expect(teachers.map((x) => x.employeeCode)).not.toContain('E0009');
    expect(teachers.every((x) => x.employeeName)).toBe(true);
  });

  it('lists, saves, reads, replaces ranks with a version check and deletes', async () => {
    const page = await admin.courseAuthority.authorityList({
      body: { courseRankCode: 'ZJ1', pageSize: 100 },
    });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.courseRankCodes.includes('ZJ1'))).toBe(true);
    const a = await admin.courseAuthority.authoritySave({
      body: { employeeCode: 'E0061', courseRankCodes: ['GT1', 'GT1', 'KF1'] },
    });
    expect(a).toMatchObject({
      // The name the demo seed gave E0061 (a real name since the seed stopped padding clashes).
      employeeName: demoStaff().find((e) => e.code === 'E0061')?.name,
      courseRankCodes: ['GT1', 'KF1'],
      version: 1,
      validstatus: 1,
    });
    const dup = await expectApiError(
      admin.courseAuthority.authoritySave({ body: { employeeCode: 'E0061', courseRankCodes: ['GT1'] } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('employeeCode');
    const bad = await expectApiError(
      admin.courseAuthority.authoritySave({ body: { employeeCode: 'E0062', courseRankCodes: ['NOPE9'] } }),
      ErrorCode.validation,
    );
    expect(bad.field).toBe('courseRankCodes');
    const nobody = await expectApiError(
      admin.courseAuthority.authoritySave({ body: { employeeCode: 'E9999', courseRankCodes: ['KF1'] } }),
      ErrorCode.validation,
    );
    expect(nobody.field).toBe('employeeCode');
    const u = await admin.courseAuthority.authoritySave({
      body: { id: a.id, employeeCode: 'E0061', courseRankCodes: ['GT2'], version: 1 },
    });
    expect(u).toMatchObject({ courseRankCodes: ['GT2'], version: 2 });
    expect(u.courseRanks[0]?.courseRankName).toBe('感觉统合中级');
    await expectApiError(
      admin.courseAuthority.authoritySave({
        body: { id: a.id, employeeCode: 'E0061', courseRankCodes: ['GT3'], version: 1 },
      }),
      ErrorCode.conflict,
    );
    expect((await admin.courseAuthority.authorityGet({ query: { id: a.id } })).courseRankCodes).toEqual([
      'GT2',
    ]);
    await admin.courseAuthority.authorityDelete({ query: { id: a.id } });
    await expectApiError(admin.courseAuthority.authorityGet({ query: { id: a.id } }), ErrorCode.notFound);
    expect(await admin.courseAuthority.queryTeacherCouseLevels({ query: { employeeCode: 'E0061' } })).toEqual(
      [],
    );
  });

  it('reports a course rank in use by an authority to the courses slice', async () => {
    const { courseRankUsageCheckers } = await import('../src/slices/courses/usage.js');
    expect(await courseRankUsageCheckers.check(t.deps.db, 'ZJ1')).toMatch(/teacher authorit/);
    expect(await courseRankUsageCheckers.check(t.deps.db, 'PG3')).toBeNull();
  });

  it('keeps writes to the course authorisation screen', async () => {
    const sales = await t.as('sales');
    await expectApiError(sales.courseAuthority.authorityList({ body: {} }), ErrorCode.noPermission);
  });
});
