// Group classes and their members. Joining a class books the student into its coming lessons under
// the conflict rules (all or nothing); leaving releases the coming unsigned ones.
import { and, asc, count, eq, gte, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { TClassStudentRow, TGroupClassInputParsed, TGroupClassRow } from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { assertCampus, type AuthUser } from '../../http/auth.js';
import { badInput, conflict, joined, notFound, prefixed } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { must } from '../../shared/must.js';
import { balances } from '../ledger/index.js';
import { students } from '../students/index.js';
import { assertCampusExists } from '../organisation/index.js';
import { courseAuthorities, courseAuthorityRanks } from '../../db/schema.js';
import { namesOf, q100, today, type Deps } from './common.js';
import { FIELD_OF, courseOf, findConflicts, lockResources } from './conflicts.js';
import {
  attendances,
  classrooms,
  groupClassStudents,
  groupClasses,
  lessonStudents,
  lessons,
} from './tables.js';
import { nextNumbered } from '../../db/numbering.js';
import { joinOpenTasks, leaveTasks } from './assessTasks.js';
import { STUDENT_STATUS } from '@bo/domain';
import { LESSON, LESSON_STUDENT, LESSON_STUDENT_MACHINE } from './states.js';
import { updateVersioned } from '../../shared/versioned.js';

async function loadClass(tx: DbOrTx, u: AuthUser, id: number, lock = false) {
  const q = tx.select().from(groupClasses).where(eq(groupClasses.id, id));
  const [c] = lock ? await q.for('update') : await q;
  if (!c) throw notFound('班级 / group class');
  assertCampus(u, c.schoolItemCode);
  return c;
}

export async function classPage(
  deps: Deps,
  u: AuthUser,
  q: {
    schoolItemCode: string;
    name?: string | undefined;
    status?: number | undefined;
    pageIdx: number;
    pageSize: number;
  },
) {
  assertCampus(u, q.schoolItemCode);
  const w = and(
    eq(groupClasses.schoolItemCode, q.schoolItemCode),
    q.name ? ilike(groupClasses.name, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.status === undefined ? undefined : eq(groupClasses.status, q.status),
  );
  const [total] = await deps.db.select({ n: count() }).from(groupClasses).where(w);
  const rows = await deps.db
    .select({
      c: groupClasses,
      n: sql<number>`(select count(*)::int from ${groupClassStudents} m where m.class_id = ${groupClasses.id})`,
    })
    .from(groupClasses)
    .where(w)
    .orderBy(asc(groupClasses.name), asc(groupClasses.id))
    .limit(q.pageSize)
    .offset((q.pageIdx - 1) * q.pageSize);
  const names = await namesOf(deps.db, {
    courseCodes: rows.map((r) => r.c.courseCode),
    teacherCodes: rows.map((r) => r.c.teacherCode),
    roomIds: rows.flatMap((r) => (r.c.classroomId ? [r.c.classroomId] : [])),
  });
  const list: TGroupClassRow[] = rows.map(({ c, n }) => ({
    id: c.id,
    code: c.code,
    schoolItemCode: c.schoolItemCode,
    name: c.name,
    courseCode: c.courseCode,
    courseName: names.course.get(c.courseCode)?.name ?? c.courseCode,
    teacherCode: c.teacherCode,
    teacherName: names.teacher.get(c.teacherCode) ?? c.teacherCode,
    classroomId: c.classroomId,
    classroomName: c.classroomId ? (names.room.get(c.classroomId) ?? null) : null,
    capacity: c.capacity,
    studentCount: Number(n),
    status: c.status,
    remark: c.remark,
    version: c.version,
  }));
  return { list, total: Number(total?.n ?? 0), pageIdx: q.pageIdx, pageSize: q.pageSize };
}

export async function classSave(deps: Deps, u: AuthUser, b: TGroupClassInputParsed): Promise<{ id: number }> {
  assertCampus(u, b.schoolItemCode);
  return deps.db.transaction(async (tx) => {
    await assertCampusExists(tx, b.schoolItemCode);
    if (b.classroomId) {
      const [room] = await tx
        .select({ id: classrooms.id })
        .from(classrooms)
        .where(and(eq(classrooms.id, b.classroomId), eq(classrooms.schoolItemCode, b.schoolItemCode)));
      if (!room)
        throw badInput('classroomId', 'classroomId: 该校区没有这间教室 / no such classroom at the campus');
    }
    const course = await courseOf(tx, b.courseCode);
    if (!course) throw badInput('courseCode', '课程不存在 / no such course');
    const [auth] = await tx
      .select({ id: courseAuthorities.id })
      .from(courseAuthorities)
      .innerJoin(courseAuthorityRanks, eq(courseAuthorityRanks.authorityId, courseAuthorities.id))
      .where(
        and(
          eq(courseAuthorities.employeeCode, b.teacherCode),
          eq(courseAuthorities.validStatus, 1),
          eq(courseAuthorityRanks.courseRankCode, course.rankCode),
        ),
      )
      .limit(1);
    if (!auth)
      throw conflict(
        `该教师没有课程「${course.name}」的授课权限 / the teacher lacks the authority for course "${course.name}"`,
        'teacherCode',
      );
    const values = {
      schoolItemCode: b.schoolItemCode,
      name: b.name,
      courseCode: b.courseCode,
      teacherCode: b.teacherCode,
      classroomId: b.classroomId ?? null,
      capacity: b.capacity,
      remark: b.remark,
    };
    if (!b.id) {
      const { id, code } = await nextNumbered(tx, groupClasses, { prefix: 'BJ', digits: 8 });
      await tx.insert(groupClasses).values({ ...values, id, code, createdBy: u.id });
      return { id };
    }
    const cur = await loadClass(tx, u, b.id);
    if (cur.schoolItemCode !== b.schoolItemCode || cur.courseCode !== b.courseCode)
      throw badInput('courseCode', '班级的校区和课程不能修改 / a class keeps its campus and course');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(groupClassStudents)
      .where(eq(groupClassStudents.classId, b.id));
    if (Number(n) > b.capacity)
      throw badInput('capacity', `班级已有 ${n} 名学员 / the class has ${n} students`);
    await updateVersioned(tx, groupClasses, {
      where: eq(groupClasses.id, b.id),
      version: b.version ?? 0,
      set: values,
      at: deps.now(),
    });
    return { id: b.id };
  });
}

async function remainingOf(tx: DbOrTx, ids: number[], courseCode: string) {
  const out = new Map<number, number>();
  for (const id of ids) {
    const items = await balances(tx, { studentId: id, courseCode });
    out.set(
      id,
      items.reduce((s, b) => s + Math.max(0, b.remaining100), 0),
    );
  }
  return out;
}

export async function classStudents(deps: Deps, u: AuthUser, id: number): Promise<TClassStudentRow[]> {
  const c = await loadClass(deps.db, u, id);
  const rows = await deps.db
    .select({ id: students.id, code: students.code, name: students.name })
    .from(groupClassStudents)
    .innerJoin(students, eq(students.id, groupClassStudents.studentId))
    .where(eq(groupClassStudents.classId, id))
    .orderBy(asc(students.name));
  const rem = await remainingOf(
    deps.db,
    rows.map((r) => r.id),
    c.courseCode,
  );
  return rows.map((r) => ({
    studentId: r.id,
    studentCode: r.code,
    studentName: r.name,
    remainingHours: (rem.get(r.id) ?? 0) / 100,
  }));
}

export async function addStudents(deps: Deps, u: AuthUser, b: { classId: number; studentIds: number[] }) {
  await deps.db.transaction(async (tx) => {
    // The class row locked: an assessment task made meanwhile sees the members before or after.
    const c = await loadClass(tx, u, b.classId, true);
    const ids = [...new Set(b.studentIds)];
    const found = await tx.select().from(students).where(inArray(students.id, ids));
    for (const id of ids) {
      const s = found.find((f) => f.id === id);
      if (!s || s.status === STUDENT_STATUS.deleted)
        throw badInput('studentIds', `学员 ${id} 不存在 / no student ${id}`);
      if (s.schoolItemCode !== c.schoolItemCode)
        throw badInput(
          'studentIds',
          `学员 ${s.name} 不属于本校区 / student ${s.name} belongs to another campus`,
        );
    }
    const members = await tx
      .select({ id: groupClassStudents.studentId })
      .from(groupClassStudents)
      .where(eq(groupClassStudents.classId, c.id));
    const fresh = ids.filter((id) => !members.some((m) => m.id === id));
    if (members.length + fresh.length > c.capacity)
      throw conflict(
        `班级最多 ${c.capacity} 人 / the class holds at most ${c.capacity} students`,
        'studentIds',
      );
    if (!fresh.length) return;
    await lockResources(tx, { teacherCodes: [], roomIds: [], studentIds: fresh });
    // The class's coming lessons, each checked for the new students (time, hours, leave, room size).
    const coming = await tx
      .select()
      .from(lessons)
      .where(
        and(
          eq(lessons.classId, c.id),
          eq(lessons.status, LESSON.scheduled),
          gte(lessons.lessonDate, today(deps)),
        ),
      )
      .orderBy(asc(lessons.lessonDate), asc(lessons.startMinute));
    const claimed = new Map<number, number>();
    for (const l of coming) {
      const booked = await tx
        .select({ id: lessonStudents.studentId })
        .from(lessonStudents)
        .where(and(eq(lessonStudents.lessonId, l.id), eq(lessonStudents.status, LESSON_STUDENT.booked)));
      const found = await findConflicts(
        tx,
        {
          schoolItemCode: l.schoolItemCode,
          courseCode: l.courseCode,
          teacherCode: l.teacherCode,
          classroomId: l.classroomId,
          kind: l.kind,
          lessonDate: l.lessonDate,
          startMinute: l.startMinute,
          endMinute: l.endMinute,
          hours100: q100(l.hours),
          studentIds: fresh,
        },
        { exclude: [l.id], claimed, leaves: deps.ports.leaves },
      );
      // What the newcomers bring: their own time, hours and leave; the room's size counts everyone.
      const relevant = found.filter((x) => x.kind === 'student' || x.kind === 'hours' || x.kind === 'leave');
      if (l.classroomId) {
        const [room] = await tx.select().from(classrooms).where(eq(classrooms.id, l.classroomId));
        if (room && room.capacity < booked.length + fresh.length)
          relevant.push({
            kind: 'capacity',
            message: `教室 ${room.name} 最多容纳 ${room.capacity} 人 / room ${room.name} holds ${room.capacity}`,
          });
      }
      if (relevant.length) {
        const first = must(relevant[0], 'conflict');
        throw conflict(
          prefixed(`${l.lessonDate}：`, joined(relevant.map((x) => x.message))),
          FIELD_OF[first.kind],
        );
      }
      for (const sid of fresh) claimed.set(sid, (claimed.get(sid) ?? 0) + q100(l.hours));
      for (const sid of fresh)
        await tx
          .insert(lessonStudents)
          .values({ lessonId: l.id, studentId: sid, createdAt: deps.now() })
          .onConflictDoUpdate({
            target: [lessonStudents.lessonId, lessonStudents.studentId],
            // The machine's `book` is allowed from every state: joining again revives the row.
            set: { status: LESSON_STUDENT.booked },
          });
    }
    await tx
      .insert(groupClassStudents)
      .values(fresh.map((studentId) => ({ classId: c.id, studentId, joinedAt: deps.now() })));
    await joinOpenTasks(deps, tx, u.id, c.id, fresh);
    await writeAudit(tx, {
      action: 'teaching.class.addStudents',
      target: String(c.id),
      detail: { studentIds: fresh },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}

export async function removeStudent(deps: Deps, u: AuthUser, b: { classId: number; studentId: number }) {
  await deps.db.transaction(async (tx) => {
    const c = await loadClass(tx, u, b.classId, true);
    const gone = await tx
      .delete(groupClassStudents)
      .where(and(eq(groupClassStudents.classId, c.id), eq(groupClassStudents.studentId, b.studentId)))
      .returning({ id: groupClassStudents.studentId });
    if (!gone.length) throw notFound('班级学员 / class member');
    await leaveTasks(tx, c.id, b.studentId);
    const coming = await tx
      .select({ id: lessonStudents.id })
      .from(lessonStudents)
      .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
      .leftJoin(
        attendances,
        and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
      )
      .where(
        and(
          eq(lessons.classId, c.id),
          eq(lessonStudents.studentId, b.studentId),
          eq(lessonStudents.status, LESSON_STUDENT.booked),
          gte(lessons.lessonDate, today(deps)),
          isNull(attendances.id),
        ),
      );
    if (coming.length)
      await tx
        .update(lessonStudents)
        .set({ status: LESSON_STUDENT_MACHINE.nextCode('remove', LESSON_STUDENT.booked) })
        .where(
          inArray(
            lessonStudents.id,
            coming.map((r) => r.id),
          ),
        );
    await writeAudit(tx, {
      action: 'teaching.class.removeStudent',
      target: String(c.id),
      detail: { studentId: b.studentId },
      userId: u.id,
      username: u.username,
    });
  });
  return true as const;
}
