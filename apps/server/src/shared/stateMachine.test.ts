import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { assertMoved, checkVersion, defineStateMachine } from './stateMachine.js';

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

  it('refuses a stale version and an update that touched no row with 409', () => {
    expect(() => checkVersion(3, undefined)).not.toThrow();
    expect(refusal(() => checkVersion(3, 2))).toMatchObject({ code: 409 });
    expect(refusal(() => assertMoved([]))).toMatchObject({ code: 409 });
    expect(() => assertMoved([{ id: 1 }])).not.toThrow();
  });
});
