// Regions, campuses, cities and city ranks as master-data record types, plus the selector reads.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  TCityInput,
  TCityRankInput,
  TCityRankRow,
  TCityRow,
  TProvinceTypeInput,
  TProvinceTypeRow,
  TSchoolItemInput,
  TSchoolItemRow,
} from '@bo/api-sdk';
import { CityInput, CityRankInput, ProvinceTypeInput, SchoolItemInput } from '@bo/api-sdk';
import { ruleViolation } from '../../http/errors.js';
import {
  codeNames,
  defineRecordType,
  eqFilter,
  likeFilter,
  type MdCtx,
} from '../../shared/masterdata/index.js';
import { sysDicts } from '../../db/schema.js';
import { cities, cityRanks, provinceTypes, schoolItems } from './tables.js';
import { byPinyin } from '../../shared/pinyinOrder.js';

export const regionType = defineRecordType<TProvinceTypeRow, TProvinceTypeInput>({
  name: 'provinceType',
  label: '区域 / region',
  table: provinceTypes,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: provinceTypes.code,
    name: provinceTypes.name,
    validstatus: provinceTypes.validStatus,
    sort: provinceTypes.sort,
    version: provinceTypes.version,
  },
  input: ProvinceTypeInput,
  filters: { name: likeFilter(provinceTypes.name), status: eqFilter(provinceTypes.validStatus) },
  sort: [asc(provinceTypes.sort), asc(provinceTypes.code)],
  unique: [{ field: 'name', label: '名称' }],
  children: [
    {
      table: schoolItems,
      column: schoolItems.provinceTypeCode,
      status: schoolItems.validStatus,
      label: '校区 / campus',
    },
  ],
  scope: { kind: 'region', field: 'code' },
  status: 'validstatus',
  version: 'version',
  updatedAt: provinceTypes.updatedAt,
  decorate: async (db, rows) => {
    const counts = await db
      .select({ code: schoolItems.provinceTypeCode, n: sql<number>`count(*)::int` })
      .from(schoolItems)
      .where(
        and(
          eq(schoolItems.validStatus, 1),
          inArray(
            schoolItems.provinceTypeCode,
            rows.map((r) => r.code),
          ),
        ),
      )
      .groupBy(schoolItems.provinceTypeCode);
    const m = new Map(counts.map((c) => [c.code, Number(c.n)]));
    return rows.map((r) => ({ ...r, campusCount: m.get(r.code) ?? 0 }));
  },
});

/** Campuses belong to a valid region and a valid city; they are scoped by region. */
export const campusType = defineRecordType<TSchoolItemRow, TSchoolItemInput>({
  name: 'schoolItem',
  label: '校区 / campus',
  table: schoolItems,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: schoolItems.code,
    name: schoolItems.name,
    provincetypecode: schoolItems.provinceTypeCode,
    citycode: schoolItems.cityCode,
    businesstypecode: schoolItems.businessTypeCode,
    address: schoolItems.address,
    phone: schoolItems.phone,
    validstatus: schoolItems.validStatus,
    sort: schoolItems.sort,
    version: schoolItems.version,
  },
  input: SchoolItemInput,
  filters: {
    provincetypecode: eqFilter(schoolItems.provinceTypeCode),
    status: eqFilter(schoolItems.validStatus),
    name: likeFilter(schoolItems.name),
    citycode: eqFilter(schoolItems.cityCode),
    businesstypecode: eqFilter(schoolItems.businessTypeCode),
  },
  sort: [asc(schoolItems.sort), ...byPinyin(schoolItems.namePy, schoolItems.name), asc(schoolItems.code)],
  unique: [{ field: 'name', label: '名称' }],
  parents: [
    {
      field: 'provincetypecode',
      table: provinceTypes,
      key: provinceTypes.code,
      status: provinceTypes.validStatus,
      label: '区域 / region',
    },
    {
      field: 'citycode',
      table: cities,
      key: cities.code,
      status: cities.validStatus,
      label: '城市 / city',
      within: { column: cities.provinceTypeCode, field: 'provincetypecode', label: '区域 / region' },
    },
    {
      field: 'businesstypecode',
      table: sysDicts,
      key: sysDicts.code,
      where: eq(sysDicts.dictType, 'business_type'),
      label: '业务类型 / business type',
    },
  ],
  scope: { kind: 'region', field: 'provincetypecode' },
  status: 'validstatus',
  version: 'version',
  updatedAt: schoolItems.updatedAt,
  decorate: async (db, rows) => {
    const regions = await codeNames(
      db,
      provinceTypes,
      rows.map((r) => r.provincetypecode),
    );
    const cityNames = await codeNames(
      db,
      cities,
      rows.map((r) => r.citycode),
    );
    const bts = [...new Set(rows.map((r) => r.businesstypecode).filter((c): c is string => Boolean(c)))];
    const btRows = bts.length
      ? await db
          .select({ code: sysDicts.code, name: sysDicts.name })
          .from(sysDicts)
          .where(and(eq(sysDicts.dictType, 'business_type'), inArray(sysDicts.code, bts)))
      : [];
    const btNames = new Map(btRows.map((b) => [b.code, b.name]));
    return rows.map((r) => ({
      ...r,
      provincetypename: regions.get(r.provincetypecode) ?? null,
      cityname: r.citycode ? (cityNames.get(r.citycode) ?? null) : null,
      businesstypename: r.businesstypecode ? (btNames.get(r.businesstypecode) ?? null) : null,
    }));
  },
});

