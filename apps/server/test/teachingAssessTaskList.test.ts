// The list of assessment tasks across classes (filters, pending first, scope) and cancelling a wrong
// task: its pending assessments withdrawn, recorded results kept, the task read-only, by version,
// audited (docs/teaching.md "Group-class assessment tasks").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TAssessTaskDetail } from '@bo/api-sdk';
import { clueMatriculations } from '../src/slices/clues/tables.js';
import { auditLog } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import {
  campusStudents,
  dayFrom,
  groupClass,
  LANG_ANSWERS,
  teachableCourse,
} from './fixtures/assessTasks.js';

let t: TestServer;
let admin: Sdk;
let director: Sdk;
let teacher: Sdk;
let classId: number;
let pupils: number[] = [];
let course = '';

const day = (n: number) => dayFrom(t)(n);
const ALL = LANG_ANSWERS;

beforeAll(async () => {
  t = await startTestServer();
  [admin, director, teacher] = await Promise.all([t.as('admin'), t.as('director'), t.as('teacher')]);
  course = await teachableCourse(t);
  pupils = (await campusStudents(t, 'SH01', 3)).map((p) => p.id);
  classId = await groupClass(director, {
    campus: 'SH01',
    name: '任务列表测试班',
    course,
    studentIds: pupils,
  });
}, 120_000);
afterAll(async () => t?.close());

