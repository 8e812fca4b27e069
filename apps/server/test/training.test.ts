// Trainings (/train/*) and the HR sync (/beisen-sync/*, /salary_sync/sync): a training's attended hours
// pay through the teacher rule's `training` rate; a sealed period refuses changes to its trainings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { employeeCampuses, employees, skillRanks } from '../src/slices/employees/tables.js';
import { salaryLines, salaryRuleRates, salaryRules } from '../src/slices/payroll/tables.js';
import { forbidBills } from '../src/slices/sealing/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let hr: Sdk;
const CAMPUS = 'SH01';
const RANK = 'TRNR';
const Y = 2032;
const TEACHER = 'TR-TEA';
const OTHER = 'TR-OTH';

async function trainingLines(month: number) {
  return t.deps.db
    .select()
    .from(salaryLines)
    .where(
      and(
        eq(salaryLines.employeeCode, TEACHER),
        eq(salaryLines.year, Y),
        eq(salaryLines.month, month),
        eq(salaryLines.item, 'training'),
      ),
    );
}

beforeAll(async () => {
  t = await startTestServer();
  hr = await t.as('hr');
  await hr.employees.salaryPeriodSave({ body: { year: Y, month: 5 } });
  await t.deps.db.insert(skillRanks).values({ code: RANK, name: '培训测试', typeCode: 'TEACHER', level: 9 });
  for (const [code, post] of [
    [TEACHER, 'TEACHER'],
    [OTHER, 'CONSULTANT'],
  ] as const) {
    await t.deps.db
      .insert(employees)
      .values({ code, name: `培训${code}`, schoolItemCode: CAMPUS, postCode: post, skillRankCode: RANK });
    await t.deps.db.insert(employeeCampuses).values({ employeeCode: code, schoolItemCode: CAMPUS });
  }
  const [rule] = await t.deps.db
    .insert(salaryRules)
    .values({ role: 'teacher', skillRankCode: RANK, effectiveFrom: Y * 100 + 1 })
    .returning();
  // A lesson rate for any pay type must not pay trainings: only the `training` rate does.
  await t.deps.db.insert(salaryRuleRates).values([
    { ruleId: rule?.id ?? 0, payType: 'training', attendanceStatus: 'present', hourlyCents: 5000 },
    { ruleId: rule?.id ?? 0, payType: '*', attendanceStatus: '*', hourlyCents: 9900 },
  ]);
});
afterAll(async () => t?.close());

describe('trainings', () => {
  it('records a training and who attended, and pays the attended hours through the teacher rule', async () => {
    const saved = await hr.training.save({
      body: {
        schoolItemCode: CAMPUS,
        subject: 'ABA 基础',
        trainingDate: '2032-05-10',
        hours: 1.5,
        trainer: '王老师',
        attendeeCodes: [TEACHER, OTHER],
      },
    });
    expect([saved.attendeeCount, saved.attendedCount, saved.hours]).toEqual([2, 0, 1.5]);
    const signed = await hr.training.sign({
      body: { id: saved.id, version: saved.version, attendedCodes: [TEACHER, OTHER] },
    });
    expect(signed.attendees.map((a) => [a.employeeCode, a.attended, a.signedAt !== null])).toEqual([
      [OTHER, true, true],
      [TEACHER, true, true],
    ]);
    const page = await hr.training.list({ query: { schoolItemCode: CAMPUS, subject: 'ABA' } });
    expect(page.list.find((r) => r.id === saved.id)?.attendedCount).toBe(2);

    await hr.payroll.compute({ body: { year: Y, month: 5, schoolItemCode: CAMPUS } });
    const [line] = await trainingLines(5);
    // 1.5 h × ¥50.00; the consultant attended too but no consultant rule pays trainings.
    expect([line?.quantity, line?.rate, line?.amountCents]).toEqual(['1.50', 5000, 7500]);
    const src = await hr.payroll.lineSources({ query: { id: line?.id ?? 0 } });
    expect(src.map((s) => [s.sourceType, s.day, s.ref, s.amount])).toEqual([
      ['training', '2032-05-10', 'ABA 基础', '75.00'],
    ]);

    // Marked absent: the next computation pays nothing for it.
    await hr.training.sign({ body: { id: saved.id, version: signed.version, attendedCodes: [OTHER] } });
    await hr.payroll.compute({ body: { year: Y, month: 5, schoolItemCode: CAMPUS } });
    expect(await trainingLines(5)).toEqual([]);
  });

  it('refuses a sign-in of someone not invited, and every change once the period is sealed', async () => {
    const saved = await hr.training.save({
      body: {
        schoolItemCode: CAMPUS,
        subject: '安全培训',
        trainingDate: '2032-06-03',
        hours: 2,
        trainer: '李老师',
        attendeeCodes: [TEACHER],
      },
    });
    const stranger = await expectApiError(
      hr.training.sign({ body: { id: saved.id, version: saved.version, attendedCodes: [OTHER] } }),
      ErrorCode.validation,
    );
    expect(stranger.field).toBe('attendedCodes');

    await t.deps.db.insert(forbidBills).values({ year: Y, month: 6, status: 1, sealedAt: t.deps.now() });
    const sealed = await expectApiError(
      hr.training.sign({ body: { id: saved.id, version: saved.version, attendedCodes: [TEACHER] } }),
      ErrorCode.conflict,
    );
    expect(sealed.message).toContain('2032-06');
    await expectApiError(
      hr.training.remove({ body: { id: saved.id, version: saved.version } }),
      ErrorCode.conflict,
    );
    const detail = await hr.training.detail({ params: { id: saved.id } });
    expect(detail.attendees.map((a) => a.attended)).toEqual([false]);
  });
});
