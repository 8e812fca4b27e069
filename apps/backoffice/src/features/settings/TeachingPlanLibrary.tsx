// The teaching plan's library as tabs of /setting/course (docs/decisions.md "Teaching plan"):
// training targets, their strategies, intervene objects and lesson plans, each of a course type
// (an item of the dictionary assist_course_type).
import {
  LessonPlanInput,
  PlanObjectInput,
  PlanStrategyInput,
  PlanTargetInput,
  type TLessonPlanItem,
  type TLessonPlanRow,
  type TPlanObjectRow,
  type TPlanStrategyRow,
  type TPlanTargetRow,
} from '@bo/api-sdk';
import { CheckGroup } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { isValid, listQuery, statusOptions, type ListScreenDef } from '../../app/list';
import {
  asFormField,
  asSearchField,
  DictSelect,
  PlanObjectSelect,
  PlanTargetSelect,
} from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';

export const COURSE_TYPE_DICT = 'assist_course_type';
const CourseTypeSelect = (p: Parameters<typeof DictSelect>[0]) => (
  <DictSelect {...p} dictType={COURSE_TYPE_DICT} />
);

const search = (t: TFunction) => [
  {
    kind: 'custom' as const,
    name: 'courseTypeCode',
    label: t('set.plan.courseType'),
    render: asSearchField(CourseTypeSelect, { dictType: COURSE_TYPE_DICT }),
  },
  { kind: 'text' as const, name: 'name', label: t('list.name') },
  { kind: 'select' as const, name: 'status', label: t('list.status'), options: statusOptions(t) },
];
const courseTypeField = (t: TFunction) => ({
  kind: 'custom' as const,
  name: 'courseTypeCode' as const,
  label: t('set.plan.courseType'),
  required: true,
  lockedOnEdit: true,
  render: asFormField(CourseTypeSelect, { dictType: COURSE_TYPE_DICT }),
});
const byId =
  <B,>(call: (i: { body: { id: number; validstatus: 0 | 1 } }) => Promise<B>) =>
  (r: { id: number }, on: boolean) =>
    call({ body: { id: r.id, validstatus: on ? 1 : 0 } });
const kindOptions = (t: TFunction) => [
  { value: 'skill', label: t('set.plan.kind.skill') },
  { value: 'behaviour', label: t('set.plan.kind.behaviour') },
];

