// Region and campus selectors limited to the user's own provinceTypes and schoolItems (spec §6).
// Type 1 adds 'All' (code 0); type 2 has none. A single real option is preselected. Campuses are
// many: their selector is searchable (name, code, pinyin initials).
import { preselect, scopeOptions, type Option } from '@bo/domain';
import { SearchSelect, Select } from '@bo/ui-kit';
import { useEffect, useMemo } from 'react';
import { useLocale, useT } from '../i18n';
import { useUser } from './session';

type Code = string | number;

export interface ScopeSelectProps {
  value: Code | '' | null | undefined;
  onChange: (value: Code | '') => void;
  /** 1: with 'All' (code 0); 2: without. */
  type?: 1 | 2;
  label?: string;
  /** Campus selector only: keep campuses of this region (code 0 or empty: all). */
  provinceTypeCode?: Code | '' | null;
  size?: 'sm' | 'md';
  inline?: boolean;
  className?: string;
  disabled?: boolean;
}

function usePreselect(
  options: readonly Option[],
  value: ScopeSelectProps['value'],
  onChange: ScopeSelectProps['onChange'],
  required = false,
) {
  const only = preselect(options, required);
  useEffect(() => {
    if (only !== undefined && (value === '' || value === null || value === undefined)) onChange(only);
  }, [only, value, onChange]);
}

function toSelectOptions(options: readonly Option[]) {
  return options.map((o) => ({ value: String(o.value), label: o.label }));
}

/** The regions of the signed-in user. */
export function RegionSelect({
  value,
  onChange,
  type = 1,
  label,
  size,
  inline,
  className,
  disabled,
}: ScopeSelectProps) {
  const user = useUser();
  const t = useT();
  const [locale] = useLocale();
  const options = useMemo(() => scopeOptions(user?.provinceTypes, type, locale), [user, type, locale]);
  usePreselect(options, value, onChange);
  return (
    <Select
      label={label ?? t('shell.selector.region')}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? '' : (options.find((o) => String(o.value) === v)?.value ?? v))}
      options={toSelectOptions(options)}
      placeholder={type === 2 && options.length !== 1 ? t('shell.selector.choose') : undefined}
      size={size}
      inline={inline}
      wrapperClassName={className}
      disabled={disabled}
    />
  );
}

/** The campuses of the signed-in user, optionally within one region. */
export function CampusSelect({
  value,
  onChange,
  type = 1,
  label,
  provinceTypeCode,
  size,
  inline,
  className,
  disabled,
}: ScopeSelectProps) {
  const user = useUser();
  const t = useT();
  const [locale] = useLocale();
  const options = useMemo(() => {
    const items = (user?.schoolItems ?? []).filter(
      (s) =>
        provinceTypeCode === undefined ||
        provinceTypeCode === null ||
        provinceTypeCode === '' ||
        String(provinceTypeCode) === '0' ||
        s.provincetypecode === String(provinceTypeCode),
    );
    return scopeOptions(items, type, locale);
  }, [user, type, locale, provinceTypeCode]);
  // A list of one campus at a time (type 2) opens on the user's first campus rather than empty.
  usePreselect(options, value, onChange, type === 2);
  return (
    <SearchSelect<Code>
      label={label ?? t('shell.selector.campus')}
      value={value}
      onChange={onChange}
      options={options.map((o) => ({ value: o.value, label: o.label, keywords: String(o.value) }))}
      placeholder={type === 2 && options.length !== 1 ? t('shell.selector.choose') : undefined}
      size={size}
      inline={inline}
      wrapperClassName={className}
      disabled={disabled}
    />
  );
}
