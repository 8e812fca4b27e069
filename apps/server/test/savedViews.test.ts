// Saved views of list screens: one's own only (another user's answers 404), named 1..30 by the
// text-length rule and unique per screen, at most 20 per screen, version checks, one default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, SAVED_VIEWS_PER_SCREEN } from '@bo/api-sdk';
import { startTestServer, expectApiError, type TestServer } from './harness.js';

type Client = Awaited<ReturnType<TestServer['as']>>;

let t: TestServer;
let sales: Client;
let finance: Client;
beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
  finance = await t.as('finance');
});
afterAll(async () => t?.close());

const state = (filters: Record<string, string>) => ({ filters, sort: null, hiddenColumns: null });

describe('saved views', () => {
  it('keeps a user’s views of a screen by name, renames them and deletes them', async () => {
    const screen = '/clue/clueList';
    const b = await sales.system.viewCreate({
      body: {
        screen,
        name: '  本周百度  ',
        state: { filters: { channel: 'BAIDU' }, sort: 'createdAt.desc' },
      },
    });
    expect(b).toMatchObject({ name: '本周百度', isDefault: false, version: 1 });
    expect(b.state).toEqual({ filters: { channel: 'BAIDU' }, sort: 'createdAt.desc', hiddenColumns: null });
    await sales.system.viewCreate({ body: { screen, name: 'A 待跟进', state: state({ status: '1' }) } });
    // Another screen's views are not this screen's.
    await sales.system.viewCreate({ body: { screen: '/student/list', name: '本周百度', state: state({}) } });

    const mine = await sales.system.viewList({ query: { screen } });
    expect(mine.map((v) => v.name)).toEqual(['A 待跟进', '本周百度']);

    const renamed = await sales.system.viewUpdate({
      body: { id: b.id, version: b.version, name: '百度渠道', state: state({ channel: 'BAIDU', mine: '1' }) },
    });
    expect(renamed).toMatchObject({ name: '百度渠道', version: 2 });
    expect(renamed.state.filters).toEqual({ channel: 'BAIDU', mine: '1' });

    await sales.system.viewDelete({ body: { id: b.id } });
    expect((await sales.system.viewList({ query: { screen } })).map((v) => v.name)).toEqual(['A 待跟进']);
  });

  it('never shows or changes another user’s view: it is not found', async () => {
    const screen = '/finance/payDetail';
    const v = await finance.system.viewCreate({
      body: { screen, name: '本月', state: state({ month: '2026-11' }) },
    });
    expect(await sales.system.viewList({ query: { screen } })).toEqual([]);
    // One call at a time: a rejection created before it is awaited would go unhandled.
    for (const call of [
      () => sales.system.viewUpdate({ body: { id: v.id, version: v.version, name: '改名' } }),
      () => sales.system.viewSetDefault({ body: { id: v.id, version: v.version, isDefault: true } }),
      () => sales.system.viewDelete({ body: { id: v.id } }),
    ]) {
      const e = await expectApiError(call(), ErrorCode.notFound);
      expect(e.field).toBe('id');
    }
    const still = await finance.system.viewList({ query: { screen } });
    expect(still).toEqual([
      expect.objectContaining({ id: v.id, name: '本月', version: 1, isDefault: false }),
    ]);
  });

  it('refuses an empty or too long name (a Chinese character counts 2), a taken name and a bad screen', async () => {
    const screen = '/setting/campus';
    await expectApiError(
      sales.system.viewCreate({ body: { screen, name: '   ', state: state({}) } }),
      ErrorCode.validation,
    );
    // 15 Chinese characters are 30: allowed; 16 are 32: refused.
    const ok = await sales.system.viewCreate({ body: { screen, name: '一'.repeat(15), state: state({}) } });
    expect(ok.name).toHaveLength(15);
    const long = await expectApiError(
      sales.system.viewCreate({ body: { screen, name: '一'.repeat(16), state: state({}) } }),
      ErrorCode.validation,
    );
    expect(long.field).toBe('body.name');
    const taken = await expectApiError(
      sales.system.viewCreate({ body: { screen, name: '一'.repeat(15), state: state({}) } }),
      ErrorCode.conflict,
    );
    expect(taken.field).toBe('name');
    const other = await sales.system.viewCreate({ body: { screen, name: '另一个', state: state({}) } });
    const renameTaken = await expectApiError(
      sales.system.viewUpdate({ body: { id: other.id, version: other.version, name: '一'.repeat(15) } }),
      ErrorCode.conflict,
    );
    expect(renameTaken.field).toBe('name');
    // The same name is free for another user.
    await finance.system.viewCreate({ body: { screen, name: '一'.repeat(15), state: state({}) } });
    await expectApiError(
      sales.system.viewCreate({ body: { screen: 'setting/campus', name: 'x', state: state({}) } }),
      ErrorCode.validation,
    );
  });

  it('bounds what a view holds and how many a screen keeps', async () => {
    const screen = '/order/orderList';
    const big = await expectApiError(
      sales.system.viewCreate({
        body: {
          screen,
          name: '太大',
          state: state(Object.fromEntries([...Array(10)].map((_, i) => [`f${i}`, 'x'.repeat(500)]))),
        },
      }),
      ErrorCode.validation,
    );
    expect(big.message).toMatch(/4000/);
    for (let i = 1; i <= SAVED_VIEWS_PER_SCREEN; i++)
      await sales.system.viewCreate({ body: { screen, name: `视图${i}`, state: state({ n: String(i) }) } });
    await expectApiError(
      sales.system.viewCreate({ body: { screen, name: '再多一个', state: state({}) } }),
      ErrorCode.rule,
    );
    // The limit is per screen: another screen still takes one.
    await sales.system.viewCreate({
      body: { screen: '/order/orderList#refunds', name: '再多一个', state: state({}) },
    });
  });

  it('refuses a change made on a stale version', async () => {
    const v = await sales.system.viewCreate({
      body: { screen: '/student/renewal', name: '续费', state: state({}) },
    });
    await sales.system.viewUpdate({ body: { id: v.id, version: v.version, name: '续费提醒' } });
    const e = await expectApiError(
      sales.system.viewUpdate({ body: { id: v.id, version: v.version, name: '旧的' } }),
      ErrorCode.conflict,
    );
    expect(e.field).toBe('version');
    await expectApiError(
      sales.system.viewSetDefault({ body: { id: v.id, version: v.version, isDefault: true } }),
      ErrorCode.conflict,
    );
  });

  it('keeps one default per user and screen: a new default replaces the old one', async () => {
    const screen = '/student/list';
    const a = await sales.system.viewCreate({
      body: { screen, name: '默认甲', state: state({ a: '1' }), isDefault: true },
    });
    const b = await sales.system.viewCreate({ body: { screen, name: '默认乙', state: state({ b: '1' }) } });
    const fin = await finance.system.viewCreate({
      body: { screen, name: '财务的', state: state({}), isDefault: true },
    });
    const defaults = async () =>
      (await sales.system.viewList({ query: { screen } })).filter((v) => v.isDefault).map((v) => v.name);
    expect(await defaults()).toEqual(['默认甲']);

    const bDefault = await sales.system.viewSetDefault({
      body: { id: b.id, version: b.version, isDefault: true },
    });
    expect(bDefault).toMatchObject({ isDefault: true, version: 2 });
    expect(await defaults()).toEqual(['默认乙']);
    // Creating a default replaces it too.
    await sales.system.viewCreate({ body: { screen, name: '默认丙', state: state({}), isDefault: true } });
    expect(await defaults()).toEqual(['默认丙']);
    // The other user's default stays.
    expect(
      (await finance.system.viewList({ query: { screen } })).find((v) => v.id === fin.id)?.isDefault,
    ).toBe(true);
    // The replaced default moved a version: a change on what was read before refuses.
    await expectApiError(
      sales.system.viewSetDefault({ body: { id: a.id, version: a.version, isDefault: true } }),
      ErrorCode.conflict,
    );
    const now = (await sales.system.viewList({ query: { screen } })).find((v) => v.name === '默认丙');
    await sales.system.viewSetDefault({
      body: { id: now?.id ?? 0, version: now?.version ?? 0, isDefault: false },
    });
    expect(await defaults()).toEqual([]);
  });
});
