// Picks a student by typing a name, code or phone (the server searches; at most 20 answers), within
// a campus when given. The picked student stays shown while new answers arrive.
import type { z } from 'zod';
import type { StudentPick } from '@bo/api-sdk';
import { SearchSelect } from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { useDebounced } from './useDebounced';

export type TStudentPick = z.infer<typeof StudentPick>;

export function StudentPicker({
  id,
  label,
  value,
  onPick,
  error,
  required,
  disabled,
  schoolItemCode,
  initial,
}: {
  id?: string;
  label: string;
  value: number | undefined;
  onPick: (student: TStudentPick | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  schoolItemCode?: string;
  /** The student already chosen (from the URL or a loaded order). */
  initial?: TStudentPick | null;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<TStudentPick | null>(initial ?? null);
  const text = useDebounced(typed.trim(), 250).value;
  const q = useQuery({
    queryKey: ['students', 'byName', text, schoolItemCode ?? ''],
    enabled: text.length > 0,
    queryFn: ({ signal }) =>
      sdk.students.byName({ query: { name: text, schoolitemcode: schoolItemCode || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
  const shown = picked ?? initial ?? null;
  const found = q.data;
  const options = useMemo(() => {
    const all = [...(shown ? [shown] : []), ...(found ?? []).filter((s) => s.id !== shown?.id)];
    return all.map((s) => ({
      value: s.id,
      label: `${s.name}（${s.code}）`,
      keywords: `${s.code} ${s.phone} ${s.parentName}`,
      student: s,
    }));
  }, [shown, found]);
  return (
    <SearchSelect<number>
      id={id}
      label={label}
      error={error}
      required={required}
      disabled={disabled}
      placeholder={t('ord.searchStudent')}
      value={value ?? ''}
      options={options}
      onQueryChange={setTyped}
      onChange={(v) => {
        const s = options.find((o) => o.value === v)?.student ?? null;
        setPicked(s);
        onPick(s);
      }}
    />
  );
}
