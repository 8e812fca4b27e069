// Bookings beyond a student's hours (docs/decisions.md "A refund releases the lessons its hours
// booked"): a refund takes hours that unsigned lessons may have booked. Scheduling books a course
// only within the remaining hours (conflicts.ts, 'hours'); once a refund takes effect the lessons booked
// beyond what remains are released in the refund's transaction, the latest first, so the earliest
// lessons keep their seats. The refund form and its approval show the same list before it happens.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses } from '../../db/schema.js';
import { fromMinute } from './common.js';
import { CONSUMING_KINDS, remainingHours100 } from './conflicts.js';
import { attendances, lessonStudents, lessons, studyAuthorisations } from './tables.js';
import { LESSON, LESSON_STUDENT, LESSON_STUDENT_MACHINE } from './states.js';

export interface HourBooking {
  lessonId: number;
  courseCode: string;
  courseName: string;
  date: string;
  startTime: string;
  endTime: string;
  /** Hundredths of an hour the lesson draws. */
  hours100: number;
}

const q100 = (v: string) => Math.round(Number(v) * 100);

/**
 * The student's unsigned lessons of the course that `less100` fewer hours would leave without hours:
 * the latest booked first until what is booked fits what remains. None under a study authorisation
 * (booking beyond the paid hours was allowed on purpose).
 */
async function beyond(
  tx: DbOrTx,
  studentId: number,
  courseCode: string,
  less100: number,
): Promise<(HourBooking & { lessonStudentId: number })[]> {
  const [authorised] = await tx
    .select({ id: studyAuthorisations.id })
    .from(studyAuthorisations)
    .where(
      and(
        eq(studyAuthorisations.studentId, studentId),
        eq(studyAuthorisations.courseCode, courseCode),
        isNull(studyAuthorisations.revokedAt),
      ),
    )
    .limit(1);
  if (authorised) return [];
  const booked = await tx
    .select({
      lessonStudentId: lessonStudents.id,
      lessonId: lessons.id,
      date: lessons.lessonDate,
      start: lessons.startMinute,
      end: lessons.endMinute,
      hours: lessons.hours,
      courseName: courses.name,
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .leftJoin(courses, eq(courses.code, lessons.courseCode))
    .leftJoin(
      attendances,
      and(eq(attendances.lessonStudentId, lessonStudents.id), isNull(attendances.cancelledAt)),
    )
    .where(
      and(
        eq(lessonStudents.studentId, studentId),
        eq(lessonStudents.status, LESSON_STUDENT.booked),
        eq(lessons.status, LESSON.scheduled),
        eq(lessons.courseCode, courseCode),
        inArray(lessons.kind, CONSUMING_KINDS),
        isNull(attendances.id),
      ),
    )
    .orderBy(desc(lessons.lessonDate), desc(lessons.startMinute), desc(lessons.id));
  const left = (await remainingHours100(tx, studentId, courseCode)) - less100;
  let total = booked.reduce((s, b) => s + q100(b.hours), 0);
  const out: (HourBooking & { lessonStudentId: number })[] = [];
  for (const b of booked) {
    if (total <= left) break;
    total -= q100(b.hours);
    out.push({
      lessonStudentId: b.lessonStudentId,
      lessonId: b.lessonId,
      courseCode,
      courseName: b.courseName ?? courseCode,
      date: b.date,
      startTime: fromMinute(b.start),
      endTime: fromMinute(b.end),
      hours100: q100(b.hours),
    });
  }
  return out.reverse();
}

/** What a refund of `less100` hours of the course would release (the form and the approval show it). */
export async function bookingsBeyondHours(
  tx: DbOrTx,
  studentId: number,
  courseCode: string,
  less100: number,
): Promise<HourBooking[]> {
  return (await beyond(tx, studentId, courseCode, less100)).map(({ lessonStudentId: _, ...b }) => b);
}

/**
 * Releases (LESSON_STUDENT.released) the student's lessons of the course booked beyond the hours that remain now,
 * in the caller's transaction (a refund's, after its movements were posted). Returns them.
 */
export async function releaseBookingsBeyondHours(
  tx: DbOrTx,
  studentId: number,
  courseCode: string,
): Promise<HourBooking[]> {
  const rows = await beyond(tx, studentId, courseCode, 0);
  if (rows.length)
    await tx
      .update(lessonStudents)
      .set({ status: LESSON_STUDENT_MACHINE.nextCode('release', LESSON_STUDENT.booked) })
      .where(
        inArray(
          lessonStudents.id,
          rows.map((r) => r.lessonStudentId),
        ),
      );
  return rows.map(({ lessonStudentId: _, ...b }) => b);
}
