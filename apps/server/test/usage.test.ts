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

describe('clue tags are references to tag records', () => {
  it('refuses deleting a clue tag a clue carries and deletes it once no clue carries it', async () => {
    const tag = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: '双职工家庭' } });
    const c = await sales.clues.clueSave({ body: clueBody() });
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [tag.id] } });
    const e = await expectApiError(admin.dictionaries.tagDelete({ body: { id: tag.id } }), ErrorCode.rule);
    expect(e.message).toContain('this tag is in use (1 clue tag)');
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [] } });
    expect(await admin.dictionaries.tagDelete({ body: { id: tag.id } })).toBe(true);
  });

  it('a renamed tag shows its new name on every clue carrying it; lists filter by the tag id', async () => {
    const tag = await admin.dictionaries.tagAdd({
      body: { tagType: 1, name: '周末班意向', color: '#3e63dd' },
    });
    const a = await sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700003', tagIds: [tag.id] } });
    const b = await sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700004' } });
    expect(await sales.clues.tagsSave({ body: { clueId: b.clueId, tagIds: [tag.id, tag.id] } })).toEqual([
      { id: tag.id, name: '周末班意向', color: '#3e63dd' },
    ]);
    await admin.dictionaries.tagAdd({
      body: { id: tag.id, version: tag.version, tagType: 1, name: '周末班', color: '#3e63dd' },
    });
    for (const clueId of [a.clueId, b.clueId])
      expect((await sales.clues.detail({ query: { clueId } })).tags).toEqual([
        { id: tag.id, name: '周末班', color: '#3e63dd' },
      ]);
    const listed = await sales.clues.mylist({ query: { tagId: tag.id, pageSize: 50 } });
    expect(listed.list.map((r) => r.clueId).sort()).toEqual([a.clueId, b.clueId].sort());
    expect(listed.list.every((r) => r.tags.some((x) => x.name === '周末班'))).toBe(true);
    // Deleting needs both clues to let it go.
    const e = await expectApiError(admin.dictionaries.tagDelete({ body: { id: tag.id } }), ErrorCode.rule);
    expect(e.message).toContain('(2 clue tag)');
  });

  it('takes only clue tags that exist; a disabled tag is not added but may stay where it is', async () => {
    const c = await sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700005' } });
    const student = await admin.dictionaries.tagAdd({ body: { tagType: 2, name: '学员标签' } });
    const e1 = await expectApiError(
      sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [student.id] } }),
      ErrorCode.validation,
    );
    expect(e1.field).toBe('tagIds.0');
    // A student tag's usage does not look at clues.
    expect(await admin.dictionaries.tagDelete({ body: { id: student.id } })).toBe(true);
    await expectApiError(
      sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700006', tagIds: [999999] } }),
      ErrorCode.validation,
    );
    const tag = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: '待停用' } });
    const other = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: '仍启用' } });
    await sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [tag.id] } });
    await admin.dictionaries.tagAdd({
      body: { id: tag.id, version: tag.version, tagType: 1, name: '待停用', status: 0 },
    });
    const kept = await sales.clues.tagsSave({ body: { clueId: c.clueId, tagIds: [tag.id, other.id] } });
    expect(kept.map((x) => x.id).sort()).toEqual([tag.id, other.id].sort());
    const d = await sales.clues.clueSave({ body: { ...clueBody(), phone: '13977700007' } });
    const e2 = await expectApiError(
      sales.clues.tagsSave({ body: { clueId: d.clueId, tagIds: [other.id, tag.id] } }),
      ErrorCode.validation,
    );
    expect(e2.field).toBe('tagIds.1');
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
    expect(e1.message).toContain('(1 clue, 1 resource)');
    await db.update(clues).set({ gender: 0 }).where(eq(clues.id, clue.id));
    const e2 = await expectApiError(
      admin.dictionaries.dictDelete({ query: { id: item.id } }),
      ErrorCode.rule,
    );
    expect(e2.message).toContain('(1 resource)');
    await db.update(resources).set({ gender: 0 }).where(eq(resources.id, res.id));
    expect(await admin.dictionaries.dictDelete({ query: { id: item.id } })).toBe(true);
  });
});