export const planTargetsDef: ListScreenDef<TPlanTargetRow, typeof PlanTargetInput> = {
  key: 'planTargets',
  what: (t) => t('set.plan.target'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: search,
  columns: (t) => [
    { id: 'courseTypeName', header: t('set.plan.courseType') },
    { id: 'code', header: t('list.code') },
    { id: 'name', header: t('list.name') },
    { id: 'domain', header: t('set.plan.domain') },
    { id: 'objectName', header: t('set.plan.object'), value: (r) => r.objectName ?? '' },
    { id: 'mastery', header: t('set.plan.mastery'), value: (r) => r.mastery ?? '' },
  ],
  list: (a) => sdk.teaching.planTargetList({ query: listQuery(a) }),
  form: {
    schema: PlanTargetInput,
    defaults: (f) => ({ validstatus: 1, sort: 0, courseTypeCode: f.courseTypeCode ?? '' }),
    fields: (t) => [
      courseTypeField(t),
      { kind: 'text', name: 'code', label: t('list.code'), required: true },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'text', name: 'domain', label: t('set.plan.domain'), maxLength: 50 },
      {
        kind: 'custom',
        name: 'objectId',
        label: t('set.plan.object'),
        render: asFormField(PlanObjectSelect, (v) => ({ courseTypeCode: String(v.courseTypeCode ?? '') })),
      },
      { kind: 'text', name: 'mastery', label: t('set.plan.mastery'), maxLength: 200, wide: true },
      { kind: 'textarea', name: 'description', label: t('set.plan.description'), maxLength: 1000 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.teaching.planTargetSave({ body }),
  },
  status: { isOn: isValid, set: byId((i) => sdk.teaching.planTargetStatus(i)) },
};

export const planStrategiesDef: ListScreenDef<TPlanStrategyRow, typeof PlanStrategyInput> = {
  key: 'planStrategies',
  what: (t) => t('set.plan.strategy'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: search,
  columns: (t) => [
    { id: 'targetName', header: t('set.plan.target') },
    { id: 'name', header: t('list.name') },
    { id: 'steps', header: t('set.plan.steps'), value: (r) => r.steps ?? '' },
    { id: 'materials', header: t('set.plan.materials'), value: (r) => r.materials ?? '' },
  ],
  list: (a) => sdk.teaching.planStrategyList({ query: listQuery(a) }),
  form: {
    schema: PlanStrategyInput,
    defaults: { validstatus: 1, sort: 0 },
    fields: (t) => [
      {
        kind: 'custom',
        name: 'targetId',
        label: t('set.plan.target'),
        required: true,
        lockedOnEdit: true,
        render: asFormField(PlanTargetSelect, { courseTypeCode: '' }),
      },
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'textarea', name: 'steps', label: t('set.plan.steps'), maxLength: 2000 },
      { kind: 'text', name: 'materials', label: t('set.plan.materials'), maxLength: 500 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.teaching.planStrategySave({ body }),
  },
  status: { isOn: isValid, set: byId((i) => sdk.teaching.planStrategyStatus(i)) },
};

export const planObjectsDef: ListScreenDef<TPlanObjectRow, typeof PlanObjectInput> = {
  key: 'planObjects',
  what: (t) => t('set.plan.object'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: search,
  columns: (t) => [
    { id: 'courseTypeName', header: t('set.plan.courseType') },
    { id: 'name', header: t('list.name') },
    {
      id: 'kind',
      header: t('set.plan.kind'),
      value: (r) => kindOptions(t).find((o) => o.value === r.kind)?.label ?? r.kind,
    },
    { id: 'description', header: t('set.plan.description'), value: (r) => r.description ?? '' },
  ],
  list: (a) => sdk.teaching.planObjectList({ query: listQuery(a) }),
  form: {
    schema: PlanObjectInput,
    defaults: (f) => ({ validstatus: 1, sort: 0, kind: 'skill', courseTypeCode: f.courseTypeCode ?? '' }),
    fields: (t) => [
      courseTypeField(t),
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'select', name: 'kind', label: t('set.plan.kind'), options: kindOptions(t) },
      { kind: 'textarea', name: 'description', label: t('set.plan.description'), maxLength: 500 },
      { kind: 'number', name: 'sort', label: t('list.sort'), min: 0 },
    ],
    save: (body) => sdk.teaching.planObjectSave({ body }),
  },
  status: { isOn: isValid, set: byId((i) => sdk.teaching.planObjectStatus(i)) },
};

/** The steps of a lesson plan: the course type's targets ticked, kept in the library's order. */
function LessonSteps(p: {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  required?: boolean;
  values: Record<string, unknown>;
}) {
  const courseTypeCode = String(p.values.courseTypeCode ?? '');
  const q = useQuery({
    queryKey: ['master', 'teaching', 'planTargets', courseTypeCode],
    queryFn: async () =>
      courseTypeCode
        ? (
            await sdk.teaching.planTargetList({
              query: { courseTypeCode, status: 1, pageIdx: 1, pageSize: 500 },
            })
          ).list
        : [],
  });
  const items = (Array.isArray(p.value) ? p.value : []) as TLessonPlanItem[];
  const targets = q.data ?? [];
  return (
    <CheckGroup<number>
      id={p.id}
      label={p.label}
      error={p.error}
      required={p.required}
      loading={q.isLoading}
      options={targets.map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }))}
      value={items.map((i) => i.targetId)}
      onChange={(ids) =>
        p.onChange(
          targets
            .filter((r) => ids.includes(r.id))
            .map((r) => items.find((i) => i.targetId === r.id) ?? { targetId: r.id, strategyId: null }),
        )
      }
    />
  );
}

export const lessonPlansDef: ListScreenDef<TLessonPlanRow, typeof LessonPlanInput> = {
  key: 'lessonPlans',
  what: (t) => t('set.plan.lessonPlan'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  searchFields: search,
  columns: (t) => [
    { id: 'courseTypeName', header: t('set.plan.courseType') },
    { id: 'name', header: t('list.name') },
    { id: 'minutes', header: t('set.plan.minutes'), align: 'right' },
    { id: 'itemNames', header: t('set.plan.steps'), value: (r) => r.itemNames.join('、') },
  ],
  list: (a) => sdk.teaching.lessonPlanList({ query: listQuery(a) }),
  form: {
    schema: LessonPlanInput,
    defaults: (f) => ({
      validstatus: 1,
      sort: 0,
      minutes: 45,
      items: [],
      courseTypeCode: f.courseTypeCode ?? '',
    }),
    fields: (t) => [
      courseTypeField(t),
      { kind: 'text', name: 'name', label: t('list.name'), required: true },
      { kind: 'number', name: 'minutes', label: t('set.plan.minutes'), min: 5, max: 240 },
      {
        kind: 'custom',
        name: 'items',
        label: t('set.plan.steps'),
        required: true,
        wide: true,
        render: (p) => <LessonSteps {...p} />,
      },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 500 },
    ],
    save: (body) => sdk.teaching.lessonPlanSave({ body }),
  },
  status: { isOn: isValid, set: byId((i) => sdk.teaching.lessonPlanStatus(i)) },
};
