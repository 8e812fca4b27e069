// /setting/campus: regions, campuses, cities and city ranks.
import {
  SchoolItemInput,
  ProvinceTypeInput,
  CityInput,
  CityRankInput,
  type TCityRankRow,
  type TCityRow,
  type TProvinceTypeRow,
  type TSchoolItemRow,
  SHEETS,
} from '@bo/api-sdk';
import { useT } from '../../i18n';
import {
  filterQuery,
  isValid,
  listQuery,
  matchFilters,
  statusOptions,
  type ListScreenDef,
} from '../../app/list';
import {
  asFormField,
  asSearchField,
  CityRankSelect,
  CitySelect,
  DictSelect,
  RegionMasterSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { ScreenFrame } from './ScreenFrame';
import { listTab, TabbedScreen } from './TabbedScreen';

const setStatus =
  (call: (i: { body: { code: string; validstatus: 0 | 1 } }) => Promise<unknown>) =>
  (row: { code: string }, on: boolean) =>
    call({ body: { code: row.code, validstatus: on ? 1 : 0 } });

export const regionsDef: ListScreenDef<TProvinceTypeRow, typeof ProvinceTypeInput> = {
  key: 'regions',
  what: (t) => t('set.region'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'campusCount', header: t('set.campusCount'), align: 'right' },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.organisation.provinceTypeList({ query: listQuery(a) }),
  form: {
    schema: ProvinceTypeInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.organisation.provinceTypeSave({ body }),
  },
  status: { isOn: isValid, set: setStatus((i) => sdk.organisation.provinceTypeUpdateStatus(i)) },
  importRows: { call: (body) => sdk.organisation.provinceTypeImport({ body }), sheet: SHEETS.regions },
};

export const campusesDef: ListScreenDef<TSchoolItemRow, typeof SchoolItemInput> = {
  key: 'campuses',
  what: (t) => t('set.campusItem'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    {
      kind: 'custom',
      name: 'provincetypecode',
      label: t('set.region'),
      render: asSearchField(RegionMasterSelect),
    },
    {
      kind: 'custom',
      name: 'citycode',
      label: t('set.city'),
      render: asSearchField(CitySelect, { withCentres: false }),
    },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    {
      id: 'provincetypename',
      header: t('set.region'),
      value: (r) => r.provincetypename ?? r.provincetypecode,
    },
    { id: 'cityname', header: t('set.city'), value: (r) => r.cityname ?? r.citycode },
    {
      id: 'businesstypename',
      header: t('master.businessType'),
      value: (r) => r.businesstypename ?? r.businesstypecode,
    },
    { id: 'address', header: t('set.address'), defaultHidden: true },
    { id: 'phone', header: t('set.phone') },
    { id: 'sort', header: t('list.sort'), align: 'right', defaultHidden: true },
  ],
  list: (a) => sdk.organisation.schoolItemList({ query: listQuery(a) }),
  serverExport: (f) => sdk.organisation.schoolItemExport({ query: filterQuery(f) }),
  form: {
    schema: SchoolItemInput,
    defaults: { validstatus: 1, sort: 0 },
    detail: (r) => sdk.organisation.schoolItemDetail({ query: { code: r.code } }),
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      {
        kind: 'custom',
        name: 'provincetypecode',
        label: t('set.region'),
        required: true,
        render: asFormField(RegionMasterSelect),
      },
      {
        kind: 'custom',
        name: 'citycode',
        label: t('set.city'),
        required: true,
        render: asFormField(CitySelect, { withCentres: false }),
      },
      {
        kind: 'custom',
        name: 'businesstypecode',
        label: t('master.businessType'),
        render: asFormField(DictSelect, { dictType: 'business_type' }),
      },
      { kind: 'text', name: 'phone', label: t('set.phone') },
      { kind: 'text', name: 'address', label: t('set.address'), wide: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.organisation.schoolItemSave({ body }),
  },
  status: { isOn: isValid, set: setStatus((i) => sdk.organisation.schoolItemUpdateStatus(i)) },
  importRows: { call: (body) => sdk.organisation.schoolItemImport({ body }), sheet: SHEETS.campuses },
};

export const citiesDef: ListScreenDef<TCityRow, typeof CityInput> = {
  key: 'cities',
  what: (t) => t('set.city'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'custom', name: 'rankcode', label: t('set.cityRank'), render: asSearchField(CityRankSelect) },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'rankname', header: t('set.cityRank'), value: (r) => r.rankname ?? r.rankcode },
    {
      id: 'provincetypename',
      header: t('set.region'),
      value: (r) => r.provincetypename ?? r.provincetypecode ?? '',
    },
    { id: 'divisioncode', header: t('set.divisionCode') },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: (a) => sdk.organisation.cityList2({ query: listQuery(a) }),
  form: {
    schema: CityInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'custom', name: 'rankcode', label: t('set.cityRank'), render: asFormField(CityRankSelect) },
      {
        kind: 'custom',
        name: 'provincetypecode',
        label: t('set.region'),
        render: asFormField(RegionMasterSelect),
      },
      { kind: 'text', name: 'divisioncode', label: t('set.divisionCode'), maxLength: 6 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.organisation.citySave({ body }),
  },
  status: { isOn: isValid, set: setStatus((i) => sdk.organisation.cityUpdateStatus(i)) },
  importRows: { call: (body) => sdk.organisation.cityImport({ body }), sheet: SHEETS.cities },
};

export const cityRanksDef: ListScreenDef<TCityRankRow, typeof CityRankInput> = {
  key: 'cityRanks',
  what: (t) => t('set.cityRank'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
  ],
  list: () => sdk.organisation.cityRankList(),
  filterRows: (rows, f) => matchFilters(rows, f),
  form: {
    schema: CityRankInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.organisation.cityRankSave({ body }),
  },
  // City ranks have no status endpoint of their own: the switch saves the record with the new status.
  status: {
    isOn: isValid,
    set: (r, on) => sdk.organisation.cityRankSave({ body: { ...r, validstatus: on ? 1 : 0 } }),
  },
  importRows: { call: (body) => sdk.organisation.cityRankImport({ body }), sheet: SHEETS.cityRanks },
};

export default function Campus() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.campus.desc')}>
      <TabbedScreen
        tabs={[
          listTab('campuses', t('set.campusItem'), campusesDef),
          listTab('regions', t('set.region'), regionsDef),
          listTab('cities', t('set.city'), citiesDef),
          listTab('cityRanks', t('set.cityRank'), cityRanksDef),
        ]}
      />
    </ScreenFrame>
  );
}
