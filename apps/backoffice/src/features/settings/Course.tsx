// /setting/course: categories, ranks, courses, buy types and adjust-cost reasons. Disabling or
// deleting a course in use is refused by the server with its reason (shown as the error popup).
import {
  AdjustCostReasonInput,
  CourseBuyTypeInput,
  CourseCategoryInput,
  CourseInput,
  CourseRankInput,
  type TAdjustCostReasonRow,
  type TCourseBuyTypeRow,
  type TCourseCategoryRow,
  type TCourseRankRow,
  type TCourseRow,
  SHEETS,
} from '@bo/api-sdk';
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
  CourseCategorySelect,
  CourseRankSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';
import { ScreenFrame } from './ScreenFrame';
import { codeStatus } from './simple';
import { listTab, TabbedScreen } from './TabbedScreen';
import { lessonPlansDef, planObjectsDef, planStrategiesDef, planTargetsDef } from './TeachingPlanLibrary';

const nameStatusSearch = (t: TFunction) => [
  { kind: 'text' as const, name: 'name', label: t('list.name') },
  { kind: 'select' as const, name: 'status', label: t('list.status'), options: statusOptions(t) },
];

/** Teaching modes of the contract (1 one-to-one, 2 small group, 3 class, 4 online). */
const teachingModeOptions = (t: TFunction) =>
  ([1, 2, 3, 4] as const).map((v) => ({ value: v, label: t(`set.teachingMode.${v}`) }));
const unitOptions = (t: TFunction) => [
  { value: 1, label: t('set.unit.hour') },
  { value: 2, label: t('set.unit.day') },
];

const categories: ListScreenDef<TCourseCategoryRow, typeof CourseCategoryInput> = {
  key: 'categories',
  what: (t) => t('set.courseCategory'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: nameStatusSearch,
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'remark', header: t('list.remark') },
    { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
  ],
  list: () => sdk.courses.categories(),
  filterRows: (rows, f) => matchFilters(rows, f),
  form: {
    schema: CourseCategoryInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
    ],
    save: (body) => sdk.courses.categorySave({ body }),
  },
  status: { isOn: isValid, set: codeStatus((i) => sdk.courses.categoryUpdateStatus(i)) },
  importRows: { call: (body) => sdk.courses.categoryImport({ body }), sheet: SHEETS.courseCategories },
};

