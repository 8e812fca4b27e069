// The list of assessment tasks across classes (filters, pending first, scope) and cancelling a wrong
// task: its pending assessments withdrawn, recorded results kept, the task read-only, by version,
// audited (docs/teaching.md "Group-class assessment tasks").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { shanghaiDate } from '@bo/domain';
import { ErrorCode, type Sdk, type TAssessTaskDetail } from '@bo/api-sdk';
import { students } from '../src/slices/students/tables.js';
import { clueMatriculations } from '../src/slices/clues/tables.js';
import { courses } from '../src/slices/courses/tables.js';
import { courseAuthorities, courseAuthorityRanks } from '../src/slices/courseAuthority/tables.js';
import { auditLog } from '../src/slices/system/tables.js';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let director: Sdk;
let teacher: Sdk;
let classId: number;
let pupils: number[] = [];
let course = '';

const day = (n: number) => {
  const d = new Date(`${shanghaiDate(t.clock.now())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const ALL = [
  { name: '语言理解', score: 20 },
  { name: '语言表达', score: 12 },
  { name: '构音清晰度', score: 15 },
  { name: '语用能力', score: 10 },
];

beforeAll(async () => {
  t = await startTestServer();
  [admin, director, teacher] = await Promise.all([t.as('admin'), t.as('director'), t.as('teacher')]);
  const db = t.deps.db;
  const ranks = await db
    .select({ rank: courseAuthorityRanks.courseRankCode })
    .from(courseAuthorityRanks)
    .innerJoin(courseAuthorities, eq(courseAuthorities.id, courseAuthorityRanks.authorityId))
    .where(eq(courseAuthorities.employeeCode, 'E0005'));
  const c = (await db.select().from(courses)).find(
    (x) => ranks.some((r) => r.rank === x.rankCode) && x.validStatus === 1,
  );
  if (!c) throw new Error('a course the demo teacher E0005 may teach');
  course = c.code;
  pupils = (
    await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, 'SH01'), ne(students.status, 90)))
      .orderBy(students.code)
      .limit(3)
  ).map((s) => s.id);
  if (pupils.length < 3) throw new Error('three SH01 students');
  classId = (
    await director.teaching.classSave({
      body: {
        schoolItemCode: 'SH01',
        name: '任务列表测试班',
        courseCode: c.code,
        teacherCode: 'E0005',
        capacity: 6,
      },
    })
  ).id;
  await director.teaching.classAddStudents({ body: { classId, studentIds: pupils } });
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

    const [bj] = await t.deps.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, 'BJ01'), ne(students.status, 90)))
      .limit(1);
    if (!bj) throw new Error('a BJ01 student');
    const c = await admin.teaching.classSave({
      body: {
        schoolItemCode: 'BJ01',
        name: '北京任务列表班',
        courseCode: course,
        teacherCode: 'E0005',
        capacity: 4,
      },
    });
    await admin.teaching.classAddStudents({ body: { classId: c.id, studentIds: [bj.id] } });
    const bjTask = await admin.teaching.assessTaskSave({
      body: { classId: c.id, scaleCode: 'S_LANG', assessorCode: 'E0002', dueDate: day(3) },
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
    const [still] = (await admin.teaching.assessTaskList({ query: { classId: c.id } })).list;
    expect(still).toMatchObject({ id: bjTask.id, state: 'pending' });
  });
});
