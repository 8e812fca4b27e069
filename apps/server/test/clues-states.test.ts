// The transition table itself: every legal move answers its target, every other state is refused with 422.
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/errors.js';
import {
  CLUE_STATES,
  TRANSITIONS,
  transition,
  type ClueAction,
  type TransitionRule,
} from '../src/slices/clues/states.js';

describe('clue transition table', () => {
  it('answers the documented target for legal moves', () => {
    expect(transition('distribute', 'pool')).toBe('following');
    expect(transition('claim', 'high_sea')).toBe('following');
    expect(transition('scheduleVisit', 'following')).toBe('visit_scheduled');
    expect(transition('confirmVisit', 'visit_scheduled')).toBe('visited');
    expect(transition('assess', 'visited')).toBe('assessed');
    expect(transition('convert', 'assessed')).toBe('converted');
    expect(transition('abandonRequest', 'visited')).toBe('abandon_pending');
    expect(transition('abandonApprove', 'abandon_pending')).toBe('high_sea');
    expect(transition('abandonReject', 'abandon_pending', 'visited')).toBe('visited');
    expect(transition('invalidApprove', 'invalid_pending')).toBe('invalid');
    expect(transition('follow', 'assessed')).toBe('assessed');
    expect(transition('recycle', 'following')).toBe('high_sea');
  });

  it('refuses every move from a state outside its table row with a 422 naming action and state', () => {
    let refused = 0;
    for (const action of Object.keys(TRANSITIONS) as ClueAction[]) {
      const rule: TransitionRule = TRANSITIONS[action];
      for (const s of CLUE_STATES) {
        if (rule.from.includes(s)) {
          expect(() => transition(action, s, 'following')).not.toThrow();
        } else {
          refused++;
          try {
            transition(action, s);
            throw new Error(`${action} from ${s} should be refused`);
          } catch (e) {
            expect(e).toBeInstanceOf(AppError);
            expect((e as AppError).httpStatus).toBe(422);
            expect((e as AppError).message).toContain(action);
            expect((e as AppError).message).toContain(s);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('keeps terminal states terminal except for the administrator’s correction', () => {
    for (const s of ['invalid', 'merged', 'converted'] as const) {
      const out = (Object.keys(TRANSITIONS) as ClueAction[]).filter((a) =>
        (TRANSITIONS[a] as TransitionRule).from.includes(s),
      );
      expect(out).toEqual(['correct']);
    }
  });
});
