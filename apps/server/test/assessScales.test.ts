import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const items = [
  { name: '精细动作', maxScore: 40 },
  { name: '手眼协调', maxScore: 60 },
];

describe('assessment scales', () => {
  it('lists the seeded scales with their items, filtered by name and status', async () => {
    const page = await admin.clueSettings.assessScaleList({ query: { name: '感觉统合' } });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ code: 'S_SENSORY', ageFrom: 36, ageTo: 144 });
    expect(page.list[0]?.items).toHaveLength(4);
    const off = await admin.clueSettings.assessScaleList({ query: { validstatus: 0 } });
    expect(off.total).toBe(0);
  });

  it('saves a scale with items and reads it back', async () => {
    const s = await admin.clueSettings.assessScaleSave({
      body: { code: 'S_FINE', name: '精细运动评估', ageFrom: 12, ageTo: 72, remark: '精细动作', items },
    });
    expect(s).toMatchObject({ code: 'S_FINE', version: 1, items });
    const d = await admin.clueSettings.assessScaleDetail({ query: { code: 'S_FINE' } });
    expect(d.items).toEqual(items);
    const e = await expectApiError(
      admin.clueSettings.assessScaleSave({
        body: { code: 'S_BAD', name: '坏量表', ageFrom: 50, ageTo: 10, items },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.ageTo');
    await expectApiError(
      admin.clueSettings.assessScaleSave({ body: { code: 'S_EMPTY', name: '空量表', items: [] } }),
      ErrorCode.validation,
    );
  });

  it('refuses a duplicate code naming the code, and a duplicate name naming the name', async () => {
    const e = await expectApiError(
      admin.clueSettings.assessScaleSave({ body: { code: 'S_LANG', name: '另一个语言量表', items } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('code');
    const n = await expectApiError(
      admin.clueSettings.assessScaleSave({ body: { code: 'S_LANG2', name: '语言发育评估量表', items } }),
      ErrorCode.conflict,
    );
    expect(n.field).toBe('name');
  });

  it('updates items with the version read and refuses a stale version', async () => {
    const cur = await admin.clueSettings.assessScaleDetail({ query: { code: 'S_GROSS' } });
    const next = [...cur.items, { name: '投掷与接球', maxScore: 10 }];
    const saved = await admin.clueSettings.assessScaleSave({
      body: { ...cur, items: next, version: cur.version },
    });
    expect(saved.version).toBe(cur.version + 1);
    expect(saved.items.map((i) => i.name)).toContain('投掷与接球');
    const e = await expectApiError(
      admin.clueSettings.assessScaleSave({ body: { ...cur, version: cur.version } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('version');
  });

  it('switches the status; the picker lists only valid scales', async () => {
    await admin.clueSettings.assessScaleUpdateStatus({ body: { code: 'S_SOCIAL', status: 0 } });
    expect((await admin.clueSettings.assessScaleDetail({ query: { code: 'S_SOCIAL' } })).validstatus).toBe(0);
    const teacher = await t.as('teacher');
    const all = await teacher.clueSettings.assessScaleAll();
    expect(all.map((s) => s.code)).not.toContain('S_SOCIAL');
    expect(all.map((s) => s.code)).toContain('S_LANG');
    const off = await admin.clueSettings.assessScaleList({ query: { validstatus: 0 } });
    expect(off.list.map((s) => s.code)).toEqual(['S_SOCIAL']);
    await admin.clueSettings.assessScaleUpdateStatus({ body: { code: 'S_SOCIAL', status: 1 } });
  });

  it('shows the list to the screen holders and keeps writes to the clue-settings owners', async () => {
    const sales = await t.as('sales');
    expect((await sales.clueSettings.assessScaleList({ query: {} })).total).toBeGreaterThan(0);
    await expectApiError(
      sales.clueSettings.assessScaleSave({ body: { code: 'S_C', name: '顾问量表', items } }),
      ErrorCode.noPermission,
    );
    await expectApiError(
      sales.clueSettings.assessScaleUpdateStatus({ body: { code: 'S_LANG', status: 0 } }),
      ErrorCode.noPermission,
    );
    const teacher = await t.as('teacher');
    await expectApiError(teacher.clueSettings.assessScaleList({ query: {} }), ErrorCode.noPermission);
    await expectApiError(
      teacher.clueSettings.assessScaleSave({ body: { code: 'S_T', name: '教师量表', items } }),
      ErrorCode.noPermission,
    );
  });
});
