// The teaching records' states (docs/teaching.md): lessons, who a lesson is for, seats (degrees) and
// their items as machines on the shared module (every move asks `nextCode`), group classes' open flag.
import { defineCodedStateMachine } from '../../shared/stateMachine.js';

/** Who moves a teaching record: campus staff (the timetable), or the system (a seat, leave or refund). */
export type TeachingActor = 'staff' | 'system';

export const LESSON_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '课程', en: 'lesson' },
  field: 'status',
  codes: { scheduled: 10, cancelled: 90 },
  names: { scheduled: '正常', cancelled: '已取消' },
  rules: {
    /** The timetable cancels a lesson (not confirmed, not signed). */
    cancel: { from: ['scheduled'], to: 'cancelled', who: ['staff'] },
    /** A seat item released or rebooked frees the lessons it booked (unconfirmed, unsigned). */
    free: { from: ['scheduled'], to: 'cancelled', who: ['system'] },
  },
});
/** Lesson status codes: 10 scheduled, 90 cancelled. */
export const LESSON = LESSON_MACHINE.code;

export const LESSON_STUDENT_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '课程学员', en: 'lesson booking' },
  field: 'status',
  codes: { booked: 10, released: 20, removed: 90 },
  names: { booked: '已约', released: '已释放', removed: '已移除' },
  rules: {
    /** Booked (again): a lesson placed for the student, or the student joined the lesson's class. */
    book: { from: ['booked', 'released', 'removed'], to: 'booked', who: ['staff'] },
    /** An approved leave, a make-up withdrawn or a refund that took the hours releases the booking. */
    release: { from: ['booked'], to: 'released', who: ['system'] },
    /** The student left the lesson's group class. */
    remove: { from: ['booked'], to: 'removed', who: ['staff'] },
  },
});
/** Lesson booking status codes: 10 booked, 20 released, 90 removed. */
export const LESSON_STUDENT = LESSON_STUDENT_MACHINE.code;

export const DEGREE_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '学位', en: 'seat' },
  field: 'status',
  codes: { held: 10, released: 90 },
  names: { held: '占用中', released: '已释放' },
  rules: { release: { from: ['held'], to: 'released', who: ['staff'] } },
});
/** Seat (degree) status codes: 10 held, 90 released. */
export const DEGREE = DEGREE_MACHINE.code;

export const DEGREE_ITEM_MACHINE = defineCodedStateMachine({
  subject: { 'zh-CN': '学位明细', en: 'seat item' },
  field: 'status',
  codes: { live: 10, deleted: 90 },
  names: { live: '有效', deleted: '已删除' },
  rules: { delete: { from: ['live'], to: 'deleted', who: ['staff'] } },
});
/** Seat item status codes: 10 live, 90 deleted. */
export const DEGREE_ITEM = DEGREE_ITEM_MACHINE.code;

/** Group class status codes (an open flag, no moves of its own): 1 open, 0 closed. */
export const GROUP_CLASS = { open: 1, closed: 0 } as const;
