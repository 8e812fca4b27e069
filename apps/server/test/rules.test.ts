// The input rules users hit on several screens: a campus lies in its city's region, phones have a
// phone's shape, a birth date is not in the future, an amount is never cut; ages follow the domain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Sdk } from '@bo/api-sdk';
import { shanghaiDate } from '@bo/domain';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let admin: Sdk;
let sales: Sdk;
beforeAll(async () => {
  t = await startTestServer();
  [admin, sales] = await Promise.all([t.as('admin'), t.as('sales')]);
});
afterAll(async () => t?.close());

const campus = {
  code: 'SH09',
  name: '上海规则校区',
  provincetypecode: 'HD',
  citycode: 'SH',
  businesstypecode: 'REHAB',
  address: '上海市徐汇区1号',
  phone: '021-64001234',
};
const day = (offsetDays: number) => shanghaiDate(new Date(t.clock.now().getTime() + offsetDays * 86_400_000));
let seq = 0;
const phone = () => `137${String(++seq).padStart(8, '0')}`;

describe("a campus lies in its city's region", () => {
  it('accepts a campus of 上海 in 华东 and refuses one in 华北, naming citycode', async () => {
    await admin.organisation.schoolItemSave({ body: campus });
    const e = await expectApiError(
      admin.organisation.schoolItemSave({
        body: { ...campus, code: 'BJ09', name: '错区校区', provincetypecode: 'HB' },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('citycode');
    expect(e.message).toContain('HB');
  });

  it('refuses moving an existing campus to another region than its city', async () => {
    const c = await admin.organisation.schoolItem({ params: { id: 'SH09' } });
    const e = await expectApiError(
      admin.organisation.schoolItemSave({ body: { ...campus, provincetypecode: 'HN', version: c.version } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('citycode');
  });

  it('refuses giving a city a region its campuses are not in', async () => {
    const city = (await admin.organisation.cityList({ query: { isAll: true } })).find((c) => c.code === 'SH');
    expect(city?.provincetypecode).toBe('HD');
    const e = await expectApiError(
      admin.organisation.citySave({
        body: { code: 'SH', name: '上海市', rankcode: 'T1', provincetypecode: 'HB', version: city?.version },
      }),
      ErrorCode.rule,
    );
    expect(e.field).toBe('provincetypecode');
  });

  it('offers the cities of a region (and those without one) to the campus form', async () => {
    const codes = (await admin.organisation.cityList({ query: { provincetypecode: 'HB' } })).map(
      (c) => c.code,
    );
    expect(codes).toContain('BJ');
    expect(codes).not.toContain('SH');
  });
});

describe('phones are checked for shape wherever they are entered', () => {
  it('refuses a campus phone that is not a phone, naming the field', async () => {
    const e = await expectApiError(
      admin.organisation.schoolItemSave({
        body: { ...campus, code: 'SH08', name: '电话校区', phone: '12ab' },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.phone');
  });

  it('refuses a clue mobile of 10 digits', async () => {
    const e = await expectApiError(
      sales.clues.clueSave({
        body: {
          childName: '小明',
          parentName: '王芳',
          phone: '1390000123',
          schoolItemCode: 'SH01',
          channel: 'WALKIN',
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.phone');
  });
});

describe('a birth date in the future is refused', () => {
  it('on a clue, while today is accepted and aged 0 months', async () => {
    const e = await expectApiError(
      sales.clues.clueSave({
        body: {
          childName: '未来',
          parentName: '王芳',
          phone: phone(),
          birthDate: day(1),
          schoolItemCode: 'SH01',
          channel: 'WALKIN',
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.birthDate');
    expect(e.message).toContain('future');
    const c = await sales.clues.clueSave({
      body: {
        childName: '今天',
        parentName: '王芳',
        phone: phone(),
        birthDate: day(0),
        schoolItemCode: 'SH01',
        channel: 'WALKIN',
      },
    });
    expect(c.ageMonths).toBe(0);
  });

  it('on a resource', async () => {
    const esales = await t.as('esales');
    const e = await expectApiError(
      esales.resources.save({ body: { name: '家长', phone: phone(), birthDate: day(2) } }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.birthDate');
  });
});

describe('ages on the server follow the domain rule', () => {
  it('counts a month born on the 31st as complete on the last day of a shorter month', async () => {
    t.clock.set('2026-02-28T04:00:00Z');
    const s = await t.as('sales');
    const c = await s.clues.clueSave({
      body: {
        childName: '月末',
        parentName: '王芳',
        phone: phone(),
        birthDate: '2026-01-31',
        schoolItemCode: 'SH01',
        channel: 'WALKIN',
      },
    });
    expect(c.ageMonths).toBe(1);
  });
});

describe('amounts are never cut', () => {
  it('refuses a course price with three decimals with a message naming the price', async () => {
    const e = await expectApiError(
      admin.courses.courseSave({
        body: {
          code: 'R001',
          name: '三位小数课程',
          coursecategorycode: 'KF',
          courserankcode: 'KF1',
          price: '380.125',
        },
      }),
      ErrorCode.validation,
    );
    expect(e.field).toBe('body.price');
    expect(e.message).toContain('2 decimals');
  });
});
