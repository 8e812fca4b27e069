// Selectors over master data, cached by TanStack Query and shared by every screen, fed by the
// master-data endpoints. Short lists are labelled native selects; the long ones people search by
// name (campuses, courses, employees, teachers) are searchable comboboxes that also match pinyin. The region
// and campus selectors limited to the user's token scope are in ./selectors.tsx.
import { MIN_TEACHER_RANK, ROLE, cityOptions } from '@bo/domain';
import { CheckGroup, FormControl, SearchSelect, Select, type SchemaForm } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useLocale, useT, type MessageKey } from '../i18n';
import { sdk } from './sdk';

type Value = string | number;

export interface MasterSelectProps {
  value: Value | '' | null | undefined;
  onChange: (value: Value | '') => void;
  label?: string;
  id?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Text of the empty choice (default: 'All' in filters, 'Choose' in forms). */
  placeholder?: string;
  className?: string;
  size?: 'sm' | 'md';
}

interface Opt {
  value: Value;
  label: string;
  /** More text a searchable select matches (a code). */
  keywords?: string;
}

/** Master data changes rarely; a minute of freshness, refetched after any save (the list binding invalidates). */
const STALE = 60_000;

function OptionsSelect({
  options,
  loading,
  value,
  onChange,
  label,
  id,
  error,
  required,
  disabled,
  placeholder,
  className,
  size,
  searchable,
}: MasterSelectProps & { options: readonly Opt[]; loading?: boolean; label: string; searchable?: boolean }) {
  const t = useT();
  // Keep the value's type (number ids stay numbers; codes stay strings).
  const strOptions = useMemo(
    () => options.map((o) => ({ value: String(o.value), label: o.label })),
    [options],
  );
  if (searchable)
    return (
      <SearchSelect<Value>
        id={id}
        label={label}
        error={error}
        required={required}
        disabled={disabled}
        loading={loading}
        value={value}
        onChange={onChange}
        options={options}
        placeholder={placeholder ?? t('master.choose')}
        wrapperClassName={className}
        size={size}
      />
    );
  return (
    <Select
      id={id}
      label={label}
      error={error}
      required={required}
      disabled={disabled || loading}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? '' : (options.find((o) => String(o.value) === v)?.value ?? v))}
      options={strOptions}
      placeholder={placeholder ?? t('master.choose')}
      wrapperClassName={className}
      size={size}
    />
  );
}

/**
 * Where a master list comes from: its cache key (under 'master'), how to fetch it, how a row reads as
 * a choice. Parameters (a region, a category) come from the selector's props.
 */
interface MasterSource<R, P> {
  key: (p: P) => readonly unknown[];
  fetch: (p: P) => Promise<readonly R[]>;
  option: (row: R) => Opt;
}

const source = <R, P extends object = object>(s: MasterSource<R, P>) => s;
const NONE: readonly Opt[] = [];

/** The choices of a source, cached a minute; the rows stay in the cache as fetched (others read them too). */
function useMasterOptions<R, P extends object>(s: MasterSource<R, P>, p: P) {
  const q = useQuery({
    queryKey: ['master', ...s.key(p)],
    queryFn: () => s.fetch(p),
    staleTime: STALE,
    select: (rows: readonly R[]) => rows.map(s.option),
  });
  return { options: q.data ?? NONE, loading: q.isLoading };
}

/** A labelled select over a source (searchable for the long lists people find by name). */
function masterSelect<R, P extends object = object>(
  s: MasterSource<R, P>,
  o: { label?: MessageKey; searchable?: boolean },
) {
  return function MasterSelect(p: MasterSelectProps & P) {
    const t = useT();
    const { options, loading } = useMasterOptions(s, p);
    return (
      <OptionsSelect
        {...p}
        searchable={o.searchable}
        label={p.label ?? (o.label ? t(o.label) : '')}
        options={options}
        loading={loading}
      />
    );
  };
}

export type CheckFieldProps = {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
};

