// A select one can type into (Headless UI Combobox: role=combobox, arrow keys, Enter, Escape),
// filtering by text, pinyin initials and full pinyin. For lists of people, campuses, courses and
// students, where a native select is too long to scroll.
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FieldShell, controlClass } from '../components/fields.js';
import { cx } from '../components/cx.js';
import { useListLabels } from '../list/labels.js';
import { loadPinyin, matchesPinyin, matchesPlain, type PinyinReader } from './pinyin.js';

export interface SearchSelectOption<V extends string | number = string> {
  value: V;
  label: string;
  /** More text the query may match (a code, a phone number). */
  keywords?: string;
}

export interface SearchSelectProps<V extends string | number = string> {
  options: ReadonlyArray<SearchSelectOption<V>>;
  value: V | '' | null | undefined;
  onChange: (value: V | '') => void;
  label?: string;
  id?: string;
  hint?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Text of the empty choice ('All' in a filter, 'Choose' in a form); omit to have none. */
  placeholder?: string;
  inline?: boolean;
  size?: 'sm' | 'md';
  wrapperClassName?: string;
  loading?: boolean;
  /** Told what the user types, for options the caller fetches by it (students by name or phone). */
  onQueryChange?: (query: string) => void;
}

/** At most this many matches are drawn; typing narrows the rest. */
const SHOWN = 100;

type Choice<V> = { value: V | ''; label: string; keywords?: string };

function usePinyin(): PinyinReader | undefined {
  const [reader, setReader] = useState<PinyinReader>();
  useEffect(() => {
    let live = true;
    // Without the dictionary the select still filters by plain text.
    loadPinyin().then(
      (r) => live && setReader(() => r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return reader;
}

export function SearchSelect<V extends string | number = string>({
  options,
  value,
  onChange,
  label,
  id,
  hint,
  error,
  required,
  disabled,
  placeholder,
  inline,
  size = 'md',
  wrapperClassName,
  loading,
  onQueryChange,
}: SearchSelectProps<V>) {
  const auto = useId();
  const fid = id ?? auto;
  const labels = useListLabels();
  const [query, setQuery] = useState('');
  const reader = usePinyin();
  const choices = useMemo<Choice<V>[]>(
    () => [...(placeholder !== undefined ? [{ value: '' as const, label: placeholder }] : []), ...options],
    [options, placeholder],
  );
  const readings = useMemo(
    () => (reader ? new Map(options.map((o) => [o, reader(o.label)] as const)) : undefined),
    [options, reader],
  );
  const filtered = useMemo(() => {
    if (query.trim() === '') return choices;
    return options.filter((o) => {
      if (matchesPlain(query, o.label) || (o.keywords && matchesPlain(query, o.keywords))) return true;
      const r = readings?.get(o);
      return r ? matchesPinyin(query, r) : false;
    });
  }, [query, choices, options, readings]);
  const selected = choices.find((c) => c.value !== '' && String(c.value) === String(value ?? '')) ?? null;
  const describedBy = error ? `${fid}-error` : hint ? `${fid}-hint` : undefined;

  return (
    <FieldShell
      id={fid}
      label={label}
      hint={hint}
      error={error}
      required={required}
      inline={inline}
      className={wrapperClassName}
    >
      <Combobox
        value={selected}
        by={(a, b) => (a === null || b === null ? a === b : String(a.value) === String(b.value))}
        onChange={(c: Choice<V> | null) => onChange(c ? c.value : '')}
        onClose={() => setQuery('')}
        disabled={disabled || loading}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            id={fid}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-busy={loading || undefined}
            autoComplete="off"
            placeholder={placeholder}
            displayValue={(c: Choice<V> | null) => c?.label ?? ''}
            onChange={(e) => {
              setQuery(e.target.value);
              onQueryChange?.(e.target.value);
            }}
            className={cx(controlClass, 'pr-8', size === 'sm' ? 'h-control-sm text-xs' : 'h-control')}
          />
          <ComboboxButton
            aria-hidden="true"
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-subtle"
          >
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path
                d="M3 4.5 6 7.5 9 4.5"
                stroke="currentColor"
                strokeWidth="1.5"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-64 w-(--input-width) min-w-44 overflow-y-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:4px] empty:invisible focus:outline-none"
        >
          {filtered.slice(0, SHOWN).map((c) => (
            <ComboboxOption
              key={String(c.value)}
              value={c}
              className={cx(
                'cursor-pointer truncate rounded-md px-2.5 py-1.5 select-none data-focus:bg-hover data-selected:font-medium data-selected:text-brand-600',
                c.value === '' && 'text-subtle',
              )}
            >
              {c.label}
            </ComboboxOption>
          ))}
          {filtered.length === 0 && (
            <div role="status" className="px-2.5 py-1.5 text-subtle">
              {labels.noMatch}
            </div>
          )}
          {filtered.length > SHOWN && (
            <div className="px-2.5 py-1.5 text-xs text-subtle">{labels.typeToNarrow(filtered.length)}</div>
          )}
        </ComboboxOptions>
      </Combobox>
    </FieldShell>
  );
}
