// Click throttle of spec §5: repeated clicks inside a window are swallowed. Pure: the clock is injected.
import { CLICK_THROTTLE_MS } from './constants.js';

/** Options of `createClickThrottle`. */
export interface ClickThrottleOptions {
  /** Window after an accepted call in which further calls are swallowed (default 2000 ms). */
  readonly windowMs?: number;
  /** Clock in ms (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * Makes throttled wrappers; each wrapped function keeps its own window. A swallowed call returns undefined.
 * Example: `const throttle = createClickThrottle({ now }); const save = throttle(() => submit());`
 */
export function createClickThrottle({
  windowMs = CLICK_THROTTLE_MS,
  now = Date.now,
}: ClickThrottleOptions = {}) {
  return function throttle<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | undefined {
    let acceptedAt: number | null = null;
    return (...args: A) => {
      const t = now();
      if (acceptedAt !== null && t - acceptedAt < windowMs) return undefined;
      acceptedAt = t;
      return fn(...args);
    };
  };
}
