// Group-class assessment tasks and a student's assessments read from the teaching side, over HTTP:
// a task makes one pending assessment per member (the one assessment record kind), the assessor
// records results by version (two at once: one wins), members leaving keep recorded results and
// joiners get a pending one, and every read and command keeps to the caller's campuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCode, type Sdk, type TAssessTaskDetail } from '@bo/api-sdk';
import { clueMatriculations } from '../src/slices/clues/tables.js';
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
let pupils: { id: number; code: string; name: string }[] = [];
let course: string;

const day = (n: number) => dayFrom(t)(n);
const ALL = LANG_ANSWERS;
const member = (d: TAssessTaskDetail, studentId: number) => d.members.find((m) => m.studentId === studentId);

beforeAll(async () => {
  t = await startTestServer();
  [admin, director, teacher] = await Promise.all([t.as('admin'), t.as('director'), t.as('teacher')]);
  course = await teachableCourse(t);
  pupils = await campusStudents(t, 'SH01', 4);
  classId = await groupClass(director, {
    campus: 'SH01',
    name: '评估任务测试班',
    course,
    studentIds: pupils.slice(0, 3).map((p) => p.id),
  });
}, 120_000);
afterAll(async () => t?.close());

const pid = (i: number) => pupils[i]?.id ?? 0;

