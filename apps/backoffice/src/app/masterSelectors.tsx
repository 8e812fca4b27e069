// Selectors over master data, cached by TanStack Query and shared by every screen, fed by the
// master-data endpoints. Short lists are labelled native selects; the long ones people search by
// name (campuses, courses, employees, teachers) are searchable comboboxes that also match pinyin. The region
// and campus selectors limited to the user's token scope are in ./selectors.tsx.
import { MIN_TEACHER_RANK, cityOptions } from '@bo/domain';
import { SearchSelect, Select } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocale, useT } from '../i18n';
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

/** Every valid region the user may see (server-scoped; administrators see all). */
export function RegionMasterSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'organisation', 'regions'],
    queryFn: () => sdk.organisation.allProvinceTypes(),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.region')} options={options} loading={q.isLoading} />
  );
}

/** Every valid campus the user may see, optionally of one region (fresh after a campus is saved). */
export function CampusMasterSelect(p: MasterSelectProps & { provincetypecode?: string }) {
  const t = useT();
  const region = p.provincetypecode || undefined;
  const q = useQuery({
    queryKey: ['master', 'organisation', 'campuses', region ?? ''],
    queryFn: () => sdk.organisation.allSchoolItems({ query: { provincetypecode: region } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () => (q.data ?? []).map((r) => ({ value: r.code, label: r.name, keywords: r.code })),
    [q.data],
  );
  return (
    <OptionsSelect
      {...p}
      searchable
      label={p.label ?? t('master.campus')}
      options={options}
      loading={q.isLoading}
    />
  );
}

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

export function CityRankSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'organisation', 'cityRanks'],
    queryFn: () => sdk.organisation.cityRankList({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.cityRank')} options={options} loading={q.isLoading} />
  );
}

/** Items of one system dictionary (e.g. business_type). */
export function DictSelect(p: MasterSelectProps & { dictType: string; label: string }) {
  const q = useQuery({
    queryKey: ['master', 'dictionaries', 'dict', p.dictType],
    queryFn: () => sdk.dictionaries.dictListAll({ query: { dictType: p.dictType, status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return <OptionsSelect {...p} options={options} loading={q.isLoading} />;
}

/** Enabled channels, optionally of some channel types. */
export function ChannelSelect(p: MasterSelectProps & { typeCodes?: string[] }) {
  const t = useT();
  const types = p.typeCodes?.join(',') ?? '';
  const q = useQuery({
    queryKey: ['master', 'clueSettings', 'channels', types],
    queryFn: () => sdk.clueSettings.channelListMulti({ query: { typeCodes: types || undefined } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.channel')} options={options} loading={q.isLoading} />
  );
}

export function ChannelTypeSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'clueSettings', 'channelTypes'],
    queryFn: () => sdk.clueSettings.channelTypes(),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect
      {...p}
      label={p.label ?? t('master.channelType')}
      options={options}
      loading={q.isLoading}
    />
  );
}

export function ChannelGroupSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'dictionaries', 'channelGroups'],
    queryFn: () => sdk.dictionaries.channelGroupList({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect
      {...p}
      label={p.label ?? t('master.channelGroup')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Enabled pay types (values are ids). */
export function PayTypeSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'finance', 'payTypes'],
    queryFn: () => sdk.finance.payTypes(),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.payType')} options={options} loading={q.isLoading} />
  );
}

/** Enabled bill types (values are ids). */
export function BillTypeSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'finance', 'billTypes'],
    queryFn: () => sdk.finance.billTypes(),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.billType')} options={options} loading={q.isLoading} />
  );
}

/** Tax rates (values are ids; labels show the rate). */
export function TaxRateSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'finance', 'taxRates'],
    queryFn: () => sdk.finance.taxRatePage({ body: { pageIdx: 1, pageSize: 500, validstatus: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () => (q.data?.list ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.rate}%)` })),
    [q.data],
  );
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.taxRate')} options={options} loading={q.isLoading} />
  );
}

/** Course categories (valid ones). */
export function CourseCategorySelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'courses', 'courseCategories'],
    queryFn: () => sdk.courses.categories({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect
      {...p}
      label={p.label ?? t('master.courseCategory')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Course ranks (valid ones), of one category when given. */
export function CourseRankSelect(p: MasterSelectProps & { coursecategorycode?: string }) {
  const t = useT();
  const cat = p.coursecategorycode || undefined;
  const q = useQuery({
    queryKey: ['master', 'courses', 'courseRanks', cat ?? ''],
    queryFn: () => sdk.courses.ranks({ query: { status: 1, coursecategorycode: cat } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.courseRank')} options={options} loading={q.isLoading} />
  );
}

/** Courses (valid ones), of one category and rank when given; values are course codes. */
export function CourseSelect(
  p: MasterSelectProps & { coursecategorycode?: string; courserankcode?: string },
) {
  const t = useT();
  const cat = p.coursecategorycode || undefined;
  const rank = p.courserankcode || undefined;
  const q = useQuery({
    queryKey: ['master', 'courses', 'courses', cat ?? '', rank ?? ''],
    queryFn: () =>
      sdk.courses.courses({ query: { status: 1, coursecategorycode: cat, courserankcode: rank } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () => (q.data ?? []).map((r) => ({ value: r.code, label: r.name, keywords: r.code })),
    [q.data],
  );
  return (
    <OptionsSelect
      {...p}
      searchable
      label={p.label ?? t('master.course')}
      options={options}
      loading={q.isLoading}
    />
  );
}

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
export function PostSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'employees', 'posts'],
    queryFn: () => sdk.employees.posts({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return <OptionsSelect {...p} label={p.label ?? t('master.post')} options={options} loading={q.isLoading} />;
}

/** Employee types (valid ones). */
export function EmployeeTypeSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'employees', 'employeeTypes'],
    queryFn: () => sdk.employees.types({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect
      {...p}
      label={p.label ?? t('master.employeeType')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Skill rank types (valid ones). */
export function SkillRankTypeSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'employees', 'skillRankTypes'],
    queryFn: () => sdk.employees.skillRankTypes({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return (
    <OptionsSelect
      {...p}
      label={p.label ?? t('master.skillRankType')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Skill ranks (valid ones). */
export function SkillRankSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'employees', 'skillRanks'],
    queryFn: () => sdk.employees.skillRanks({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () =>
      (q.data ?? []).map((r) => ({
        value: r.code,
        label: r.typeName ? `${r.typeName} · ${r.name}` : r.name,
      })),
    [q.data],
  );
  return (
    <OptionsSelect {...p} label={p.label ?? t('master.skillRank')} options={options} loading={q.isLoading} />
  );
}

/** Roles (values are the numeric role codes). */
export function RoleSelect(p: MasterSelectProps) {
  const t = useT();
  const q = useQuery({
    queryKey: ['master', 'system', 'roles'],
    queryFn: () => sdk.system.roles({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return <OptionsSelect {...p} label={p.label ?? t('master.role')} options={options} loading={q.isLoading} />;
}

/** Employed staff of a campus (or all in scope), by code. */
export function EmployeeSelect(p: MasterSelectProps & { schoolItemCode?: string }) {
  const t = useT();
  const campus = p.schoolItemCode || undefined;
  const q = useQuery({
    queryKey: ['master', 'employees', 'employees', campus ?? ''],
    queryFn: () => sdk.employees.codeAndName({ query: { schoolItemCode: campus } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () => (q.data ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })),
    [q.data],
  );
  return (
    <OptionsSelect
      {...p}
      searchable
      label={p.label ?? t('master.employee')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Teachers of at least a rank level (spec §9: minimum rank 2), of a campus if given. */
export function TeacherSelect(p: MasterSelectProps & { schoolItemCode?: string; minRank?: number }) {
  const t = useT();
  const campus = p.schoolItemCode || undefined;
  const minRank = p.minRank ?? MIN_TEACHER_RANK;
  const q = useQuery({
    queryKey: ['master', 'employees', 'teachersByMinRank', campus ?? '', minRank],
    queryFn: () => sdk.employees.teachersByMinRank({ query: { schoolItemCode: campus, minRank } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () => (q.data ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })),
    [q.data],
  );
  return (
    <OptionsSelect
      {...p}
      searchable
      label={p.label ?? t('master.teacher')}
      options={options}
      loading={q.isLoading}
    />
  );
}

/** Checkboxes of master data (subjects, campuses, roles) for a many-valued form field. */
function CheckGroup({
  id,
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  loading,
}: {
  id: string;
  label: string;
  options: readonly Opt[];
  value: unknown;
  onChange: (v: Value[]) => void;
  error?: string;
  disabled?: boolean;
  loading?: boolean;
}) {
  const selected = Array.isArray(value) ? (value as Value[]) : [];
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-busy={loading || undefined}
    >
      <legend className="mb-1 text-xs font-medium text-ink-2">{label}</legend>
      <div className="flex max-h-36 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto rounded-md border border-line p-2">
        {options.map((o) => (
          <label key={String(o.value)} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-500"
              disabled={disabled}
              checked={selected.some((s) => String(s) === String(o.value))}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? [...selected, o.value]
                    : selected.filter((s) => String(s) !== String(o.value)),
                )
              }
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type CheckFieldProps = {
  id: string;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  disabled?: boolean;
};

/** Subjects as checkboxes (values are subject ids). */
export function SubjectsField(p: CheckFieldProps) {
  const q = useQuery({
    queryKey: ['master', 'employees', 'subjects'],
    queryFn: () => sdk.employees.subjects({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.id, label: r.name })), [q.data]);
  return <CheckGroup {...p} options={options} loading={q.isLoading} />;
}

/** Roles as checkboxes (values are role codes). */
export function RolesField(p: CheckFieldProps) {
  const q = useQuery({
    queryKey: ['master', 'system', 'roles'],
    queryFn: () => sdk.system.roles({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return <CheckGroup {...p} options={options} loading={q.isLoading} />;
}

/** Course ranks as checkboxes (values are rank codes), grouped by category in the label. */
export function CourseRanksField(p: CheckFieldProps) {
  const q = useQuery({
    queryKey: ['master', 'courses', 'courseRanks', ''],
    queryFn: () => sdk.courses.ranks({ query: { status: 1 } }),
    staleTime: STALE,
  });
  const options = useMemo(
    () =>
      (q.data ?? []).map((r) => ({
        value: r.code,
        label: r.coursecategoryname ? `${r.coursecategoryname} · ${r.name}` : r.name,
      })),
    [q.data],
  );
  return <CheckGroup {...p} options={options} loading={q.isLoading} />;
}

/** Campuses as checkboxes (values are campus codes). */
export function CampusesField(p: CheckFieldProps) {
  const q = useQuery({
    queryKey: ['master', 'organisation', 'campuses', ''],
    queryFn: () => sdk.organisation.allSchoolItems({ query: {} }),
    staleTime: STALE,
  });
  const options = useMemo(() => (q.data ?? []).map((r) => ({ value: r.code, label: r.name })), [q.data]);
  return <CheckGroup {...p} options={options} loading={q.isLoading} />;
}

/**
 * A master selector as a field of a record form: `{ kind: 'custom', name, label, render: asFormField(CitySelect) }`.
 */
export function asFormField<P extends MasterSelectProps>(
  Component: (props: P) => React.ReactNode,
  extra?:
    | Omit<P, keyof MasterSelectProps>
    | ((values: Record<string, unknown>) => Omit<P, keyof MasterSelectProps>),
) {
  return function render(f: {
    id: string;
    label: string;
    value: unknown;
    onChange: (v: unknown) => void;
    error?: string;
    disabled?: boolean;
    values: Record<string, unknown>;
  }) {
    const more = typeof extra === 'function' ? extra(f.values) : (extra ?? {});
    const props = {
      ...more,
      id: f.id,
      label: f.label,
      value: (f.value ?? '') as Value | '',
      onChange: f.onChange,
      error: f.error,
      disabled: f.disabled,
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