describe('the list of assessment tasks and cancelling one', () => {
  let wrong: TAssessTaskDetail;
  let right: TAssessTaskDetail;
  let others: TAssessTaskDetail;

  it('cancels a wrong task by version: pending assessments withdrawn, recorded results kept, audited', async () => {
    wrong = await director.teaching.assessTaskSave({
      body: { classId, scaleCode: 'S_LANG', assessorCode: 'E0005', dueDate: day(10) },
    });
    const first = wrong.members[0];
    if (!first) throw new Error('a member');
    wrong = await teacher.teaching.assessTaskRecord({
      body: {
        taskId: wrong.id,
        studentId: first.studentId,
        version: first.version,
        assessedOn: day(0),
        answers: ALL,
      },
    });
    const pendingIds = wrong.members.filter((m) => m.status === 'draft').map((m) => m.assessmentId);
    expect(pendingIds).toHaveLength(2);

    // A teacher may not cancel; a stale version is refused; a reason is needed.
    await expectApiError(
      teacher.teaching.assessTaskCancel({
        body: { id: wrong.id, version: wrong.version, reason: '量表选错' },
      }),
      ErrorCode.noPermission,
    );
    const stale = await expectApiError(
      director.teaching.assessTaskCancel({
        body: { id: wrong.id, version: wrong.version + 1, reason: '量表选错' },
      }),
      ErrorCode.conflict,
    );
    expect(stale.field).toBe('version');
    await expectApiError(
      director.teaching.assessTaskCancel({ body: { id: wrong.id, version: wrong.version, reason: '  ' } }),
      ErrorCode.validation,
    );

    const cancelled = await director.teaching.assessTaskCancel({
      body: { id: wrong.id, version: wrong.version, reason: '量表选错' },
    });
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      cancelReason: '量表选错',
      version: wrong.version + 1,
      memberCount: 1,
      doneCount: 1,
    });
    expect(cancelled.members).toEqual([
      expect.objectContaining({ studentId: first.studentId, status: 'submitted', score: 57 }),
    ]);
    expect(
      await t.deps.db.select().from(clueMatriculations).where(inArray(clueMatriculations.id, pendingIds)),
    ).toEqual([]);
    const [kept] = await t.deps.db
      .select()
      .from(clueMatriculations)
      .where(eq(clueMatriculations.id, first.assessmentId));
    expect(kept).toMatchObject({ status: 'submitted', score: 57 });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'teaching.assessTask.cancel'), eq(auditLog.target, String(wrong.id))));
    expect(audit).toHaveLength(1);

    // Read-only: no recording, no second cancel; a joining student gets nothing from it.
    await expectApiError(
      director.teaching.assessTaskRecord({
        body: { taskId: wrong.id, studentId: first.studentId, version: 2, assessedOn: day(0), answers: ALL },
      }),
      ErrorCode.rule,
    );
    await expectApiError(
      director.teaching.assessTaskCancel({
        body: { id: wrong.id, version: cancelled.version, reason: '再次' },
      }),
      ErrorCode.rule,
    );
  });

  it('lists tasks across classes pending first, filtered by class, assessor, state and due days', async () => {
    right = await director.teaching.assessTaskSave({
      body: { classId, scaleCode: 'S_LANG', assessorCode: 'E0005', dueDate: day(5) },
    });
    others = await director.teaching.assessTaskSave({
      body: { classId, scaleCode: 'S_SOCIAL', assessorCode: 'E0002', dueDate: day(20) },
    });
    const all = await director.teaching.assessTaskList({ query: { classId, pageSize: 100 } });
    expect(all.list.map((r) => [r.id, r.state])).toEqual([
      [right.id, 'pending'],
      [others.id, 'pending'],
      [wrong.id, 'cancelled'],
    ]);
    expect(all.total).toBe(3);
    // The campus by its name, as every list shows it.
    expect(new Set(all.list.map((r) => r.schoolItemName))).toEqual(new Set(['上海徐汇校区']));
    const ids = async (q: Record<string, string | number>) =>
      (await director.teaching.assessTaskList({ query: { classId, pageSize: 100, ...q } })).list.map(
        (r) => r.id,
      );
    expect(await ids({ state: 'cancelled' })).toEqual([wrong.id]);
    expect(await ids({ state: 'pending' })).toEqual([right.id, others.id]);
    expect(await ids({ state: 'done' })).toEqual([]);
    expect(await ids({ assessorCode: 'E0002' })).toEqual([others.id]);
    expect(await ids({ from: day(6), to: day(15) })).toEqual([wrong.id]);
    expect(await ids({ schoolItemCode: 'SH01', to: day(5) })).toEqual([right.id]);

    // Every member assessed: the task is done.
    for (const m of right.members)
      await teacher.teaching.assessTaskRecord({
        body: {
          taskId: right.id,
          studentId: m.studentId,
          version: m.version,
          assessedOn: day(0),
          answers: ALL,
        },
      });
    expect(await ids({ state: 'done' })).toEqual([right.id]);
    expect(await ids({})).toEqual([others.id, right.id, wrong.id]);

    // A page of one still says how many there are.
    const one = await director.teaching.assessTaskList({ query: { classId, pageSize: 1, pageIdx: 2 } });
    expect(one).toMatchObject({ total: 3, list: [expect.objectContaining({ id: right.id })] });
  });

  it('keeps the list to the caller’s campuses and a teacher to the tasks they assess', async () => {
    const mine = await teacher.teaching.assessTaskList({ query: { pageSize: 100 } });
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((r) => r.assessorCode === 'E0005')).toBe(true);
    expect(mine.list.map((r) => r.id)).toEqual(expect.arrayContaining([right.id, wrong.id]));
    expect(mine.list.map((r) => r.id)).not.toContain(others.id);
    const notMine = await teacher.teaching.assessTaskList({ query: { assessorCode: 'E0002' } });
    expect(notMine.list).toEqual([]);

    const [bj] = await campusStudents(t, 'BJ01', 1);
    if (!bj) throw new Error('a BJ01 student');
    const bjClassId = await groupClass(admin, {
      campus: 'BJ01',
      name: '北京任务列表班',
      course,
      studentIds: [bj.id],
      capacity: 4,
    });
    const bjTask = await admin.teaching.assessTaskSave({
      body: { classId: bjClassId, scaleCode: 'S_LANG', assessorCode: 'E0002', dueDate: day(3) },
    });
    const seen = await director.teaching.assessTaskList({ query: { pageSize: 500 } });
    expect(seen.list.map((r) => r.id)).not.toContain(bjTask.id);
    expect(seen.list.every((r) => ['SH01', 'SH02', 'HZ01', 'NJ01'].includes(r.schoolItemCode))).toBe(true);
    expect(
      (await admin.teaching.assessTaskList({ query: { pageSize: 500 } })).list.map((r) => r.id),
    ).toContain(bjTask.id);
    await expectApiError(
      director.teaching.assessTaskList({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.assessTaskCancel({
        body: { id: bjTask.id, version: bjTask.version, reason: '错误' },
      }),
      ErrorCode.noPermission,
    );
    const [still] = (await admin.teaching.assessTaskList({ query: { classId: bjClassId } })).list;
    expect(still).toMatchObject({ id: bjTask.id, state: 'pending' });
  });
});