/** Checkboxes over a source, for a many-valued form field (subjects, roles, campuses). */
function masterChecks<R>(s: MasterSource<R, object>) {
  return function MasterChecks(p: CheckFieldProps) {
    const { options, loading } = useMasterOptions(s, {});
    return <CheckGroup<Value> {...p} options={options} loading={loading} />;
  };
}

const regions = source({
  key: () => ['organisation', 'regions'],
  fetch: () => sdk.organisation.allProvinceTypes(),
  option: (r) => ({ value: r.code, label: r.name }),
});
const campuses = source({
  key: (p: { provincetypecode?: string }) => ['organisation', 'campuses', p.provincetypecode || ''],
  fetch: (p) =>
    sdk.organisation.allSchoolItems({ query: { provincetypecode: p.provincetypecode || undefined } }),
  option: (r) => ({ value: r.code, label: r.name, keywords: r.code }),
});
const roles = source({
  key: () => ['system', 'roles'],
  fetch: () => sdk.system.roles({ query: { status: 1 } }),
  option: (r) => ({ value: r.code, label: r.name }),
});
const courseRanks = source({
  key: (p: { coursecategorycode?: string }) => ['courses', 'courseRanks', p.coursecategorycode || ''],
  fetch: (p) =>
    sdk.courses.ranks({ query: { status: 1, coursecategorycode: p.coursecategorycode || undefined } }),
  option: (r) => ({ value: r.code, label: r.name }),
});

/** Every valid region the user may see (server-scoped; administrators see all). */
export const RegionMasterSelect = masterSelect(regions, { label: 'master.region' });

/** Every valid campus the user may see, optionally of one region (fresh after a campus is saved). */
export const CampusMasterSelect = masterSelect(campuses, { label: 'master.campus', searchable: true });

/** Cities, headed by the two centres (−1 brand traffic centre, −2 operations management centre) unless withCentres is false. */
export function CitySelect(p: MasterSelectProps & { withCentres?: boolean }) {
  const t = useT();
  const [locale] = useLocale();
  const q = useQuery({
    queryKey: ['master', 'organisation', 'cities'],
    queryFn: () => sdk.organisation.cityList(),
    staleTime: STALE,
  });
  const options = useMemo(
    () => cityOptions(q.data ?? [], { withCentres: p.withCentres ?? true, locale }),
    [q.data, p.withCentres, locale],
  );
  return <OptionsSelect {...p} label={p.label ?? t('master.city')} options={options} loading={q.isLoading} />;
}

