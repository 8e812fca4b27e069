// Demo regions, cities and campuses (deterministic).
import type { SeedContext } from '../../seed/context.js';
import { cities, cityRanks, provinceTypes, schoolItems } from './tables.js';

export const DEMO_REGIONS = [
  { code: 'HD', name: '华东区' },
  { code: 'HB', name: '华北区' },
  { code: 'HN', name: '华南区' },
  { code: 'XN', name: '西南区' },
];
export const DEMO_CITY_RANKS = [
  { code: 'T1', name: '一线城市' },
  { code: 'T2', name: '新一线城市' },
  { code: 'T3', name: '二线城市' },
];
export const DEMO_CITIES = [
  { code: 'SH', name: '上海市', rankCode: 'T1', divisionCode: '310100', provinceTypeCode: 'HD' },
  { code: 'HZ', name: '杭州市', rankCode: 'T2', divisionCode: '330100', provinceTypeCode: 'HD' },
  { code: 'NJ', name: '南京市', rankCode: 'T2', divisionCode: '320100', provinceTypeCode: 'HD' },
  { code: 'BJ', name: '北京市', rankCode: 'T1', divisionCode: '110100', provinceTypeCode: 'HB' },
  { code: 'TJ', name: '天津市', rankCode: 'T2', divisionCode: '120100', provinceTypeCode: 'HB' },
  { code: 'GZ', name: '广州市', rankCode: 'T1', divisionCode: '440100', provinceTypeCode: 'HN' },
  { code: 'SZ', name: '深圳市', rankCode: 'T1', divisionCode: '440300', provinceTypeCode: 'HN' },
  { code: 'CD', name: '成都市', rankCode: 'T2', divisionCode: '510100', provinceTypeCode: 'XN' },
  { code: 'CQ', name: '重庆市', rankCode: 'T2', divisionCode: '500100', provinceTypeCode: 'XN' },
];
export const DEMO_CAMPUSES = [
  {
    code: 'SH01',
    name: '上海徐汇校区',
    provinceTypeCode: 'HD',
    cityCode: 'SH',
    address: '上海市徐汇区漕溪北路88号',
  },
  {
    code: 'SH02',
    name: '上海浦东校区',
    provinceTypeCode: 'HD',
    cityCode: 'SH',
    address: '上海市浦东新区张杨路500号',
  },
  {
    code: 'HZ01',
    name: '杭州西湖校区',
    provinceTypeCode: 'HD',
    cityCode: 'HZ',
    address: '杭州市西湖区文三路259号',
  },
  {
    code: 'NJ01',
    name: '南京鼓楼校区',
    provinceTypeCode: 'HD',
    cityCode: 'NJ',
    address: '南京市鼓楼区中山路321号',
  },
  {
    code: 'BJ01',
    name: '北京朝阳校区',
    provinceTypeCode: 'HB',
    cityCode: 'BJ',
    address: '北京市朝阳区建国路93号',
  },
  {
    code: 'BJ02',
    name: '北京海淀校区',
    provinceTypeCode: 'HB',
    cityCode: 'BJ',
    address: '北京市海淀区中关村大街27号',
  },
  {
    code: 'TJ01',
    name: '天津和平校区',
    provinceTypeCode: 'HB',
    cityCode: 'TJ',
    address: '天津市和平区南京路189号',
  },
  {
    code: 'GZ01',
    name: '广州天河校区',
    provinceTypeCode: 'HN',
    cityCode: 'GZ',
    address: '广州市天河区天河路385号',
  },
  {
    code: 'SZ01',
    name: '深圳南山校区',
    provinceTypeCode: 'HN',
    cityCode: 'SZ',
    address: '深圳市南山区科技园南路16号',
  },
  {
    code: 'CD01',
    name: '成都武侯校区',
    provinceTypeCode: 'XN',
    cityCode: 'CD',
    address: '成都市武侯区人民南路四段12号',
  },
  {
    code: 'CQ01',
    name: '重庆渝中校区',
    provinceTypeCode: 'XN',
    cityCode: 'CQ',
    address: '重庆市渝中区解放碑民族路188号',
  },
];

export async function seedOrganisation({ db }: SeedContext) {
  await db.insert(cityRanks).values(DEMO_CITY_RANKS.map((r, i) => ({ ...r, sort: i })));
  await db.insert(provinceTypes).values(DEMO_REGIONS.map((r, i) => ({ ...r, sort: i })));
  await db.insert(cities).values(DEMO_CITIES.map((c, i) => ({ ...c, sort: i })));
  await db.insert(schoolItems).values(
    DEMO_CAMPUSES.map((c, i) => ({
      ...c,
      businessTypeCode: 'REHAB',
      phone: `400-820-${String(1000 + i)}`,
      sort: i,
    })),
  );
}
