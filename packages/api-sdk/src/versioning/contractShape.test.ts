// The semantic-version step of a contract change, on small synthetic contracts, and the package's
// version against the last released snapshot.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Ok, get, page, post, priv, publicAccess, signedIn, type Slice } from '../contract/define.js';
import { compareContracts, contractShape } from './contractShape.js';
import { checkVersion, nextVersion } from './release.js';

const Row = z.object({ id: z.number().int(), name: z.string(), status: z.enum(['open', 'closed']) });
const base = {
  list: get('/things', {
    service: 'setting',
    summary: 'Things, paged.',
    access: priv('/things'),
    query: z.object({ pageIdx: z.coerce.number().int().min(1), name: z.string().max(50).optional() }),
    response: page(Row),
  }),
  save: post('/things/save', {
    service: 'setting',
    summary: 'Save a thing.',
    access: priv('/things'),
    body: z.object({ name: z.string().max(50), note: z.string().optional() }),
    response: Ok,
  }),
} satisfies Slice;

/** The level and the changes of going from `base` to `next`. */
const step = (next: Record<string, Slice>) =>
  compareContracts(contractShape({ things: base }, '1.0.0'), contractShape(next, '1.0.0'));
const withSave = (save: (typeof base)['save'] | ReturnType<typeof post>) => ({ things: { ...base, save } });
const withList = (list: ReturnType<typeof get>) => ({ things: { ...base, list } });
const saveWith = (body: z.ZodType, o: Partial<Parameters<typeof post>[1]> = {}) =>
  post('/things/save', {
    service: 'setting',
    summary: 'Save a thing.',
    access: priv('/things'),
    body,
    response: Ok,
    ...o,
  });
const listAnswering = (row: z.ZodType) =>
  get('/things', {
    service: 'setting',
    summary: 'Things, paged.',
    access: priv('/things'),
    query: base.list.query,
    response: page(row),
  });

describe('contract change → semantic version step', () => {
  it('the same contract is no change', () => {
    expect(step({ things: base })).toEqual({ level: 'none', changes: [] });
  });

  it('a removed endpoint is major', () => {
    const r = step({ things: { list: base.list } });
    expect(r.level).toBe('major');
    expect(r.changes).toEqual([
      { level: 'major', endpoint: 'things.save', at: '', what: 'endpoint removed' },
    ]);
  });

  it('an added endpoint is minor', () => {
    const ping = get('/things/ping', {
      service: 'setting',
      summary: 'ping',
      access: publicAccess,
      response: Ok,
    });
    expect(step({ things: { ...base, ping } }).level).toBe('minor');
  });

  it('a moved path or another method is major', () => {
    expect(step(withSave(post('/things/store', { ...base.save }))).level).toBe('major');
  });

  it('a new required input is major, a new optional input minor', () => {
    const required = step(
      withSave(
        saveWith(z.object({ name: z.string().max(50), note: z.string().optional(), code: z.string() })),
      ),
    );
    expect(required.level).toBe('major');
    expect(required.changes[0]).toMatchObject({ at: 'body.code', what: 'new required input' });
    const optional = step(
      withSave(
        saveWith(
          z.object({ name: z.string().max(50), note: z.string().optional(), code: z.string().optional() }),
        ),
      ),
    );
    expect(optional.level).toBe('minor');
  });

  it('an input made required or narrowed is major; one relaxed is minor', () => {
    expect(step(withSave(saveWith(z.object({ name: z.string().max(50), note: z.string() })))).level).toBe(
      'major',
    );
    expect(
      step(withSave(saveWith(z.object({ name: z.string().max(20), note: z.string().optional() })))).level,
    ).toBe('major');
    expect(
      step(withSave(saveWith(z.object({ name: z.string().max(80), note: z.string().optional() })))).level,
    ).toBe('minor');
    expect(
      step(withSave(saveWith(z.object({ name: z.string().max(50).optional(), note: z.string().optional() }))))
        .level,
    ).toBe('minor');
  });

  it('a removed field is major, in an answer or in an input', () => {
    const answer = step(withList(listAnswering(Row.omit({ name: true }))));
    expect(answer.level).toBe('major');
    expect(answer.changes[0]).toMatchObject({ at: 'response.list[].name', what: 'field removed' });
    expect(step(withSave(saveWith(z.object({ name: z.string().max(50) })))).level).toBe('major');
  });

  it('an answer field added is minor; one that may now be missing or null is major', () => {
    expect(step(withList(listAnswering(Row.extend({ code: z.string() })))).level).toBe('minor');
    expect(step(withList(listAnswering(Row.extend({ name: z.string().optional() })))).level).toBe('major');
    const nullable = step(withList(listAnswering(Row.extend({ name: z.string().nullable() }))));
    expect(nullable.level).toBe('major');
    expect(nullable.changes[0]).toMatchObject({ at: 'response.list[].name', what: 'null now allowed' });
  });

  it('values: fewer accepted in an input or more possible in an answer is major', () => {
    expect(
      step(withList(listAnswering(Row.extend({ status: z.enum(['open', 'closed', 'archived']) })))).level,
    ).toBe('major');
    expect(step(withList(listAnswering(Row.extend({ status: z.enum(['open']) })))).level).toBe('minor');
    const body = (e: z.ZodType) =>
      z.object({ name: z.string().max(50), note: z.string().optional(), kind: e });
    const before = { things: { ...base, save: saveWith(body(z.enum(['a', 'b']))) } };
    const cmp = (e: z.ZodType) =>
      compareContracts(
        contractShape(before, '1.0.0'),
        contractShape({ things: { ...base, save: saveWith(body(e)) } }, '1.0.0'),
      ).level;
    expect(cmp(z.enum(['a']))).toBe('major');
    expect(cmp(z.enum(['a', 'b', 'c']))).toBe('minor');
  });

  it('a type change is major', () => {
    expect(step(withList(listAnswering(Row.extend({ id: z.string() })))).level).toBe('major');
  });

  it('access: widened is minor, narrowed is major', () => {
    expect(step(withSave(saveWith(base.save.body, { access: priv('/things', '/other') }))).level).toBe(
      'minor',
    );
    expect(step(withSave(saveWith(base.save.body, { access: signedIn }))).level).toBe('minor');
    expect(step(withSave(saveWith(base.save.body, { access: priv('/admin') }))).level).toBe('major');
  });

  it('words alone (a description) are a patch', () => {
    const described = z.object({
      name: z.string().max(50).describe('the name'),
      note: z.string().optional(),
    });
    const r = step(withSave(saveWith(described)));
    expect(r).toMatchObject({ level: 'patch', changes: [{ at: 'body.name', what: 'description changed' }] });
  });

  it('the next version for each step', () => {
    expect(nextVersion('1.4.2', 'major')).toBe('2.0.0');
    expect(nextVersion('1.4.2', 'minor')).toBe('1.5.0');
    expect(nextVersion('1.4.2', 'patch')).toBe('1.4.3');
    expect(nextVersion('1.4.2', 'none')).toBe('1.4.2');
  });
});

describe('the package version against the last release', () => {
  it('is at least what the contract change since the last released snapshot needs', () => {
    const r = checkVersion();
    const why = r.changes.slice(0, 10).map((c) => `${c.level} ${c.endpoint} ${c.at}: ${c.what}`);
    expect({ ok: r.ok, needed: r.needed, changes: why }).toMatchObject({ ok: true });
  });
});
