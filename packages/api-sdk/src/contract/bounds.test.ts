import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT32_MAX, TEXT_MAX, TimestampText, bounded, textProblem, unboundedParts } from './bounds.js';
import { catalogue } from './index.js';

describe('textProblem', () => {
  it.each([
    ['a\u0000b', 'NUL'],
    ['\ud800x', 'surrogate'],
    ['x\udc00', 'surrogate'],
    ['99999-01-01', '9999'],
    ['0000-00-00', '9999'],
    ['2024-02-30', '9999'],
    ['2024-13', '9999'],
    ['2024-01-01 25:00:00', '9999'],
    ['2024-01-01garbage', '9999'],
  ])('refuses %j', (s, why) => {
    expect(textProblem(s)).toContain(why);
  });
  it.each([
    '张三',
    '😀 ok',
    '2024-02-29',
    '2024-12-31T23:59:59.999+08:00',
    '2024-06',
    '138-1234-5678',
    'a-1-2x',
  ])('accepts %j', (s) => {
    expect(textProblem(s)).toBeNull();
  });
});

it('TimestampText takes real timestamps only', () => {
  expect(TimestampText.safeParse('2024-05-01T08:00:00+08:00').success).toBe(true);
  expect(TimestampText.safeParse('2024-05-01 08:00:00').success).toBe(true);
  for (const bad of ['a', '99999-01-01T00:00:00Z', '2024-02-30T00:00:00Z', ''])
    expect(TimestampText.safeParse(bad).success, bad).toBe(false);
});

describe('bounded', () => {
  const s = bounded(
    z.object({
      name: z.string().trim(),
      code: z.string().max(10),
      id: z.coerce.number().int(),
      price: z.number().optional(),
      page: z.coerce.number().int().min(1).max(500).default(1),
      tags: z.array(z.string()).default([]),
    }),
  );
  it('keeps declared bounds, defaults and transforms', () => {
    expect(s.parse({ name: ' a ', code: 'c', id: '7' })).toEqual({
      name: 'a',
      code: 'c',
      id: 7,
      page: 1,
      tags: [],
    });
    expect(s.safeParse({ name: 'a', code: 'x'.repeat(11), id: 1 }).success).toBe(false);
  });
  it('bounds texts, integers and numbers left open, naming the field', () => {
    const issue = (v: Record<string, unknown>) =>
      s.safeParse({ name: 'a', code: 'c', id: 1, ...v }).error?.issues[0];
    expect(issue({ name: 'x'.repeat(TEXT_MAX + 1) })?.path).toEqual(['name']);
    expect(issue({ id: String(INT32_MAX + 1) })?.path).toEqual(['id']);
    expect(issue({ price: 1e20 })?.path).toEqual(['price']);
    expect(issue({ tags: ['a\u0000'] })?.path).toEqual(['tags', 0]);
    expect(issue({ name: '\ud800x' })?.message).toContain('surrogate');
  });
});

describe('the contract', () => {
  it('leaves no text, number or date of any input unbounded', () => {
    const open: string[] = [];
    for (const e of catalogue())
      for (const where of ['params', 'query', 'body'] as const)
        open.push(...unboundedParts(e.endpoint[where], `${e.slice}.${e.name}.${where}`));
    expect(open).toEqual([]);
  });
});
