import { describe, expect, it } from 'vitest';
import { createClickThrottle } from './throttle.js';

function clock(start = 1000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createClickThrottle', () => {
  it('swallows calls inside the default 2000 ms window after an accepted call', () => {
    const c = clock();
    const calls: number[] = [];
    const click = createClickThrottle({ now: c.now })((n: number) => {
      calls.push(n);
      return n * 2;
    });
    expect(click(1)).toBe(2);
    c.advance(1999);
    expect(click(2)).toBeUndefined();
    c.advance(1);
    expect(click(3)).toBe(6);
    c.advance(500);
    expect(click(4)).toBeUndefined();
    expect(calls).toEqual([1, 3]);
  });

  it('measures the window from the accepted call, not from swallowed ones', () => {
    const c = clock();
    let n = 0;
    const click = createClickThrottle({ windowMs: 100, now: c.now })(() => ++n);
    click();
    for (let i = 0; i < 9; i++) {
      c.advance(10);
      click();
    }
    c.advance(10);
    click();
    expect(n).toBe(2);
  });

  it('keeps a separate window per wrapped function', () => {
    const c = clock();
    const throttle = createClickThrottle({ now: c.now });
    let a = 0;
    let b = 0;
    const fa = throttle(() => ++a);
    const fb = throttle(() => ++b);
    fa();
    fb();
    fa();
    expect([a, b]).toEqual([1, 1]);
  });
});