export const cityType = defineRecordType<TCityRow, TCityInput>({
  name: 'city',
  label: '城市 / city',
  table: cities,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: cities.code,
    name: cities.name,
    rankcode: cities.rankCode,
    divisioncode: cities.divisionCode,
    provincetypecode: cities.provinceTypeCode,
    validstatus: cities.validStatus,
    sort: cities.sort,
    version: cities.version,
  },
  input: CityInput,
  filters: {
    name: likeFilter(cities.name),
    status: eqFilter(cities.validStatus),
    rankcode: eqFilter(cities.rankCode),
    provincetypecode: eqFilter(cities.provinceTypeCode),
  },
  sort: [asc(cities.sort), asc(cities.code)],
  unique: [{ field: 'name', label: '名称' }],
  parents: [
    {
      field: 'rankcode',
      table: cityRanks,
      key: cityRanks.code,
      status: cityRanks.validStatus,
      label: '城市级别 / city rank',
    },
    {
      field: 'provincetypecode',
      table: provinceTypes,
      key: provinceTypes.code,
      status: provinceTypes.validStatus,
      label: '区域 / region',
    },
  ],
  // Giving a city a region is refused while valid campuses of the city lie in another region.
  prepare: async (tx, { values, existing }) => {
    const region = values.provincetypecode;
    const code = values.code ?? existing?.code;
    if (typeof region !== 'string' || !region || typeof code !== 'string') return;
    const [other] = await tx
      .select({ code: schoolItems.code, region: schoolItems.provinceTypeCode })
      .from(schoolItems)
      .where(
        and(
          eq(schoolItems.cityCode, code),
          eq(schoolItems.validStatus, 1),
          sql`${schoolItems.provinceTypeCode} <> ${region}`,
        ),
      )
      .limit(1);
    if (other)
      throw ruleViolation(
        `校区「${other.code}」在该城市但属于区域「${other.region}」 / campus ${other.code} of this city is in region ${other.region}, not ${region}`,
        'provincetypecode',
      );
  },
  children: [
    {
      table: schoolItems,
      column: schoolItems.cityCode,
      status: schoolItems.validStatus,
      label: '校区 / campus',
    },
  ],
  status: 'validstatus',
  version: 'version',
  updatedAt: cities.updatedAt,
  decorate: async (db, rows) => {
    const ranks = await codeNames(
      db,
      cityRanks,
      rows.map((r) => r.rankcode),
    );
    const regions = await codeNames(
      db,
      provinceTypes,
      rows.map((r) => r.provincetypecode),
    );
    return rows.map((r) => ({
      ...r,
      rankname: r.rankcode ? (ranks.get(r.rankcode) ?? null) : null,
      provincetypename: r.provincetypecode ? (regions.get(r.provincetypecode) ?? null) : null,
    }));
  },
});

export const cityRankType = defineRecordType<TCityRankRow, TCityRankInput>({
  name: 'cityRank',
  label: '城市级别 / city rank',
  table: cityRanks,
  key: 'code',
  keyKind: 'code',
  fields: {
    code: cityRanks.code,
    name: cityRanks.name,
    validstatus: cityRanks.validStatus,
    sort: cityRanks.sort,
    version: cityRanks.version,
  },
  input: CityRankInput,
  filters: { name: likeFilter(cityRanks.name), status: eqFilter(cityRanks.validStatus) },
  sort: [asc(cityRanks.sort), asc(cityRanks.code)],
  unique: [{ field: 'name', label: '名称' }],
  children: [{ table: cities, column: cities.rankCode, status: cities.validStatus, label: '城市 / city' }],
  status: 'validstatus',
  version: 'version',
  updatedAt: cityRanks.updatedAt,
});

/** The caller's own valid regions (administrators and all-scope roles: every valid region). */
export const ownRegions = (ctx: MdCtx) => regionType.all(ctx, { status: 1 });

/** The caller's own valid campuses: the account's campuses, not every campus of its regions. */
export async function ownCampuses(ctx: MdCtx, provincetypecode?: string) {
  const rows = await campusType.all(ctx, { status: 1, provincetypecode });
  return ctx.user.allScope ? rows : rows.filter((r) => ctx.user.schoolItems.includes(r.code));
}

/** Every valid region regardless of scope (names for filters and reports). */
export async function allValidRegions(ctx: MdCtx) {
  return regionType.all({ ...ctx, user: { ...ctx.user, allScope: true } }, { status: 1 });
}
