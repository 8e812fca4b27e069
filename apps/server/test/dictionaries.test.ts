// Dictionaries, tags and channel groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';
import { channelGroupUsage } from '../src/slices/dictionaries/usage.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('sysDict', () => {
  it('pages items by type, saves with uniqueness within the type, switches status and deletes', async () => {
    const page = await admin.dictionaries.dictList({ query: { dictType: 'business_type', pageSize: 2 } });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.list).toHaveLength(2);
    const item = await admin.dictionaries.dictSave({
      body: { dictType: 'business_type', code: 'MUSIC', name: '音乐' },
    });
    const dup = await expectApiError(
      admin.dictionaries.dictSave({ body: { dictType: 'business_type', code: 'MUSIC2', name: '音乐' } }),
      ErrorCode.conflict,
    );
    expect(dup.field).toBe('name');
    // the same code in another type is fine
    await admin.dictionaries.dictSave({
      body: { dictType: 'calendar_type', code: 'MUSIC', name: '音乐日历' },
    });
    expect(await admin.dictionaries.dictUpdateStatus({ body: { id: item.id, status: 0 } })).toBe(true);
    const valid = await admin.dictionaries.dictListAll({ query: { dictType: 'business_type' } });
    expect(valid.map((d) => d.code)).not.toContain('MUSIC');
    expect((await admin.dictionaries.dictGetById({ query: { id: item.id } })).status).toBe(0);
    expect(await admin.dictionaries.dictDelete({ query: { id: item.id } })).toBe(true);
    await expectApiError(admin.dictionaries.dictGetById({ query: { id: item.id } }), ErrorCode.notFound);
  });

  it('refuses to delete a business type campuses use', async () => {
    const [rehab] = (await admin.dictionaries.dictListAll({ query: { dictType: 'business_type' } })).filter(
      (d) => d.code === 'REHAB',
    );
    expect(rehab).toBeDefined();
    if (rehab)
      await expectApiError(admin.dictionaries.dictDelete({ query: { id: rehab.id } }), ErrorCode.rule);
  });

  it('imports items matched by type and code', async () => {
    const rows = [
      { dictType: 'assist_course_type', code: '5', name: '户外课' },
      { dictType: 'assist_course_type', code: '1', name: '个训课' },
    ];
    expect(await admin.dictionaries.dictImport({ body: { rows } })).toMatchObject({
      created: 1,
      unchanged: 1,
      written: true,
    });
    expect(await admin.dictionaries.dictImport({ body: { rows } })).toMatchObject({
      created: 0,
      unchanged: 2,
    });
  });
});

describe('tags and channel groups', () => {
  it('adds, lists and deletes tags', async () => {
    const tag = await admin.dictionaries.tagAdd({ body: { tagType: 1, name: '外地家庭', color: '#123456' } });
    expect((await admin.dictionaries.tagListForTag({ query: { tagType: 1 } })).map((x) => x.name)).toContain(
      '外地家庭',
    );
    await expectApiError(
      admin.dictionaries.tagAdd({ body: { tagType: 1, name: '外地家庭' } }),
      ErrorCode.conflict,
    );
    await admin.dictionaries.tagAdd({ body: { tagType: 2, name: '外地家庭' } });
    expect((await admin.dictionaries.tagGetTagList({ query: { name: '外地' } })).total).toBe(2);
    expect(await admin.dictionaries.tagDelete({ body: { id: tag.id } })).toBe(true);
  });

  it('saves channel groups and refuses deleting one channels use', async () => {
    const g = await admin.dictionaries.channelGroupSave({ body: { code: 'EXPO', name: '展会' } });
    expect(g.validstatus).toBe(1);
    channelGroupUsage.register('test-channels', async (_tx, code) =>
      code === 'EXPO' ? '有渠道属于该分组 / channels belong to this group' : null,
    );
    try {
      await expectApiError(
        admin.dictionaries.channelGroupDelete({ query: { code: 'EXPO' } }),
        ErrorCode.rule,
      );
    } finally {
      channelGroupUsage.unregister('test-channels');
    }
    expect(await admin.dictionaries.channelGroupDelete({ query: { code: 'EXPO' } })).toBe(true);
    expect((await admin.dictionaries.channelGroupList()).map((x) => x.code)).not.toContain('EXPO');
    const e = await expectApiError(
      admin.dictionaries.channelGroupDelete({ query: { code: 'ONLINE' } }),
      ErrorCode.rule,
    );
    expect(e.message).toContain('channel');
    expect(e.message).toContain('disable it instead');
  });
});