const ranks: ListScreenDef<TCourseRankRow, typeof CourseRankInput> = {
  key: 'ranks',
  what: (t) => t('set.courseRank'),
  rowId: (r) => r.code,
  rowName: (r) => r.name,
  searchFields: (t) => [
    {
      kind: 'custom',
      name: 'coursecategorycode',
      label: t('set.courseCategory'),
      render: asSearchField(CourseCategorySelect),
    },
    ...nameStatusSearch(t),
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    {
      id: 'coursecategoryname',
      header: t('set.courseCategory'),
      value: (r) => r.coursecategoryname ?? r.coursecategorycode,
    },
    { id: 'level', header: t('set.level'), align: 'right', sortable: true },
    { id: 'sort', header: t('list.sort'), align: 'right' },
  ],
  list: () => sdk.courses.ranks(),
  filterRows: (rows, f) => matchFilters(rows, f),
  form: {
    schema: CourseRankInput,
    defaults: (f) => ({ validstatus: 1, sort: 0, level: 1, coursecategorycode: f.coursecategorycode }),
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      {
        kind: 'custom',
        name: 'coursecategorycode',
        label: t('set.courseCategory'),
        required: true,
        render: asFormField(CourseCategorySelect),
      },
      { kind: 'number', name: 'level', label: t('set.level'), min: 1, max: 99 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.courses.rankSave({ body }),
  },
  status: { isOn: isValid, set: codeStatus((i) => sdk.courses.rankUpdateStatus(i)) },
  importRows: { call: (body) => sdk.courses.rankImport({ body }), sheet: SHEETS.courseRanks },
};

export const coursesDef: ListScreenDef<TCourseRow, typeof CourseInput> = {
  key: 'courses',
  what: (t) => t('set.courseItem'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('list.name') },
    {
      kind: 'custom',
      name: 'coursecategorycode',
      label: t('set.courseCategory'),
      render: asSearchField(CourseCategorySelect),
    },
    {
      kind: 'custom',
      name: 'courserankcode',
      label: t('set.courseRank'),
      render: asSearchField(CourseRankSelect),
    },
    {
      kind: 'select',
      name: 'teachingMode',
      label: t('set.teachingMode'),
      options: teachingModeOptions(t).map((o) => ({ value: String(o.value), label: o.label })),
    },
    { kind: 'select', name: 'status', label: t('list.status'), options: statusOptions(t) },
  ],
  columns: (t) => [
    { id: 'code', header: t('list.code'), sortable: true },
    { id: 'name', header: t('list.name'), sortable: true },
    {
      id: 'coursecategoryname',
      header: t('set.courseCategory'),
      value: (r) => r.coursecategoryname ?? r.coursecategorycode,
    },
    { id: 'courserankname', header: t('set.courseRank'), value: (r) => r.courserankname ?? r.courserankcode },
    {
      id: 'teachingMode',
      header: t('set.teachingMode'),
      value: (r) => teachingModeOptions(t).find((o) => o.value === r.teachingMode)?.label ?? r.teachingMode,
    },
    { id: 'buyTypeName', header: t('set.buyType') },
    {
      id: 'purchaseUnit',
      header: t('set.purchaseUnit'),
      value: (r) => unitOptions(t).find((o) => o.value === r.purchaseUnit)?.label ?? r.purchaseUnit,
    },
    { id: 'price', header: t('set.price'), align: 'right' },
    { id: 'lessonMinutes', header: t('set.lessonMinutes'), align: 'right', defaultHidden: true },
  ],
  list: (a) => sdk.courses.coursesPage({ query: listQuery(a) }),
  serverExport: (f) => sdk.courses.courseExport({ query: filterQuery(f) }),
  form: {
    schema: CourseInput,
    defaults: { validstatus: 1, sort: 0, teachingMode: 2, purchaseUnit: 1, lessonMinutes: 45 },
    fields: (t) => [
      { kind: 'text', name: 'code', label: t('list.code'), required: true, lockedOnEdit: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      {
        kind: 'custom',
        name: 'coursecategorycode',
        label: t('set.courseCategory'),
        required: true,
        render: asFormField(CourseCategorySelect),
      },
      {
        kind: 'custom',
        name: 'courserankcode',
        label: t('set.courseRank'),
        required: true,
        render: asFormField(CourseRankSelect, (v) => ({
          coursecategorycode: String(v.coursecategorycode ?? ''),
        })),
      },
      {
        kind: 'select',
        name: 'teachingMode',
        label: t('set.teachingMode'),
        required: true,
        options: teachingModeOptions(t),
      },
      {
        kind: 'select',
        name: 'purchaseUnit',
        label: t('set.purchaseUnit'),
        required: true,
        options: unitOptions(t),
      },
      { kind: 'amount', name: 'price', label: t('set.price'), required: true },
      { kind: 'number', name: 'lessonMinutes', label: t('set.lessonMinutes'), min: 1, max: 600 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    detail: (r) => sdk.courses.course({ params: { id: r.id } }),
    save: (body) => sdk.courses.courseSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.courses.courseUpdateStatus({ body: { id: r.id, validstatus: on ? 1 : 0 } }),
  },
  remove: { call: (r) => sdk.courses.courseDelete({ params: { id: r.id } }) },
  importRows: { call: (body) => sdk.courses.courseImport({ body }), sheet: SHEETS.courses },
};

const buyTypes: ListScreenDef<TCourseBuyTypeRow, typeof CourseBuyTypeInput> = {
  key: 'buyTypes',
  what: (t) => t('set.buyType'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: nameStatusSearch,
  columns: (t) => [
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'incometypecode', header: t('set.incomeType'), names: 'incomeType', namesWithCode: true },
    { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
  ],
  list: () => sdk.courses.buyTypes(),
  filterRows: (rows, f) => matchFilters(rows, f, ['name']),
  form: {
    schema: CourseBuyTypeInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'text', name: 'incometypecode', label: t('set.incomeType') },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.courses.buyTypeSave({ body }),
  },
  // Buy types switch status by saving the record.
  status: {
    isOn: isValid,
    set: (r, on) => sdk.courses.buyTypeSave({ body: { ...r, validstatus: on ? 1 : 0 } }),
  },
};

const adjustCostReasons: ListScreenDef<TAdjustCostReasonRow, typeof AdjustCostReasonInput> = {
  key: 'adjustCostReasons',
  what: (t) => t('set.adjustCostReason'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: nameStatusSearch,
  columns: (t) => [
    { id: 'name', header: t('list.name'), sortable: true },
    { id: 'remark', header: t('list.remark') },
    { id: 'sort', header: t('list.sort'), align: 'right', sortable: true },
  ],
  list: () => sdk.courses.adjustCostReasons(),
  filterRows: (rows, f) => matchFilters(rows, f, ['name']),
  form: {
    schema: AdjustCostReasonInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
    ],
    save: (body) => sdk.courses.adjustCostReasonSave({ body }),
  },
  status: {
    isOn: isValid,
    set: (r, on) => sdk.courses.adjustCostReasonSave({ body: { ...r, validstatus: on ? 1 : 0 } }),
  },
};

export default function Course() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.course.desc')}>
      <TabbedScreen
        tabs={[
          listTab('courses', t('set.courseItem'), coursesDef),
          listTab('categories', t('set.courseCategory'), categories),
          listTab('ranks', t('set.courseRank'), ranks),
          listTab('buyTypes', t('set.buyType'), buyTypes),
          listTab('adjustCostReasons', t('set.adjustCostReason'), adjustCostReasons),
          listTab('planTargets', t('set.plan.target'), planTargetsDef),
          listTab('planStrategies', t('set.plan.strategy'), planStrategiesDef),
          listTab('planObjects', t('set.plan.object'), planObjectsDef),
          listTab('lessonPlans', t('set.plan.lessonPlan'), lessonPlansDef),
        ]}
      />
    </ScreenFrame>
  );
}