describe('group-class assessment tasks', () => {
  let task: TAssessTaskDetail;

  it('creates one pending assessment per member: drafts of the one assessment record kind, assessor named', async () => {
    task = await director.teaching.assessTaskSave({
      body: { classId, scaleCode: 'S_LANG', assessorCode: 'E0005', dueDate: day(7), remark: '期中评估' },
    });
    expect(task).toMatchObject({
      classId,
      className: '评估任务测试班',
      scaleName: '语言发育评估量表',
      assessorName: '陈思远',
      memberCount: 3,
      doneCount: 0,
    });
    expect(task.members.map((m) => m.studentId).sort()).toEqual(
      pupils
        .slice(0, 3)
        .map((p) => p.id)
        .sort(),
    );
    expect(task.members.every((m) => m.status === 'draft' && m.inClass && m.score === null)).toBe(true);
    const stored = await t.deps.db
      .select()
      .from(clueMatriculations)
      .where(
        inArray(
          clueMatriculations.id,
          task.members.map((m) => m.assessmentId),
        ),
      );
    expect(stored).toHaveLength(3);
    expect(
      stored.every(
        (r) =>
          r.matriculationType === 'S_LANG' &&
          r.status === 'draft' &&
          r.assessorName === '陈思远' &&
          r.schoolItemCode === 'SH01' &&
          r.clueId === null,
      ),
    ).toBe(true);
    // The assessment list shows them as the drafts they are.
    const listed = await director.teaching.assessmentList({
      query: { schoolItemCode: 'SH01', status: 'draft', scaleCode: 'S_LANG', pageSize: 100 },
    });
    expect(listed.list.map((r) => r.id)).toEqual(
      expect.arrayContaining(task.members.map((m) => m.assessmentId)),
    );
    const byClass = await director.teaching.assessTaskList({ query: { schoolItemCode: 'SH01', classId } });
    expect(byClass.list.map((r) => r.id)).toEqual([task.id]);

    const base = { classId, scaleCode: 'S_LANG', assessorCode: 'E0005', dueDate: day(7) };
    expect(
      (
        await expectApiError(
          director.teaching.assessTaskSave({ body: { ...base, dueDate: day(-1) } }),
          ErrorCode.rule,
        )
      ).field,
    ).toBe('dueDate');
    expect(
      (
        await expectApiError(
          director.teaching.assessTaskSave({ body: { ...base, scaleCode: 'NOPE' } }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('scaleCode');
    expect(
      (
        await expectApiError(
          director.teaching.assessTaskSave({ body: { ...base, assessorCode: 'NOPE' } }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('assessorCode');
    const empty = await director.teaching.classSave({
      body: { schoolItemCode: 'SH01', name: '空班', courseCode: course, teacherCode: 'E0005', capacity: 4 },
    });
    expect(
      (
        await expectApiError(
          director.teaching.assessTaskSave({ body: { ...base, classId: empty.id } }),
          ErrorCode.rule,
        )
      ).field,
    ).toBe('classId');
  });

  it('records a member’s result by version: done per member, two recordings at once — one wins', async () => {
    const m0 = member(task, pid(0));
    if (!m0) throw new Error('member 0');
    // Submitting needs every item scored, like any assessment.
    expect(
      (
        await expectApiError(
          teacher.teaching.assessTaskRecord({
            body: {
              taskId: task.id,
              studentId: pid(0),
              version: m0.version,
              assessedOn: day(0),
              answers: ALL.slice(0, 2),
            },
          }),
          ErrorCode.validation,
        )
      ).field,
    ).toBe('answers');
    // The assessor (a teacher: plans.record) records their own task's member.
    const after = await teacher.teaching.assessTaskRecord({
      body: {
        taskId: task.id,
        studentId: pid(0),
        version: m0.version,
        assessedOn: day(0),
        answers: ALL,
        conclusion: '理解好于表达',
      },
    });
    expect(after.doneCount).toBe(1);
    expect(member(after, pid(0))).toMatchObject({ status: 'submitted', score: 57, assessedOn: day(0) });
    expect(member(after, pid(1))?.status).toBe('draft');
    // The same record the assessment screens read.
    const info = await director.teaching.assessmentInfo({ query: { id: m0.assessmentId } });
    expect(info).toMatchObject({
      status: 'submitted',
      score: 57,
      conclusion: '理解好于表达',
      assessorName: '陈思远',
    });
    // Done is final.
    await expectApiError(
      director.teaching.assessTaskRecord({
        body: { taskId: task.id, studentId: pid(0), version: info.version, assessedOn: day(0), answers: ALL },
      }),
      ErrorCode.rule,
    );

    const m1 = member(after, pid(1));
    if (!m1) throw new Error('member 1');
    const both = await Promise.allSettled([
      teacher.teaching.assessTaskRecord({
        body: {
          taskId: task.id,
          studentId: pid(1),
          version: m1.version,
          assessedOn: day(0),
          answers: ALL.slice(0, 1),
          submit: false,
        },
      }),
      director.teaching.assessTaskRecord({
        body: {
          taskId: task.id,
          studentId: pid(1),
          version: m1.version,
          assessedOn: day(0),
          answers: ALL.slice(1, 2),
          submit: false,
        },
      }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((r) => r.status === 'rejected');
    await expect(
      expectApiError(
        lost?.status === 'rejected' ? Promise.reject(lost.reason as Error) : Promise.resolve(null),
        ErrorCode.conflict,
      ),
    ).resolves.toMatchObject({ field: 'version' });

    // On the assessment screen a task's assessment keeps its student and scale.
    const cur = await director.teaching.assessmentInfo({ query: { id: m1.assessmentId } });
    expect(
      (
        await expectApiError(
          director.teaching.assessmentSave({
            body: {
              id: cur.id,
              version: cur.version,
              studentId: pid(1),
              scaleCode: 'S_SENSORY',
              assessedOn: day(0),
              answers: [],
            },
          }),
          ErrorCode.rule,
        )
      ).field,
    ).toBe('scaleCode');
  });

  it('a member who leaves keeps a recorded result; an untouched pending one goes; a joiner gets one', async () => {
    await director.teaching.classRemoveStudent({ body: { classId, studentId: pid(0) } });
    await director.teaching.classRemoveStudent({ body: { classId, studentId: pid(2) } });
    const pending2 = member(task, pid(2))?.assessmentId ?? 0;
    await director.teaching.classAddStudents({ body: { classId, studentIds: [pid(3)] } });
    const now = await director.teaching.assessTaskInfo({ query: { id: task.id } });
    expect(member(now, pid(0))).toMatchObject({ inClass: false, status: 'submitted', score: 57 });
    expect(member(now, pid(2))).toBeUndefined();
    expect(
      await t.deps.db.select().from(clueMatriculations).where(eq(clueMatriculations.id, pending2)),
    ).toEqual([]);
    expect(member(now, pid(3))).toMatchObject({ inClass: true, status: 'draft' });
    expect(now).toMatchObject({ memberCount: 3, doneCount: 1 });
  });

  it('keeps tasks to the caller’s campuses and an assessor to their own tasks', async () => {
    // The director's own task (assessor E0002): the teacher neither lists, reads nor records it.
    const other = await director.teaching.assessTaskSave({
      body: { classId, scaleCode: 'S_SOCIAL', assessorCode: 'E0002', dueDate: day(3) },
    });
    const mine = await teacher.teaching.assessTaskList({ query: { schoolItemCode: 'SH01' } });
    expect(mine.list.map((r) => r.id)).toContain(task.id);
    expect(mine.list.map((r) => r.id)).not.toContain(other.id);
    await expectApiError(teacher.teaching.assessTaskInfo({ query: { id: other.id } }), ErrorCode.notFound);
    const m = other.members[0];
    await expectApiError(
      teacher.teaching.assessTaskRecord({
        body: { taskId: other.id, studentId: m?.studentId ?? 0, version: 1, assessedOn: day(0), answers: [] },
      }),
      ErrorCode.notFound,
    );
    // A teacher does not create tasks.
    await expectApiError(
      teacher.teaching.assessTaskSave({
        body: { classId, scaleCode: 'S_LANG', assessorCode: 'E0005', dueDate: day(3) },
      }),
      ErrorCode.noPermission,
    );

    // Another campus: refused by name, unseen by id.
    const [bj] = await campusStudents(t, 'BJ01', 1);
    if (!bj) throw new Error('a BJ01 student');
    const bjClassId = await groupClass(admin, {
      campus: 'BJ01',
      name: '北京评估班',
      course,
      studentIds: [bj.id],
      capacity: 4,
    });
    const bjTask = await admin.teaching.assessTaskSave({
      body: { classId: bjClassId, scaleCode: 'S_LANG', assessorCode: 'E0002', dueDate: day(3) },
    });
    await expectApiError(
      director.teaching.assessTaskList({ query: { schoolItemCode: 'BJ01' } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.assessTaskInfo({ query: { id: bjTask.id } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.assessTaskSave({
        body: { classId: bjClassId, scaleCode: 'S_LANG', assessorCode: 'E0002', dueDate: day(3) },
      }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      director.teaching.assessTaskRecord({
        body: { taskId: bjTask.id, studentId: bj.id, version: 1, assessedOn: day(0), answers: ALL },
      }),
      ErrorCode.noPermission,
    );
    const sales = await t.as('sales');
    await expectApiError(
      sales.teaching.assessTaskList({ query: { schoolItemCode: 'SH01' } }),
      ErrorCode.noPermission,
    );
  });
});

describe('a student’s assessments on the teaching side (assist2 entrance evaluation)', () => {
  it('reads a student’s entrance evaluations, assessments and task results by student, scoped by campus', async () => {
    const seen = await teacher.teaching.studentAssessments({ query: { studentId: pid(0) } });
    expect(seen.find((r) => r.scaleCode === 'S_LANG' && r.status === 'submitted')).toMatchObject({
      origin: 'student',
      studentId: pid(0),
      score: 57,
    });
    // A converted clue's entrance evaluation is read under its student (the same record).
    const entrance = (
      await director.teaching.assessmentList({ query: { schoolItemCode: 'SH01', pageSize: 100 } })
    ).list.find((r) => r.origin === 'entrance' && r.studentId !== null);
    if (!entrance?.studentId)
      throw new Error('the demo data has a converted clue with an entrance assessment');
    const his = await director.teaching.studentAssessments({ query: { studentId: entrance.studentId } });
    expect(his.find((r) => r.id === entrance.id)).toMatchObject({
      origin: 'entrance',
      clueId: entrance.clueId,
    });

    const [bj] = await campusStudents(t, 'BJ01', 1);
    await expectApiError(
      teacher.teaching.studentAssessments({ query: { studentId: bj?.id ?? 0 } }),
      ErrorCode.noPermission,
    );
    const hr = await t.as('hr');
    await expectApiError(
      hr.teaching.studentAssessments({ query: { studentId: pid(0) } }),
      ErrorCode.noPermission,
    );
  });
});
