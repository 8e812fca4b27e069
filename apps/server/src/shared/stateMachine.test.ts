import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { APPROVAL_CODE } from '@bo/domain';
import { checkVersion, defineCodedStateMachine, defineStateMachine } from './stateMachine.js';
import { LESSON, LESSON_MACHINE, LESSON_STUDENT, LESSON_STUDENT_MACHINE } from '../slices/teaching/states.js';
import { DEGREE, DEGREE_ITEM, DEGREE_ITEM_MACHINE, DEGREE_MACHINE } from '../slices/teaching/states.js';
import { TB, TERM_BILL_MACHINE } from '../slices/termBills/states.js';
import { APPROVAL_MACHINE } from '../slices/approvals/states.js';
import { SALARY_PERIOD, SALARY_PERIOD_MACHINE } from '../slices/employees/states.js';

const m = defineStateMachine({
  subject: { 'zh-CN': '订单', en: 'order' },
  field: 'status',
  names: { draft: '草稿', pending: '待审批', paid: '已支付' },
  rules: {
    submit: { from: ['draft'], to: 'pending', who: ['owner'], approval: true },
    reject: { from: ['pending'], to: 'previous', who: ['approver'] },
    note: { from: ['draft', 'pending'], to: 'same', who: ['owner', 'approver'] },
    pay: { from: ['pending'], to: 'paid', who: ['approver'] },
  },
});

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
};

describe('the shared state machine', () => {
  it('moves by the table: a target, the same state, or the previous one', () => {
    expect(m.next('submit', 'draft')).toBe('pending');
    expect(m.next('note', 'pending')).toBe('pending');
    expect(m.next('reject', 'pending', 'draft')).toBe('draft');
  });

  it('refuses an illegal move with 422 naming the action, the state and the field', () => {
    const e = refusal(() => m.next('pay', 'draft'));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 422, field: 'status' });
    expect((e as Error).message).toContain('订单当前状态「草稿」');
    expect((e as Error).message).toContain('action "pay" is not allowed on a order in state "draft"');
  });

  it('lists the actions a role may take from a state', () => {
    expect(m.can('pay', 'pending')).toBe(true);
    expect(m.allowed('pending', (who) => who.includes('approver'))).toEqual(['reject', 'note', 'pay']);
    expect(m.allowed('draft', (who) => who.includes('approver'))).toEqual(['note']);
  });

  it('refuses a stale version with 409', () => {
    expect(() => checkVersion(3, undefined)).not.toThrow();
    expect(refusal(() => checkVersion(3, 2))).toMatchObject({ code: 409 });
  });
});

/** The refusal's message (a 422 on the status field), to check it names the action and the state. */
const refusalOf = (f: () => unknown) => {
  const e = refusal(f);
  expect(e).toBeInstanceOf(AppError);
  expect(e).toMatchObject({ code: 422, field: 'status' });
  return (e as Error).message;
};

describe('machines over stored status codes', () => {
  const coded = defineCodedStateMachine({
    subject: { 'zh-CN': '课程', en: 'lesson' },
    field: 'status',
    codes: { on: 10, off: 90 },
    aliases: { 15: 'on' },
    names: { on: '正常', off: '已取消' },
    rules: { stop: { from: ['on'], to: 'off', who: ['staff'] } },
  });

  it('moves codes by the table, reading an alias as its state', () => {
    expect(coded.nextCode('stop', 10)).toBe(90);
    expect(coded.nextCode('stop', 15)).toBe(90);
    expect(coded.stateOf(15)).toBe('on');
    expect(coded.canCode('stop', 90)).toBe(false);
    expect(coded.canCode('stop', 77)).toBe(false);
  });

  it('refuses a move from a code whose state does not allow it, and an unknown code as a bug', () => {
    expect(refusalOf(() => coded.nextCode('stop', 90))).toContain('in state "off"');
    expect(() => coded.nextCode('stop', 77)).toThrow('unknown lesson status 77');
  });
});

