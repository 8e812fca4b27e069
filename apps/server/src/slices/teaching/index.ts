// The teaching slice's public face (issue 15). Billing reads holidays; the absences slice releases
// a student's lessons on an approved leave and tells scheduling who is on leave; a seat (degree)
// books its recurring lessons through insertLessons; the class-hour demo seed
// gives, signs and confirms lessons through insertLessons, sign and confirmLessons. docs/teaching.md describes the seams.
export { holidaysBetween } from './settings.js';
export {
  findConflicts,
  type LeaveSource,
  type LeavePeriod,
  type Conflict,
  type Placement,
} from './conflicts.js';
export {
  insertLessons,
  cancelLesson,
  releaseStudentLessons,
  bookMakeupLesson,
  releaseMakeupLesson,
  confirmLessons,
  type InsertInput,
  type MakeupBooking,
} from './lessons.js';
export { STATUS_RULES, ATTENDANCE_SOURCE, sign } from './attendance.js';
export { bookingsBeyondHours, releaseBookingsBeyondHours, type HourBooking } from './hourBookings.js';
export { lessons, lessonStudents, attendances, classrooms, calendarDays } from './tables.js';
export { teachingHandlers } from './handlers.js';
export {
  LESSON,
  LESSON_MACHINE,
  LESSON_STUDENT,
  LESSON_STUDENT_MACHINE,
  DEGREE,
  DEGREE_ITEM,
  GROUP_CLASS,
} from './states.js';
