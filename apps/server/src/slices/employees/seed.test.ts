import { describe, expect, it } from 'vitest';
import { demoStaff } from './seed.js';

describe('demo staff', () => {
  const staff = demoStaff();
  it('gives every employee a distinct name', () => {
    expect(new Set(staff.map((e) => e.name)).size).toBe(staff.length);
  });
  it('names people as people are named: a surname and a one- or two-character given name, no padding', () => {
    for (const e of staff) expect(e.name, e.code).toMatch(/^[\u4e00-\u9fff]{2,3}$/);
    // The old generator padded clashes with 一, 丁, 丂 … (U+4E00 to U+4E08).
    for (const e of staff) expect(e.name, e.code).not.toMatch(/[\u4e00-\u4e08]$/);
  });
});
