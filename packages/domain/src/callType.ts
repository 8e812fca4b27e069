// The call-type lock of spec §4: a 'can change call type' flag that reverts after a delay, and the
// last call type, cleared after a delay. Pure: state is computed from the injected clock, no timers.

/** The lock's operations. */
export interface CallTypeLock<T> {
  /** Whether the call type may be changed now. */
  canChangeCallType(): boolean;
  /** Sets the flag to false; it reverts to true after `delayMs`. */
  lock(delayMs: number): void;
  /** Stores the last call type; it reads as null once `clearAfterMs` has passed. */
  setLastCallType(type: T, clearAfterMs: number): void;
  /** The stored call type, or null when none or expired. */
  lastCallType(): T | null;
}

/**
 * Creates a call-type lock over a clock. Example:
 * `const l = createCallTypeLock({ now }); l.lock(3000); l.canChangeCallType()` → false until 3 s later.
 */
export function createCallTypeLock<T = string | number>({
  now = Date.now,
}: { readonly now?: () => number } = {}): CallTypeLock<T> {
  let lockedUntil = -Infinity;
  let last: { type: T; until: number } | null = null;
  return {
    canChangeCallType: () => now() >= lockedUntil,
    lock: (delayMs) => {
      lockedUntil = now() + Math.max(0, delayMs);
    },
    setLastCallType: (type, clearAfterMs) => {
      last = { type, until: now() + Math.max(0, clearAfterMs) };
    },
    lastCallType: () => (last !== null && now() < last.until ? last.type : null),
  };
}