describe('the teaching, term bill, approval and salary period machines', () => {
  it('lessons: a scheduled lesson is cancelled or freed; a cancelled one is refused', () => {
    expect(LESSON_MACHINE.nextCode('cancel', LESSON.scheduled)).toBe(LESSON.cancelled);
    expect(LESSON_MACHINE.nextCode('free', LESSON.scheduled)).toBe(90);
    const m = refusalOf(() => LESSON_MACHINE.nextCode('cancel', LESSON.cancelled));
    expect(m).toContain('课程当前状态「已取消」');
    expect(m).toContain('action "cancel" is not allowed on a lesson in state "cancelled"');
  });

  it('lesson bookings: released and removed from booked only; booked again from any state', () => {
    expect(LESSON_STUDENT_MACHINE.nextCode('release', LESSON_STUDENT.booked)).toBe(20);
    expect(LESSON_STUDENT_MACHINE.nextCode('remove', LESSON_STUDENT.booked)).toBe(90);
    expect(LESSON_STUDENT_MACHINE.nextCode('book', LESSON_STUDENT.removed)).toBe(10);
    expect(refusalOf(() => LESSON_STUDENT_MACHINE.nextCode('release', LESSON_STUDENT.removed))).toContain(
      'in state "removed"',
    );
  });

  it('seats and seat items: released / deleted once', () => {
    expect(DEGREE_MACHINE.nextCode('release', DEGREE.held)).toBe(DEGREE.released);
    expect(refusalOf(() => DEGREE_MACHINE.nextCode('release', DEGREE.released))).toContain(
      '学位当前状态「已释放」',
    );
    expect(DEGREE_ITEM_MACHINE.nextCode('delete', DEGREE_ITEM.live)).toBe(DEGREE_ITEM.deleted);
    expect(refusalOf(() => DEGREE_ITEM_MACHINE.nextCode('delete', DEGREE_ITEM.deleted))).toContain(
      'in state "deleted"',
    );
  });

  it('term bills: a pending bill is approved, rejected or cancelled; an active one is refused', () => {
    expect(TERM_BILL_MACHINE.nextCode('approve', TB.pending)).toBe(TB.active);
    expect(TERM_BILL_MACHINE.nextCode('reject', TB.pending)).toBe(TB.rejected);
    expect(TERM_BILL_MACHINE.nextCode('cancel', TB.pending)).toBe(TB.cancelled);
    const m = refusalOf(() => TERM_BILL_MACHINE.nextCode('reject', TB.active));
    expect(m).toContain('分期当前状态「已生效」');
    expect(m).toContain('action "reject" is not allowed on a term bill in state "active"');
  });

  it('approval requests: open requests are decided; only a passed one (15 or 20) is revoked', () => {
    expect(APPROVAL_MACHINE.nextCode('passStep', APPROVAL_CODE.WAIT)).toBe(APPROVAL_CODE.DEFAULT);
    expect(APPROVAL_MACHINE.nextCode('pass', APPROVAL_CODE.DEFAULT)).toBe(APPROVAL_CODE.PASS);
    expect(APPROVAL_MACHINE.nextCode('reject', APPROVAL_CODE.WAIT)).toBe(APPROVAL_CODE.REJECT);
    expect(APPROVAL_MACHINE.nextCode('cancel', APPROVAL_CODE.DEFAULT)).toBe(APPROVAL_CODE.CANCEL);
    expect(APPROVAL_MACHINE.nextCode('close', APPROVAL_CODE.WAIT)).toBe(APPROVAL_CODE.REJECT);
    expect(APPROVAL_MACHINE.nextCode('revoke', 15)).toBe(APPROVAL_CODE.REVOKE);
    expect(refusalOf(() => APPROVAL_MACHINE.nextCode('pass', APPROVAL_CODE.REJECT))).toContain(
      '审批申请当前状态「已驳回」',
    );
    expect(refusalOf(() => APPROVAL_MACHINE.nextCode('revoke', APPROVAL_CODE.WAIT))).toContain(
      'in state "waiting"',
    );
  });

  it('salary periods: an open period closes, a closed one reopens, not twice', () => {
    expect(SALARY_PERIOD_MACHINE.nextCode('close', SALARY_PERIOD.open)).toBe(SALARY_PERIOD.closed);
    expect(SALARY_PERIOD_MACHINE.nextCode('reopen', SALARY_PERIOD.closed)).toBe(SALARY_PERIOD.open);
    expect(refusalOf(() => SALARY_PERIOD_MACHINE.nextCode('close', SALARY_PERIOD.closed))).toContain(
      '薪酬期间当前状态「已关闭」',
    );
  });
});
