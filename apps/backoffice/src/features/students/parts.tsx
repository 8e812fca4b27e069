// Pieces the case-file screens share: the status badge, the age, the adviser and student pickers.
import type { TStudentRow } from '@bo/api-sdk';
import { Badge, Select, TextField, type Tone } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT, type MessageKey, type TFunction } from '../../i18n';

/** A table cell's time: 'YYYY-MM-DD HH:mm' in the browser's time zone. */
export function DateTimeCell({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="text-subtle">—</span>;
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    <time dateTime={iso} className="tabular-nums">
      {`${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`}
    </time>
  );
}

const STATUS_KEYS: Partial<Record<number, MessageKey>> = {
  10: 'stu.status.10',
  20: 'stu.status.20',
  30: 'stu.status.30',
  90: 'stu.status.90',
};
const GENDER_KEYS: Partial<Record<number, MessageKey>> = {
  0: 'stu.gender.0',
  1: 'stu.gender.1',
  2: 'stu.gender.2',
};
const METHOD_KEYS: Partial<Record<number, MessageKey>> = {
  1: 'stu.follow.method.1',
  2: 'stu.follow.method.2',
  3: 'stu.follow.method.3',
  4: 'stu.follow.method.4',
};
const named = (keys: Partial<Record<number, MessageKey>>) => (t: TFunction, v: number) => {
  const k = keys[v];
  return k ? t(k) : String(v);
};
/** The name of a student status, a gender, a follow method. */
export const statusText = named(STATUS_KEYS);
export const genderText = named(GENDER_KEYS);
export const methodText = named(METHOD_KEYS);

const STATUS_TONE: Record<number, Tone> = { 10: 'success', 20: 'warning', 30: 'neutral', 90: 'danger' };

export function StatusBadge({ status }: { status: number }) {
  const t = useT();
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{statusText(t, status)}</Badge>;
}

export const statusOptions = (t: TFunction) =>
  [10, 20, 30].map((s) => ({ value: String(s), label: statusText(t, s) }));

export const genderOptions = (t: TFunction) => [0, 1, 2].map((g) => ({ value: g, label: genderText(t, g) }));

/** '5岁3个月' from whole months. */
export function ageText(t: TFunction, months: number | null): string {
  if (months === null) return '';
  return t('stu.ageValue', { years: Math.floor(months / 12), months: months % 12 });
}

export const detailPath = (r: Pick<TStudentRow, 'code'>) =>
  `/students/studentDetail?code=${encodeURIComponent(r.code)}`;
export const editPath = (r: Pick<TStudentRow, 'code'>) =>
  `/students/editStudent?code=${encodeURIComponent(r.code)}`;

/** Search a student by name, code or mobile (the server's picker) and choose one. */
export function StudentPicker({
  value,
  onChange,
  error,
  label,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  label?: string;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(h);
  }, [text]);
  const q = useQuery({
    queryKey: ['students', 'byName', query],
    queryFn: () => sdk.students.byName({ query: { name: query } }),
    enabled: query !== '',
  });
  const options = (q.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name}（${s.code}，${s.parentName} ${s.phone}，${s.schoolItemName ?? s.schoolItemCode}）`,
  }));
  useEffect(() => {
    // One match: take it, so typing a full name or code is enough.
    const only = q.data?.length === 1 ? q.data[0] : undefined;
    if (only && value !== only.id) onChange(only.id);
  }, [q.data, value, onChange]);
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <TextField
        id={`${id}-search`}
        label={t('stu.pickPlaceholder')}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Select<string>
        id={`${id}-pick`}
        label={label ?? t('stu.pick')}
        error={error}
        required
        disabled={options.length === 0}
        value={value === null ? '' : String(value)}
        onChange={(v) => onChange(v === '' ? null : Number(v))}
        options={options}
        placeholder={t('stu.pick')}
      />
    </div>
  );
}
