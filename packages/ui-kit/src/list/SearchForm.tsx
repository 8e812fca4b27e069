// The search form of a list screen: drafts locally, trims strings on submit (spec §5), resets.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/Button.js';
import { Select, TextField } from '../components/fields.js';
import { DateRangeInput } from '../inputs/DateRangeInput.js';
import { useListLabels } from './labels.js';
import { trimValues } from './params.js';
import type { SearchField } from './types.js';

export interface SearchFormProps {
  fields: readonly SearchField[];
  /** The applied values (from the URL). */
  values: Record<string, string>;
  onSubmit: (values: Record<string, string>) => void;
  onReset: () => void;
  /** Accessible name of the form. */
  label?: string;
  /** More controls after the search and reset buttons (the saved-views menu). */
  extra?: ReactNode;
}

/** The years a year picker offers: the last ten and the next, plus a year the URL already holds. */
export function yearOptions(current?: string, now = new Date()): { value: string; label: string }[] {
  const y = now.getFullYear();
  const years = new Set(Array.from({ length: 11 }, (_, i) => String(y + 1 - i)));
  if (current && /^\d{4}$/.test(current)) years.add(current);
  return [...years].sort((a, b) => Number(b) - Number(a)).map((v) => ({ value: v, label: v }));
}

export function SearchForm({ fields, values, onSubmit, onReset, label, extra }: SearchFormProps) {
  const L = useListLabels();
  const uid = useId();
  const [draft, setDraft] = useState(values);
  const applied = JSON.stringify(values);
  // Back/forward or a reset elsewhere changes the applied values: show them.
  useEffect(() => setDraft(JSON.parse(applied) as Record<string, string>), [applied]);

  // A value a field fills in by itself before the user touches the form (a selector preselecting the
  // user's only campus) is applied at once: a filter shown as chosen must be the filter the rows obey.
  const touched = useRef(false);
  const autoApply = useRef<Record<string, string> | null>(null);
  const set = (name: string, value: string) =>
    setDraft((d) => {
      const next = { ...d, [name]: value };
      if (!touched.current && (values[name] ?? '') === '' && value !== '') autoApply.current = next;
      return next;
    });
  useEffect(() => {
    const next = autoApply.current;
    if (!next) return;
    autoApply.current = null;
    onSubmit(trimValues(next));
  });
  const touch = () => {
    touched.current = true;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = trimValues(draft);
    setDraft(trimmed);
    onSubmit(trimmed);
  };

  return (
    <form
      role="search"
      aria-label={label ?? L.search}
      onSubmit={submit}
      onFocusCapture={touch}
      onPointerDownCapture={touch}
      className="flex flex-wrap items-end gap-x-4 gap-y-3"
    >
      {fields.map((f) => {
        const id = `${uid}-${f.name}`;
        switch (f.kind) {
          case 'text':
            return (
              <TextField
                key={f.name}
                id={id}
                label={f.label}
                placeholder={f.placeholder}
                value={draft[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
                wrapperClassName="w-48"
              />
            );
          case 'select':
            return (
              <Select
                key={f.name}
                id={id}
                label={f.label}
                options={f.options}
                placeholder={f.placeholder ?? L.all}
                value={draft[f.name] ?? ''}
                onChange={(v) => set(f.name, String(v))}
                wrapperClassName="w-44"
              />
            );
          case 'month':
            return (
              <TextField
                key={f.name}
                id={id}
                type="month"
                label={f.label}
                value={draft[f.name] ?? ''}
                onChange={(e) => set(f.name, e.target.value)}
                wrapperClassName="w-44"
              />
            );
          case 'year':
            return (
              <Select
                key={f.name}
                id={id}
                label={f.label}
                options={yearOptions(draft[f.name])}
                placeholder={L.all}
                value={draft[f.name] ?? ''}
                onChange={(v) => set(f.name, String(v))}
                wrapperClassName="w-32"
              />
            );
          case 'dateRange':
            return (
              <DateRangeInput
                key={f.name}
                id={id}
                label={f.label}
                value={{ start: draft[f.startName] ?? '', end: draft[f.endName] ?? '' }}
                onChange={(r) => setDraft((d) => ({ ...d, [f.startName]: r.start, [f.endName]: r.end }))}
              />
            );
          case 'custom':
            return (
              <div key={f.name} className="w-48">
                {f.render({
                  id,
                  label: f.label,
                  value: draft[f.name] ?? '',
                  onChange: (v) => set(f.name, v),
                })}
              </div>
            );
        }
      })}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          {L.search}
        </Button>
        <Button
          type="button"
          onClick={() => {
            onReset();
          }}
        >
          {L.reset}
        </Button>
        {extra}
      </div>
    </form>
  );
}
