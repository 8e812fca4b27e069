// Usage checkers the clue and resource slices register: carried tags and used dictionary items
// cannot be deleted; once nothing uses them they can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { clues } from '../src/slices/clues/tables.js';
import { resources } from '../src/slices/resources/tables.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  [admin, sales] = await Promise.all([t.as('admin'), t.as('sales')]);
});
afterAll(async () => t?.close());

const clueBody = () => ({
  childName: '李小雨',
  parentName: '李娜',
  phone: '13977700001',
  gender: 1,
  birthDate: '2020-05-01',
  schoolItemCode: 'SH01',
  channel: 'WALKIN',
});

describe('tags in use by clues', () => {
  it('refuses deleting a clue tag a clue carries and deletes it once no clue carries it', async () => {
    const tag = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: '双职工家庭' } });
    const c = await sales.clues.clueSave({ body: clueBody() });
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tags: ['双职工家庭'] } });
    const e = await expectApiError(admin.dictionaries.tagDelete({ body: { id: tag.id } }), ErrorCode.rule);
    expect(e.message).toContain('1 clue(s) carry this tag');
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tags: [] } });
    expect(await admin.dictionaries.tagDelete({ body: { id: tag.id } })).toBe(true);
  });

  it('does not look at clues for a tag of another type with the same name', async () => {
    const c = await sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700002' } });
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tags: ['学员标签'] } });
    const other = await admin.dictionaries.tagAdd({ body: { tagType: 2, name: '学员标签' } });
    expect(await admin.dictionaries.tagDelete({ body: { id: other.id } })).toBe(true);
  });
});

describe('dictionary items in use by clues and resources', () => {
  it('refuses deleting a gender item while clues or resources keep its code', async () => {
    const item = await admin.dictionaries.dictSave({
      body: { dictType: 'gender', code: '9', name: '未说明' },
    });
    const db = t.deps.db;
    const [clue] = await db.select({ id: clues.id }).from(clues).limit(1);
    const [res] = await db.select({ id: resources.id }).from(resources).limit(1);
    if (!clue || !res) throw new Error('the demo seed has clues and resources');
    await db.update(clues).set({ gender: 9 }).where(eq(clues.id, clue.id));
    await db.update(resources).set({ gender: 9 }).where(eq(resources.id, res.id));
    const e1 = await expectApiError(
      admin.dictionaries.dictDelete({ query: { id: item.id } }),
      ErrorCode.rule,
    );
    expect(e1.message).toContain('clue(s) use this dictionary item');
    await db.update(clues).set({ gender: 0 }).where(eq(clues.id, clue.id));
    const e2 = await expectApiError(
      admin.dictionaries.dictDelete({ query: { id: item.id } }),
      ErrorCode.rule,
    );
    expect(e2.message).toContain('resource(s) use this dictionary item');
    await db.update(resources).set({ gender: 0 }).where(eq(resources.id, res.id));
    expect(await admin.dictionaries.dictDelete({ query: { id: item.id } })).toBe(true);
  });
});
