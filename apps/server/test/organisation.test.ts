// Organisation rules: a campus in a valid region and city, region/city disabling, selectors in the caller's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

const campus = {
  code: 'DL01',
  name: '大连中山校区',
  provincetypecode: 'DB',
  citycode: 'DL',
  businesstypecode: 'REHAB',
  address: '大连市中山区人民路1号',
  phone: '0411-8888 0000',
};

describe('campus ↔ region ↔ city', () => {
  it('creates a campus in a valid region and city, with names', async () => {
    await admin.organisation.provinceTypeSave({ body: { code: 'DB', name: '东北区' } });
    await admin.organisation.citySave({
      body: { code: 'DL', name: '大连市', rankcode: 'T3', divisioncode: '210200' },
    });
    const c = await admin.organisation.schoolItemSave({ body: campus });
    expect(c).toMatchObject({
      code: 'DL01',
      provincetypename: '东北区',
      cityname: '大连市',
      businesstypename: '康复',
      validstatus: 1,
    });
    const d = await admin.organisation.schoolItem({ params: { id: 'DL01' } });
    expect(d.version).toBe(1);
  });

  it('refuses a missing region or city, a disabled city, and an unknown business type', async () => {
    const r = await expectApiError(
      admin.organisation.schoolItemSave({
        body: { ...campus, code: 'X1', name: 'X1', provincetypecode: 'NOPE' },
      }),
      ErrorCode.validation,
    );
    expect(r.field).toBe('provincetypecode');
    const c = await expectApiError(
      admin.organisation.schoolItemSave({ body: { ...campus, code: 'X2', name: 'X2', citycode: 'NOPE' } }),
      ErrorCode.validation,
    );
    expect(c.field).toBe('citycode');
    const b = await expectApiError(
      admin.organisation.schoolItemSave({
        body: { ...campus, code: 'X3', name: 'X3', businesstypecode: 'NOPE' },
      }),
      ErrorCode.validation,
    );
    expect(b.field).toBe('businesstypecode');
    await admin.organisation.citySave({ body: { code: 'SY', name: '沈阳市', rankcode: 'T2' } });
    await admin.organisation.cityUpdateStatus({ body: { code: 'SY', status: 0 } });
    const s = await expectApiError(
      admin.organisation.schoolItemSave({
        body: { ...campus, code: 'SY01', name: '沈阳和平校区', citycode: 'SY' },
      }),
      ErrorCode.validation,
    );
    expect(s.field).toBe('citycode');
    await admin.organisation.citySave({
      body: { code: 'BJX', name: '北京测试市', rankcode: 'T2', provincetypecode: 'HB' },
    });
    const elsewhere = await expectApiError(
      admin.organisation.schoolItemSave({ body: { ...campus, code: 'X5', name: 'X5', citycode: 'BJX' } }),
      ErrorCode.validation,
    );
    expect(elsewhere.field).toBe('citycode');
    const missing = await expectApiError(
      admin.organisation.schoolItemSave({ body: { ...campus, code: 'X4', name: 'X4', citycode: '' } }),
      ErrorCode.validation,
    );
    expect(missing.field).toBe('body.citycode');
  });

  it('refuses to disable a region with valid campuses, allows it once they are disabled, and refuses re-enabling a campus of a disabled region', async () => {
    await expectApiError(
      admin.organisation.provinceTypeUpdateStatus({ body: { code: 'DB', status: 0 } }),
      ErrorCode.rule,
    );
    await admin.organisation.schoolItemUpdateStatus({ body: { code: 'DL01', status: 0 } });
    expect(await admin.organisation.provinceTypeUpdateStatus({ body: { code: 'DB', status: 0 } })).toBe(true);
    const e = await expectApiError(
      admin.organisation.schoolItemUpdateStatus({ body: { code: 'DL01', status: 1 } }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('provincetypecode');
    await admin.organisation.provinceTypeUpdateStatus({ body: { code: 'DB', status: 1 } });
    expect(await admin.organisation.schoolItemUpdateStatus({ body: { code: 'DL01', status: 1 } })).toBe(true);
  });

  it('lists valid cities for selectors and every city with isAll', async () => {
    const valid = await admin.organisation.cityList();
    expect(valid.map((c) => c.code)).not.toContain('SY');
    const all = await admin.organisation.cityList({ query: { isAll: true } });
    expect(all.map((c) => c.code)).toContain('SY');
    const page = await admin.organisation.cityList2({ query: { rankcode: 'T1', pageSize: 10 } });
    expect(page.list.map((c) => c.code).sort()).toEqual(['BJ', 'GZ', 'SH', 'SZ']);
  });
});

describe('selectors in scope', () => {
  it('answers the caller’s own regions and campuses', async () => {
    const sales = await t.as('sales');
    expect((await sales.organisation.allProvinceTypes()).map((r) => r.code)).toEqual(['HD']);
    expect((await sales.organisation.allSchoolItems()).map((c) => c.code)).toEqual(['SH01']);
    const director = await t.as('director');
    expect((await director.organisation.allSchoolItems()).map((c) => c.code).sort()).toEqual([
      'HZ01',
      'NJ01',
      'SH01',
      'SH02',
    ]);
    const adminAll = await admin.organisation.allSchoolItems({ query: { provincetypecode: 'HB' } });
    expect(adminAll.map((c) => c.code).sort()).toEqual(['BJ01', 'BJ02', 'TJ01']);
    const regions = await sales.organisation.provinceTypes();
    expect(regions.length).toBeGreaterThanOrEqual(4);
    const list = await admin.organisation.provinceTypeList();
    expect(list.list.find((r) => r.code === 'HD')?.campusCount).toBe(4);
  });

  it('refuses writes without the campus privilege', async () => {
    const sales = await t.as('sales');
    await expectApiError(
      sales.organisation.schoolItemUpdateStatus({ body: { code: 'SH01', status: 0 } }),
      ErrorCode.noPermission,
    );
  });
});
