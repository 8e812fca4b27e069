// Common reads: nations, administrative divisions, relations and dictionary items (the common envelope).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sdk } from '@bo/api-sdk';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let sales: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  sales = await t.as('sales');
});
afterAll(async () => t?.close());

describe('common', () => {
  it('answers the 58 nations with GB/T 3304 codes, without sign-in, in the common envelope', async () => {
    const r = await t.sdk().common.nations();
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(58);
    expect(r.data[0]).toEqual({ code: '01', name: '汉族' });
    expect(r.data.find((n) => n.code === '56')?.name).toBe('基诺族');
    expect(r.data.map((n) => n.code)).toEqual(expect.arrayContaining(['97', '98']));
  });

  it('answers the full division tree: 34 provinces with cities and counties', async () => {
    const { data } = await sales.common.fullProvinces();
    expect(data).toHaveLength(34);
    const bj = data.find((p) => p.code === '110000');
    expect(bj?.name).toBe('北京市');
    const zj = data.find((p) => p.code === '330000');
    const hz = zj?.childs?.find((c) => c.code === '330100');
    expect(hz?.name).toBe('杭州市');
    expect(hz?.childs?.find((c) => c.code === '330106')?.name).toBe('西湖区');
    expect(data.find((p) => p.code === '810000')?.name).toBe('香港特别行政区');
  });

  it('cuts the tree to n levels and answers provinces, cities and counties', async () => {
    const one = (await sales.common.fullProvinces2({ params: { n: 1 } })).data;
    expect(one[0]?.childs).toBeUndefined();
    const two = (await sales.common.fullProvinces2({ params: { n: 2 } })).data;
    expect(two[0]?.childs?.[0]?.childs).toBeUndefined();
    expect(two[0]?.childs?.length).toBeGreaterThan(0);
    expect((await sales.common.provinces()).data).toHaveLength(34);
    const cities = (await sales.common.cities({ params: { id: '32' } })).data;
    expect(cities.find((c) => c.code === '320100')?.name).toBe('南京市');
    expect((await sales.common.cities({ params: { id: '320000' } })).data).toEqual(cities);
    const counties = (await sales.common.counties({ params: { id: '320100' } })).data;
    expect(counties.map((c) => c.name)).toContain('鼓楼区');
    expect((await sales.common.counties({ params: { id: '999900' } })).data).toEqual([]);
  });

  it('answers relation types and dictionary items by type', async () => {
    const rel = (await sales.common.relationTypes()).data.map((r) => r.name);
    expect(rel).toEqual(expect.arrayContaining(['父亲', '母亲', '爷爷', '奶奶', '外公', '外婆', '其他']));
    const bt = (await sales.common.dictData({ query: { type: 'business_type' } })).data;
    expect(bt.map((d) => d.name).slice(0, 4)).toEqual(['康复', '早教', '感统', '语言']);
    expect((await sales.common.dictData({ query: { type: 'nope' } })).data).toEqual([]);
  });
});
