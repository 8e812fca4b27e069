// Regions (province types), campuses (school items), cities and city ranks (spec §3 master data, §7 settings).
import { z } from 'zod';
import { Phone, optionalPhone } from './fields.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  QueryBool,
  ValidStatus,
  get,
  page,
  post,
  priv,
  signedIn,
  type Slice,
} from './define.js';
import {
  CodeParams,
  CodeQuery,
  CodeStatusInput,
  MdCode,
  MdName,
  MdRef,
  MdSort,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';

/** The screen that owns regions, campuses, cities and city ranks. */
export const CAMPUS_SCREEN = '/setting/campus';
const write = priv(CAMPUS_SCREEN);

export const ProvinceTypeRow = z.object({
  code: z.string(),
  name: z.string(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
  /** Number of valid campuses of the region. */
  campusCount: z.number().int().optional(),
});
export type TProvinceTypeRow = z.infer<typeof ProvinceTypeRow>;
export const ProvinceTypeInput = versioned(
  z.object({ code: MdCode, name: MdName, validstatus: ValidStatus.optional(), sort: MdSort }),
);
export type TProvinceTypeInput = z.infer<typeof ProvinceTypeInput>;
export const ProvinceTypeQuery = PageQuery.extend({
  name: z.string().trim().optional(),
  status: ValidStatus.optional(),
});

export const SchoolItemRow = z.object({
  code: z.string(),
  name: z.string(),
  provincetypecode: z.string(),
  provincetypename: z.string().nullable().optional(),
  citycode: z.string().nullable(),
  cityname: z.string().nullable().optional(),
  businesstypecode: z.string().nullable(),
  businesstypename: z.string().nullable().optional(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TSchoolItemRow = z.infer<typeof SchoolItemRow>;
export const SchoolItemInput = versioned(
  z.object({
    code: MdCode,
    name: MdName,
    provincetypecode: z.string().trim().min(1, '请选择区域 / the region is required'),
    citycode: z.string().trim().min(1, '请选择城市 / the city is required'),
    businesstypecode: MdRef,
    address: MdText(200),
    phone: optionalPhone(Phone),
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TSchoolItemInput = z.infer<typeof SchoolItemInput>;
export const SchoolItemQuery = PageQuery.extend({
  provincetypecode: z.string().trim().optional(),
  status: ValidStatus.optional(),
  name: z.string().trim().optional(),
  citycode: z.string().trim().optional(),
  businesstypecode: z.string().trim().optional(),
});

export const CityRow = z.object({
  code: z.string(),
  name: z.string(),
  rankcode: z.string().nullable(),
  rankname: z.string().nullable().optional(),
  /** GB/T 2260 division code of the real city, when it is one. */
  divisioncode: z.string().nullable(),
  /** The business region of the city: a campus in the city must be in this region (null: any). */
  provincetypecode: z.string().nullable(),
  provincetypename: z.string().nullable().optional(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCityRow = z.infer<typeof CityRow>;
export const CityInput = versioned(
  z.object({
    code: MdCode,
    name: MdName,
    rankcode: MdRef,
    divisioncode: z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, 'divisioncode: a 6-digit division code')
      .nullish()
      .transform((v) => (v ? v : null)),
    provincetypecode: MdRef,
    validstatus: ValidStatus.optional(),
    sort: MdSort,
  }),
);
export type TCityInput = z.infer<typeof CityInput>;
export const CityPageQuery = PageQuery.extend({
  name: z.string().trim().optional(),
  status: ValidStatus.optional(),
  rankcode: z.string().trim().optional(),
  provincetypecode: z.string().trim().optional(),
});

export const CityRankRow = z.object({
  code: z.string(),
  name: z.string(),
  validstatus: ValidStatus,
  sort: z.number().int(),
  version: z.number().int(),
});
export type TCityRankRow = z.infer<typeof CityRankRow>;
export const CityRankInput = versioned(
  z.object({ code: MdCode, name: MdName, validstatus: ValidStatus.optional(), sort: MdSort }),
);
export type TCityRankInput = z.infer<typeof CityRankInput>;

export const organisation = {
  // ---- regions ----
  provinceTypeList: get('/provincetype/list', {
    service: 'setting',
    summary: "Regions, filtered (name, status) and paged; limited to the caller's regions.",
    access: signedIn,
    query: ProvinceTypeQuery,
    response: page(ProvinceTypeRow),
  }),
  provinceTypeUpdateStatus: post('/setting/updateprovincetypestatus', {
    service: 'setting',
    summary: 'Enable or disable a region; refused while the region has valid campuses.',
    access: write,
    body: CodeStatusInput,
    response: Ok,
  }),
  provinceTypeSave: post('/setting/saveorupdateprovincetype', {
    service: 'setting',
    summary: 'Create a region (no version) or update it (with its version).',
    access: write,
    body: ProvinceTypeInput,
    response: ProvinceTypeRow,
  }),
  provinceTypeDetail: get('/setting/getprovincetypedetail', {
    service: 'setting',
    summary: 'A region by code.',
    access: signedIn,
    query: CodeQuery,
    response: ProvinceTypeRow,
  }),
  provinceTypeImport: importEndpoint('/setting/importprovincetypes', {
    service: 'setting',
    access: write,
    what: 'regions',
  }),
  // ---- campuses ----
  schoolItemList: get('/teach/schoolitems', {
    service: 'setting',
    summary:
      "Campuses, filtered (provincetypecode, status, name, citycode, businesstypecode) and paged; limited to the caller's regions.",
    access: signedIn,
    query: SchoolItemQuery,
    response: page(SchoolItemRow),
  }),
  schoolItemUpdateStatus: post('/setting/updateschoolitemstatus', {
    service: 'setting',
    summary: 'Enable or disable a campus (re-enabling needs a valid region and city).',
    access: write,
    body: CodeStatusInput,
    response: Ok,
  }),
  schoolItemSave: post('/setting/saveorupdateschoolitem', {
    service: 'setting',
    summary:
      'Create a campus (no version) or update it (with its version); the region and city must be valid.',
    access: write,
    body: SchoolItemInput,
    response: SchoolItemRow,
  }),
  schoolItemDetail: get('/setting/getschoolitemdetail', {
    service: 'setting',
    summary: 'A campus by code (403 outside the caller’s regions).',
    access: signedIn,
    query: CodeQuery,
    response: SchoolItemRow,
  }),
  schoolItemExport: get('/setting/exportschoolitems', {
    service: 'setting',
    summary:
      'Every campus matching the filters (no paging), as an xlsx workbook; limited to the caller’s regions.',
    access: signedIn,
    kind: 'download',
    query: SchoolItemQuery.omit({ pageIdx: true, pageSize: true }),
    response: FileResponse,
  }),
  schoolItemImport: importEndpoint('/setting/importschoolitems', {
    service: 'setting',
    access: write,
    what: 'campuses',
  }),
  // ---- cities and city ranks ----
  cityList: get('/setting/citylist', {
    service: 'setting',
    summary: 'Cities for selectors: valid ones, or every city with isAll=1.',
    access: signedIn,
    query: z.object({
      isAll: QueryBool.optional(),
      rankcode: z.string().trim().optional(),
      /** Only the cities of this region (and those without a region). */
      provincetypecode: z.string().trim().optional(),
    }),
    response: z.array(CityRow),
  }),
  cityList2: get('/setting/citylist2', {
    service: 'setting',
    summary: 'Cities for the settings screen, filtered (name, status, rankcode) and paged.',
    access: signedIn,
    query: CityPageQuery,
    response: page(CityRow),
  }),
  citySave: post('/setting/saveorupdatecity', {
    service: 'setting',
    summary: 'Create a city (no version) or update it (with its version); its rank must be valid.',
    access: write,
    body: CityInput,
    response: CityRow,
  }),
  cityUpdateStatus: post('/setting/updatecitystatus', {
    service: 'setting',
    summary: 'Enable or disable a city; refused while valid campuses are in the city.',
    access: write,
    body: CodeStatusInput,
    response: Ok,
  }),
  cityDetail: get('/setting/getcitydetail', {
    service: 'setting',
    summary: 'A city by code.',
    access: signedIn,
    query: CodeQuery,
    response: CityRow,
  }),
  cityImport: importEndpoint('/setting/importcities', { service: 'setting', access: write, what: 'cities' }),
  cityRankList: get('/setting/cityranklist', {
    service: 'setting',
    summary: 'City ranks (every one; status filter optional).',
    access: signedIn,
    query: z.object({ status: ValidStatus.optional(), name: z.string().trim().optional() }),
    response: z.array(CityRankRow),
  }),
  cityRankSave: post('/setting/cityrank/insertorupdate', {
    service: 'setting',
    summary:
      'Create a city rank (no version) or update it (with its version; validstatus 0 is refused while valid cities have the rank).',
    access: write,
    body: CityRankInput,
    response: CityRankRow,
  }),
  cityRankImport: importEndpoint('/setting/importcityranks', {
    service: 'setting',
    access: write,
    what: 'city ranks',
  }),
  // ---- selector reads (teach service) ----
  provinceType: get('/teach/provincetype/{id}', {
    service: 'setting',
    summary: 'A region by code.',
    access: signedIn,
    params: CodeParams,
    response: ProvinceTypeRow,
  }),
  provinceTypes: get('/teach/provincetypes', {
    service: 'setting',
    summary: 'Every valid region (names for filters and reports).',
    access: signedIn,
    response: z.array(ProvinceTypeRow),
  }),
  schoolItem: get('/teach/schoolitem/{id}', {
    service: 'setting',
    summary: 'A campus by code (403 outside the caller’s regions).',
    access: signedIn,
    params: CodeParams,
    response: SchoolItemRow,
  }),
  allProvinceTypes: get('/teach/allprovincetypes', {
    service: 'setting',
    summary: "The caller's own valid regions (region selectors; administrators get all).",
    access: signedIn,
    response: z.array(ProvinceTypeRow),
  }),
  allSchoolItems: get('/teach/allschoolitems', {
    service: 'setting',
    summary:
      "The caller's own valid campuses, optionally of one region (campus selectors; administrators get all).",
    access: signedIn,
    query: z.object({ provincetypecode: z.string().trim().optional() }),
    response: z.array(SchoolItemRow),
  }),
} satisfies Slice;