export const CityRankSelect = masterSelect(
  source({
    key: () => ['organisation', 'cityRanks'],
    fetch: () => sdk.organisation.cityRankList({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.cityRank' },
);

/** Items of one system dictionary (e.g. business_type); the caller names it. */
export const DictSelect: (p: MasterSelectProps & { dictType: string; label: string }) => React.ReactNode =
  masterSelect(
    source({
      key: (p: { dictType: string }) => ['dictionaries', 'dict', p.dictType],
      fetch: (p) => sdk.dictionaries.dictListAll({ query: { dictType: p.dictType, status: 1 } }),
      option: (r) => ({ value: r.code, label: r.name }),
    }),
    {},
  );

/** Enabled tags of a type (1 clue tags, 2 student tags), chosen by the tag record's id. */
export function TagSelect(p: MasterSelectProps & { tagType: 1 | 2; label: string }) {
  const q = useQuery({
    queryKey: ['master', 'dictionaries', 'tags', p.tagType],
    queryFn: () => sdk.dictionaries.tagListForTag({ query: { tagType: p.tagType } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), [q.data]);
  return <OptionsSelect {...p} options={options} loading={q.isLoading} />;
}

/** Enabled channels, optionally of some channel types. */
export const ChannelSelect = masterSelect(
  source({
    key: (p: { typeCodes?: string[] }) => ['clueSettings', 'channels', p.typeCodes?.join(',') ?? ''],
    fetch: (p) =>
      sdk.clueSettings.channelListMulti({ query: { typeCodes: p.typeCodes?.join(',') || undefined } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.channel' },
);

export const ChannelTypeSelect = masterSelect(
  source({
    key: () => ['clueSettings', 'channelTypes'],
    fetch: () => sdk.clueSettings.channelTypes(),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.channelType' },
);

export const ChannelGroupSelect = masterSelect(
  source({
    key: () => ['dictionaries', 'channelGroups'],
    fetch: () => sdk.dictionaries.channelGroupList({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.channelGroup' },
);

/** Enabled pay types (values are ids). */
export const PayTypeSelect = masterSelect(
  source({
    key: () => ['finance', 'payTypes'],
    fetch: () => sdk.finance.payTypes(),
    option: (r) => ({ value: r.id, label: r.name }),
  }),
  { label: 'master.payType' },
);

/** Enabled bill types (values are ids). */
export const BillTypeSelect = masterSelect(
  source({
    key: () => ['finance', 'billTypes'],
    fetch: () => sdk.finance.billTypes(),
    option: (r) => ({ value: r.id, label: r.name }),
  }),
  { label: 'master.billType' },
);

/** Tax rates (values are ids; labels show the rate). */
export const TaxRateSelect = masterSelect(
  source({
    key: () => ['finance', 'taxRates'],
    fetch: async () =>
      (await sdk.finance.taxRatePage({ body: { pageIdx: 1, pageSize: 500, validstatus: 1 } })).list,
    option: (r) => ({ value: r.id, label: `${r.name} (${r.rate}%)` }),
  }),
  { label: 'master.taxRate' },
);

/** Course categories (valid ones). */
export const CourseCategorySelect = masterSelect(
  source({
    key: () => ['courses', 'courseCategories'],
    fetch: () => sdk.courses.categories({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.courseCategory' },
);

/** Course ranks (valid ones), of one category when given. */
export const CourseRankSelect = masterSelect(courseRanks, { label: 'master.courseRank' });

const courses = source({
  key: (p: { coursecategorycode?: string; courserankcode?: string }) => [
    'courses',
    'courses',
    p.coursecategorycode || '',
    p.courserankcode || '',
  ],
  fetch: (p) =>
    sdk.courses.courses({
      query: {
        status: 1,
        coursecategorycode: p.coursecategorycode || undefined,
        courserankcode: p.courserankcode || undefined,
      },
    }),
  option: (r) => ({ value: r.code, label: r.name, keywords: r.code }),
});

/** Courses (valid ones), of one category and rank when given; values are course codes. */
export const CourseSelect = masterSelect(courses, { label: 'master.course', searchable: true });

/** Valid training targets of the teaching-plan library, of one course type (assist_course_type code). */
export const PlanTargetSelect = masterSelect(
  source({
    key: (p: { courseTypeCode: string }) => ['teaching', 'planTargets', p.courseTypeCode],
    fetch: async (p) =>
      p.courseTypeCode
        ? (
            await sdk.teaching.planTargetList({
              query: { courseTypeCode: p.courseTypeCode, status: 1, pageIdx: 1, pageSize: 500 },
            })
          ).list
        : [],
    option: (r) => ({ value: r.id, label: `${r.code} ${r.name}`, keywords: r.code }),
  }),
  { label: 'master.planTarget' },
);
/** Valid intervene objects of one course type. */
export const PlanObjectSelect = masterSelect(
  source({
    key: (p: { courseTypeCode: string }) => ['teaching', 'planObjects', p.courseTypeCode],
    fetch: async (p) =>
      p.courseTypeCode
        ? (
            await sdk.teaching.planObjectList({
              query: { courseTypeCode: p.courseTypeCode, status: 1, pageIdx: 1, pageSize: 500 },
            })
          ).list
        : [],
    option: (r) => ({ value: r.id, label: r.name }),
  }),
  { label: 'master.planObject' },
);

/** Valid courses as checkboxes (values are course codes). */
export const CoursesField = masterChecks(courses);

export interface CourseCascadeValue {
  coursecategorycode: string;
  courserankcode: string;
  coursecode: string;
}

/** Category → rank → course: choosing a category clears the rank and course below it. */
export function CourseCascade({
  value,
  onChange,
  disabled,
}: {
  value: CourseCascadeValue;
  onChange: (v: CourseCascadeValue) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <CourseCategorySelect
        value={value.coursecategorycode}
        disabled={disabled}
        onChange={(v) => onChange({ coursecategorycode: String(v), courserankcode: '', coursecode: '' })}
      />
      <CourseRankSelect
        value={value.courserankcode}
        coursecategorycode={value.coursecategorycode}
        disabled={disabled}
        onChange={(v) => onChange({ ...value, courserankcode: String(v), coursecode: '' })}
      />
      <CourseSelect
        value={value.coursecode}
        coursecategorycode={value.coursecategorycode}
        courserankcode={value.courserankcode}
        disabled={disabled}
        onChange={(v) => onChange({ ...value, coursecode: String(v) })}
      />
    </div>
  );
}

/** Posts (valid ones). */
export const PostSelect = masterSelect(
  source({
    key: () => ['employees', 'posts'],
    fetch: () => sdk.employees.posts({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.post' },
);

/** Employee types (valid ones). */
export const EmployeeTypeSelect = masterSelect(
  source({
    key: () => ['employees', 'employeeTypes'],
    fetch: () => sdk.employees.types({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.employeeType' },
);

/** Skill rank types (valid ones). */
export const SkillRankTypeSelect = masterSelect(
  source({
    key: () => ['employees', 'skillRankTypes'],
    fetch: () => sdk.employees.skillRankTypes({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.name }),
  }),
  { label: 'master.skillRankType' },
);

/** Skill ranks (valid ones). */
export const SkillRankSelect = masterSelect(
  source({
    key: () => ['employees', 'skillRanks'],
    fetch: () => sdk.employees.skillRanks({ query: { status: 1 } }),
    option: (r) => ({ value: r.code, label: r.typeName ? `${r.typeName} · ${r.name}` : r.name }),
  }),
  { label: 'master.skillRank' },
);

/** Roles (values are the numeric role codes). */
export const RoleSelect = masterSelect(roles, { label: 'master.role' });

/** Employed staff of a campus (or all in scope), by code. */
export const EmployeeSelect = masterSelect(
  source({
    key: (p: { schoolItemCode?: string }) => ['employees', 'employees', p.schoolItemCode || ''],
    fetch: (p) => sdk.employees.codeAndName({ query: { schoolItemCode: p.schoolItemCode || undefined } }),
    option: (r) => ({ value: r.code, label: `${r.name} (${r.code})` }),
  }),
  { label: 'master.employee', searchable: true },
);

/** Who takes a clue over: consultants and the heads above them (supervisors, centre leaders, directors). */
export const CONSULTANT_ROLES: readonly number[] = [
  ROLE.consultant,
  ROLE.supervisor,
  ROLE.centreLeader,
  ROLE.director,
];

/**
 * Enabled staff accounts holding any of `roleCodes` (default: CONSULTANT_ROLES), of a campus if given,
 * by user id: the assignee of a clue or resource (transfer, distribution, sending).
 */
export const StaffUserSelect = masterSelect(
  source({
    key: (p: { schoolItemCode?: string | null; roleCodes?: readonly number[] }) => [
      'resources',
      'usersByRoles',
      (p.roleCodes ?? CONSULTANT_ROLES).join(','),
      p.schoolItemCode ?? '',
    ],
    fetch: (p) =>
      sdk.resources.getUserListByRoles({
        body: {
          roleCodes: [...(p.roleCodes ?? CONSULTANT_ROLES)],
          schoolItemCode: p.schoolItemCode || undefined,
        },
      }),
    option: (u) => ({ value: u.id, label: `${u.name} (${u.username})`, keywords: u.username }),
  }),
  { label: 'master.employee', searchable: true },
);

/**
 * Staff of a campus by post role (`kind` of /hr/commissioners: 1 consultants, 2 growth consultants,
 * 3 supervisors, 4 centre leaders) who hold an account, by user id: an order's adviser, a commissioner.
 */
export const CommissionerSelect = masterSelect(
  source({
    key: (p: { schoolItemCode?: string; kind?: 1 | 2 | 3 | 4 }) => [
      'employees',
      'commissioners',
      p.schoolItemCode ?? '',
      p.kind ?? 1,
    ],
    fetch: async (p) =>
      p.schoolItemCode
        ? (
            await sdk.employees.commissionersOfKind({ params: { id: p.schoolItemCode, kind: p.kind ?? 1 } })
          ).flatMap((e) => (e.userId === null ? [] : [{ ...e, userId: e.userId }]))
        : [],
    option: (e) => ({ value: e.userId, label: `${e.name} (${e.code})`, keywords: e.code }),
  }),
  { label: 'master.employee', searchable: true },
);

/** Who may advise students of a campus (active users working at it), by user id. */
export const AdviserSelect = masterSelect(
  source({
    key: (p: { campus: string }) => ['students', 'advisers', p.campus],
    fetch: async (p) => (p.campus ? sdk.students.advisers({ query: { schoolItemCode: p.campus } }) : []),
    option: (u) => ({ value: u.id, label: `${u.name} (${u.username})` }),
  }),
  { label: 'master.employee' },
);

/** Teachers of at least a rank level (spec §9: minimum rank 2), of a campus if given. */
export const TeacherSelect = masterSelect(
  source({
    key: (p: { schoolItemCode?: string; minRank?: number }) => [
      'employees',
      'teachersByMinRank',
      p.schoolItemCode || '',
      p.minRank ?? MIN_TEACHER_RANK,
    ],
    fetch: (p) =>
      sdk.employees.teachersByMinRank({
        query: { schoolItemCode: p.schoolItemCode || undefined, minRank: p.minRank ?? MIN_TEACHER_RANK },
      }),
    option: (r) => ({ value: r.code, label: `${r.name} (${r.code})` }),
  }),
  { label: 'master.teacher', searchable: true },
);

/**
 * What a form-kit field over a selector takes (docs/forms.md): the form and the field's name (checked
 * against its schema), the label, and the selector's own props (a campus, a rank).
 */
export interface FormSelectorProps<In extends FieldValues> {
  form: SchemaForm<In, unknown>;
  name: Path<In>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  /**
   * What an emptied choice sets: '' (`'blank'`, the default for codes: the schema's "choose" message)
   * or no value (`'absent'`, the default for numeric ids: a field the schema may leave out).
   */
  empty?: 'blank' | 'absent';
  /** After a choice: what else it changes (another field it scopes, such as a campus's consultant). */
  onPicked?: (value: Value | '') => void;
}

/**
 * A selector as a field of a schema form: the form kit's FormControl wired once (id, label, value,
 * change, error, required mark) instead of a render block per dialog. `numeric`: the value is a
 * number (an id), otherwise a code.
 */
export function formSelector<P extends MasterSelectProps>(
  Component: (props: P) => ReactNode,
  o: { numeric?: boolean } = {},
) {
  return function FormSelector<In extends FieldValues>(
    p: FormSelectorProps<In> & Omit<P, keyof MasterSelectProps>,
  ) {
    const { form, name, label, required, disabled, placeholder, className, empty, onPicked } = p;
    // The selector's own props (a campus, a rank); the form's travel along unread.
    const own: Omit<P, keyof MasterSelectProps> = p;
    const blank = (empty ?? (o.numeric ? 'absent' : 'blank')) === 'blank' ? '' : undefined;
    return (
      <FormControl
        form={form}
        name={name}
        label={label}
        required={required}
        disabled={disabled}
        render={(c) => {
          const props = {
            ...own,
            id: c.id,
            label: c.label,
            value: typeof c.value === (o.numeric ? 'number' : 'string') ? c.value : '',
            onChange: (v: Value | '') => {
              c.onChange(v === '' ? blank : o.numeric ? Number(v) : String(v));
              onPicked?.(v);
            },
            error: c.error,
            required: c.required,
            disabled: c.disabled,
            placeholder,
            className,
          } as P;
          return <Component {...props} />;
        }}
      />
    );
  };
}

/** Campuses (CampusMasterSelect) as a form-kit field: the value is the campus's code. */
export const FormCampusSelect = formSelector(CampusMasterSelect);
/** Channels (ChannelSelect) as a form-kit field: the value is the channel's code. */
export const FormChannelSelect = formSelector(ChannelSelect);
/** Teachers (TeacherSelect) as a form-kit field: the value is the teacher's code. */
export const FormTeacherSelect = formSelector(TeacherSelect);
/** Courses (CourseSelect) as a form-kit field: the value is the course's code. */
export const FormCourseSelect = formSelector(CourseSelect);
/** Staff accounts (StaffUserSelect) as a form-kit field: the value is the user's id, none when emptied. */
export const FormStaffUserSelect = formSelector(StaffUserSelect, { numeric: true });
/** A student's adviser (AdviserSelect) as a form-kit field: the value is the user's id. */
export const FormAdviserSelect = formSelector(AdviserSelect, { numeric: true });
/** A campus's staff with an account (CommissionerSelect) as a form-kit field: the value is the user's id. */
export const FormCommissionerSelect = formSelector(CommissionerSelect, { numeric: true });

/** Subjects as checkboxes (values are subject ids). */
export const SubjectsField = masterChecks(
  source({
    key: () => ['employees', 'subjects'],
    fetch: () => sdk.employees.subjects({ query: { status: 1 } }),
    option: (r) => ({ value: r.id, label: r.name }),
  }),
);

/** Roles as checkboxes (values are role codes). */
export const RolesField = masterChecks(roles);

/** Regions as checkboxes (values are region codes; the server scopes them to the signed-in user). */
export const RegionsField = masterChecks(regions);

/** Course ranks as checkboxes (values are rank codes), grouped by category in the label. */
export const CourseRanksField = masterChecks(
  source({
    ...courseRanks,
    option: (r) => ({
      value: r.code,
      label: r.coursecategoryname ? `${r.coursecategoryname} · ${r.name}` : r.name,
    }),
  }),
);

/** Campuses as checkboxes (values are campus codes). */
export const CampusesField = masterChecks(campuses);

/**
 * A master selector as a field of a record form: `{ kind: 'custom', name, label, render: asFormField(CitySelect) }`;
 * `extra` gives the selector's own props, from the form's values when they depend on another field (a
 * campus). `numeric`: the value is an id (a number), left out when emptied, as `formSelector` does.
 */
export function asFormField<P extends MasterSelectProps>(
  Component: (props: P) => React.ReactNode,
  extra?:
    | Omit<P, keyof MasterSelectProps>
    | ((values: Record<string, unknown>) => Omit<P, keyof MasterSelectProps>),
  o: { numeric?: boolean; placeholder?: string } = {},
) {
  return function render(f: {
    id: string;
    label: string;
    value: unknown;
    onChange: (v: unknown) => void;
    error?: string;
    required?: boolean;
    disabled?: boolean;
    values: Record<string, unknown>;
  }) {
    const more = typeof extra === 'function' ? extra(f.values) : (extra ?? {});
    const props = {
      ...more,
      id: f.id,
      label: f.label,
      value: o.numeric ? (typeof f.value === 'number' ? f.value : '') : ((f.value ?? '') as Value | ''),
      onChange: o.numeric ? (v: Value | '') => f.onChange(v === '' ? undefined : Number(v)) : f.onChange,
      error: f.error,
      required: f.required,
      disabled: f.disabled,
      placeholder: o.placeholder,
    } as P;
    return <Component {...props} />;
  };
}

/** A master selector as a search field of a list: `{ kind: 'custom', name, label, render: asSearchField(CampusMasterSelect) }`. */
export function asSearchField<P extends MasterSelectProps>(
  Component: (props: P) => React.ReactNode,
  extra?: Omit<P, keyof MasterSelectProps>,
) {
  function Filter({ f }: { f: { id: string; label: string; value: string; onChange: (v: string) => void } }) {
    const t = useT();
    const props = {
      ...(extra ?? {}),
      id: f.id,
      label: f.label,
      value: f.value,
      onChange: (v: Value | '') => f.onChange(String(v)),
      placeholder: t('master.all'),
    } as P;
    return <Component {...props} />;
  }
  return function render(f: { id: string; label: string; value: string; onChange: (v: string) => void }) {
    return <Filter f={f} />;
  };
}
