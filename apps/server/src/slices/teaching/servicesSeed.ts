// Demo group classes, assessment tasks, seats and calendar days at SH01 (deterministic), so the
// scheduler's and director's teaching screens (/education/teamCourse, /education/assessTask,
// /education/adminAssessment, /students/degreeManagement, /education/eventsManage) open on real
// rows in each state. The scheduler (教务) acts through the slice's own commands on a clock set to
// when each step would have happened; assessors record results as themselves.
import { ROLE, STUDENT_STATUS, EMPLOYEE_STATUS } from '@bo/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { SeedContext } from '../../seed/context.js';
import { demoActors, withPrivileges } from '../../seed/demoSteps.js';
import {
  assessScales,
  courseAuthorities,
  courseAuthorityRanks,
  courses,
  employees,
  students,
} from '../../db/schema.js';
import { assessTaskCancel, assessTaskInfo, assessTaskRecord, assessTaskSave } from './assessTasks.js';
import { addStudents, classSave } from './classes.js';
import { PLANNER_PRIVILEGES } from './common.js';
import { itemSave, release } from './degrees.js';
import { holidaySave } from './settings.js';
import { classrooms, degrees } from './tables.js';

const CAMPUS = 'SH01';
const DAY = 86_400_000;
const dayOf = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function seedTeachingServicesDemo({ db, now, wiring }: SeedContext) {
  const actors = await demoActors(db, { scheduler: [ROLE.academic], admin: [ROLE.admin] });
  if (!actors) return;
  const { admin } = actors;
  const scheduler = withPrivileges(actors.scheduler, [
    ...PLANNER_PRIVILEGES,
    '/education/adminAssessment',
    '/students/degreeManagement',
  ]);
  const at = (days: number) => ({ db, ...wiring, now: () => new Date(now.getTime() + days * DAY) });
  const day = (days: number) => dayOf(new Date(now.getTime() + days * DAY));

  // ---- calendar: the national holidays around today (every campus), and SH01's own events ----
  const year = Number(day(0).slice(0, 4));
  const holidays: Array<[string, string, string]> = [
    ['国庆节', `${year - 1}-10-01`, `${year - 1}-10-07`],
    ['元旦', `${year}-01-01`, `${year}-01-01`],
    ['劳动节', `${year}-05-01`, `${year}-05-05`],
    ['国庆节', `${year}-10-01`, `${year}-10-07`],
    ['元旦', `${year + 1}-01-01`, `${year + 1}-01-01`],
  ];
  const lessonsFrom = day(-21);
  for (const [name, startDate, endDate] of holidays) {
    // A holiday is refused on days with booked lessons: the demo's lessons lie in the last weeks.
    if (endDate >= lessonsFrom && startDate <= day(0)) continue;
    await holidaySave(at(-200), admin, { kind: 'holiday', name, startDate, endDate, remark: '法定节假日' });
  }
  const events: Array<[string, number, number, string]> = [
    ['家长开放日', -45, -45, '邀请在读家庭参观课堂，展示训练成果'],
    ['教师教研培训', -16, -16, '全体教师参加 ABA 教学法研讨'],
    ['亲子运动会', 12, 12, '在读学员与家长参加，地点：中心活动室'],
    ['季度康复评估周', 24, 28, '为在读学员完成季度评估'],
  ];
  for (const [name, from, to, remark] of events)
    await holidaySave(at(Math.min(from, 0) - 10), scheduler, {
      schoolItemCode: CAMPUS,
      kind: 'event',
      name,
      startDate: day(from),
      endDate: day(to),
      remark,
    });

  // ---- group classes: teachers of SH01 with a course they may teach ----
  const teachers = await db
    .select({ code: employees.code, name: employees.name, course: courses.code })
    .from(employees)
    .innerJoin(courseAuthorities, eq(courseAuthorities.employeeCode, employees.code))
    .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
    .innerJoin(courses, eq(courses.rankCode, courseAuthorityRanks.courseRankCode))
    .where(
      and(
        eq(employees.schoolItemCode, CAMPUS),
        eq(employees.postCode, 'TEACHER'),
        eq(employees.status, EMPLOYEE_STATUS.employed),
        eq(courseAuthorities.validStatus, 1),
        eq(courses.validStatus, 1),
      ),
    )
    .orderBy(asc(employees.code), asc(courses.code));
  const byTeacher = new Map<string, { code: string; course: string }>();
  for (const t of teachers) if (!byTeacher.has(t.code)) byTeacher.set(t.code, t);
  const staff = [...byTeacher.values()];
  const rooms = await db
    .select({ id: classrooms.id, name: classrooms.name })
    .from(classrooms)
    .where(eq(classrooms.schoolItemCode, CAMPUS))
    .orderBy(asc(classrooms.id));
  const room = (name: string) => rooms.find((r) => r.name === name)?.id ?? null;
  const kids = (
    await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolItemCode, CAMPUS), eq(students.status, STUDENT_STATUS.reading)))
      .orderBy(asc(students.id))
  ).map((s) => s.id);
  if (!staff.length || kids.length < 2) return;
  const classes: Array<{ name: string; room: string; capacity: number; members: number[] }> = [
    { name: '感统小组 A 班', room: '感统训练室', capacity: 4, members: kids.slice(0, 3) },
    { name: '社交沟通小组', room: '集体课教室', capacity: 8, members: kids.slice(1, 6) },
    { name: '学前融合预备班', room: '集体课教室', capacity: 8, members: kids.slice(2, 5) },
  ];
  const made: Array<{ id: number; teacher: string }> = [];
  for (const [i, c] of classes.entries()) {
    const t = staff[i % staff.length];
    if (!t) continue;
    const { id } = await classSave(at(-40 + i), scheduler, {
      schoolItemCode: CAMPUS,
      name: c.name,
      courseCode: t.course,
      teacherCode: t.code,
      classroomId: room(c.room),
      capacity: c.capacity,
      remark: '',
    });
    await addStudents(at(-40 + i), scheduler, { classId: id, studentIds: c.members });
    made.push({ id, teacher: t.code });
  }

  // ---- assessment tasks: done (every member assessed), pending (one recorded), cancelled ----
  const scales = await db
    .select({ code: assessScales.code, items: assessScales.items })
    .from(assessScales)
    .where(eq(assessScales.validStatus, 1))
    .orderBy(asc(assessScales.code));
  const scale = (i: number) => scales[i % Math.max(scales.length, 1)];
  const assessor = (code: string) => ({ ...scheduler, employeeCode: code });
  const record = async (
    taskId: number,
    code: string,
    items: Array<{ name: string; maxScore: number }>,
    when: number,
    count: number,
  ) => {
    const info = await assessTaskInfo(at(when), assessor(code), taskId);
    for (const [k, m] of info.members.slice(0, count).entries())
      await assessTaskRecord(at(when), assessor(code), {
        taskId,
        studentId: m.studentId,
        version: m.version,
        assessedOn: day(when),
        answers: items.map((it, j) => ({
          name: it.name,
          score: Math.max(0, it.maxScore - ((k + j) % 3)),
        })),
        conclusion:
          k % 2 ? '注意力持续时间较上月延长，社交主动性仍需加强' : '各项能力稳步提升，指令理解明显进步',
        suggestion: '保持每周两次小组课，家庭中多做轮流等待的游戏',
        submit: true,
      });
  };
  const [first, second, third] = made;
  const s0 = scale(0);
  const s1 = scale(1);
  if (first && s0) {
    const done = await assessTaskSave(at(-30), scheduler, {
      classId: first.id,
      scaleCode: s0.code,
      assessorCode: first.teacher,
      dueDate: day(-20),
      remark: '月度小组评估',
    });
    await record(done.id, first.teacher, s0.items, -22, done.members.length);
  }
  if (second && s1) {
    const pending = await assessTaskSave(at(-3), scheduler, {
      classId: second.id,
      scaleCode: s1.code,
      assessorCode: second.teacher,
      dueDate: day(7),
      remark: '季度评估，请在评估周内完成',
    });
    await record(pending.id, second.teacher, s1.items, -1, 1);
  }
  if (third && s0) {
    const wrong = await assessTaskSave(at(-8), scheduler, {
      classId: third.id,
      scaleCode: s0.code,
      assessorCode: third.teacher,
      dueDate: day(5),
      remark: '',
    });
    await assessTaskCancel(at(-7), scheduler, {
      id: wrong.id,
      version: wrong.version,
      reason: '量表选错，改用学前准备量表重新布置',
    });
  }
  if (first && s1)
    await assessTaskSave(at(-2), scheduler, {
      classId: first.id,
      scaleCode: s1.code,
      assessorCode: first.teacher,
      dueDate: day(10),
      remark: '入学三个月复评',
    });

  // ---- seats: held by a formal student (time only), a booking, an assist task; one released ----
  const seat = async (
    teacher: { code: string; course: string } | undefined,
    start: string,
    end: string,
    type: 'FORMAL_STUDENT' | 'BOOK_STUDENT' | 'ASSIST_TASK' | 'GROUP_COURSE',
    target: number | undefined,
    weekdays: string[],
    from: number,
    to: number,
  ) => {
    if (!teacher || !target) return;
    await itemSave(at(from - 2), scheduler, {
      schoolItemCode: CAMPUS,
      teacherCode: teacher.code,
      ...(type === 'FORMAL_STUDENT' ? { courseCode: teacher.course } : {}),
      timespanStart: start,
      timespanEnd: end,
      shiftType: 1,
      timeType: 1,
      degreeType: type,
      targetId: target,
      frequencyType: 'WEEKLY',
      frequencyConfig: weekdays,
      startDate: day(from),
      endDate: day(to),
      // The seat holds the time; the demo's lessons are booked on the timetable by themselves.
      recordAttendance: false,
      hours: 1,
    });
  };
  const [t1, t2, t3] = [staff[1], staff[2], staff[0]];
  await seat(t1, '09:00', '10:00', 'FORMAL_STUDENT', kids[0], ['2', '4'], -30, 150);
  await seat(t1, '10:30', '11:30', 'BOOK_STUDENT', kids[1], ['3', '5'], 3, 60);
  await seat(t2, '13:30', '14:30', 'FORMAL_STUDENT', kids[2], ['2', '3', '4'], -10, 170);
  await seat(t2, '17:00', '18:00', 'ASSIST_TASK', kids[3], ['6'], -60, 120);
  await seat(t3, '08:30', '09:30', 'FORMAL_STUDENT', kids[4] ?? kids[0], ['7'], -90, 90);
  // The first group class's weekly seat (its teacher's).
  const groupTeacher = staff.find((x) => x.code === first?.teacher);
  await seat(groupTeacher, '15:30', '16:30', 'GROUP_COURSE', first?.id, ['7'], -40, 140);
  const [released] = await db
    .select({ id: degrees.id, version: degrees.version })
    .from(degrees)
    .where(and(eq(degrees.schoolItemCode, CAMPUS), eq(degrees.teacherCode, t2?.code ?? '')))
    .orderBy(asc(degrees.startMinute))
    .limit(1);
  if (released) await release(at(0), scheduler, { id: released.id, version: released.version });
}
