import { describe, expect, it } from 'vitest';
import { createCallTypeLock } from './callType.js';

describe('createCallTypeLock', () => {
  it('allows changes until locked, then again after the delay', () => {
    let t = 0;
    const lock = createCallTypeLock({ now: () => t });
    expect(lock.canChangeCallType()).toBe(true);
    lock.lock(3000);
    expect(lock.canChangeCallType()).toBe(false);
    t = 2999;
    expect(lock.canChangeCallType()).toBe(false);
    t = 3000;
    expect(lock.canChangeCallType()).toBe(true);
  });

  it('a new lock extends from its own time', () => {
    let t = 0;
    const lock = createCallTypeLock({ now: () => t });
    lock.lock(1000);
    t = 500;
    lock.lock(1000);
    t = 1200;
    expect(lock.canChangeCallType()).toBe(false);
    t = 1500;
    expect(lock.canChangeCallType()).toBe(true);
  });

  it('keeps the last call type until its delay passes', () => {
    let t = 100;
    const lock = createCallTypeLock<'in' | 'out'>({ now: () => t });
    expect(lock.lastCallType()).toBeNull();
    lock.setLastCallType('out', 5000);
    expect(lock.lastCallType()).toBe('out');
    t = 5099;
    expect(lock.lastCallType()).toBe('out');
    t = 5100;
    expect(lock.lastCallType()).toBeNull();
    lock.setLastCallType('in', 10);
    expect(lock.lastCallType()).toBe('in');
  });

  it('treats a zero or negative delay as immediate', () => {
    const lock = createCallTypeLock({ now: () => 0 });
    lock.lock(0);
    expect(lock.canChangeCallType()).toBe(true);
    lock.setLastCallType(1, -5);
    expect(lock.lastCallType()).toBeNull();
  });
});
