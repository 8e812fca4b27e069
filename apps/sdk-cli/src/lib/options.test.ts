import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CommaList, KeyValues, parseOptions } from './options.js';
import { createProgress } from './progress.js';
import { formatSummary } from './summary.js';

describe('options', () => {
  const S = z.object({
    query: KeyValues,
    columns: CommaList,
    pageSize: z.coerce.number().int().max(500).optional(),
  });

  it('parses repeated key=value pairs (a repeated key becomes an array) and comma lists', () => {
    expect(
      parseOptions(S, { query: ['name=北京', 'tag=a', 'tag=b', 'expr=a=b'], columns: 'code, name,,x' }),
    ).toEqual({
      query: { name: '北京', tag: ['a', 'b'], expr: 'a=b' },
      columns: ['code', 'name', 'x'],
    });
    expect(parseOptions(S, {})).toEqual({ query: {}, columns: undefined });
  });

  it('refuses bad values naming the option', () => {
    expect(() => parseOptions(S, { query: ['novalue'] })).toThrow(
      /--query: expected key=value, got "novalue"/,
    );
    expect(() => parseOptions(S, { pageSize: '900' })).toThrow(/--page-size: /);
  });
});

describe('progress without a terminal', () => {
  it('prints one line per 10% and a closing line', () => {
    const lines: string[] = [];
    const p = createProgress('importing', 1000, {
      stream: { isTTY: false, write: (s: string) => lines.push(s) },
    });
    for (let i = 0; i < 20; i += 1) p.increment(50);
    p.stop();
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^importing: 10% \(100\/1000\)/);
    expect(lines[9]).toMatch(/^importing: 100% \(1000\/1000\)/);
  });

  it('announces the total when it becomes known and closes with the count', () => {
    const lines: string[] = [];
    const p = createProgress('exporting', 0, {
      stream: { isTTY: false, write: (s: string) => lines.push(s) },
    });
    p.setTotal(3);
    p.increment(3);
    p.stop();
    expect(lines.at(-1)).toMatch(/^exporting: 100% \(3\/3\)/);
    const empty: string[] = [];
    const q = createProgress('exporting', 0, {
      stream: { isTTY: false, write: (s: string) => empty.push(s) },
    });
    q.stop();
    expect(empty[0]).toMatch(/^exporting: done \(0 rows\)/);
  });
});

describe('summary', () => {
  it('aligns labels and leaves out undefined values', () => {
    expect(
      formatSummary('imported', [
        ['rows', 3],
        ['created', 2],
        ['skipped', undefined],
      ]),
    ).toBe('imported\n  rows     3\n  created  2\n');
  });
});
