// Picks an order by typing what the family gives: the student's name or code, a phone number, or the
// order's code (the server searches the caller's campuses; at most 20 answers, newest first).
import type { TOrderRow } from '@bo/api-sdk';
import { SearchSelect, formatMoney } from '@bo/ui-kit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { useDebounced } from './useDebounced';

/** How an order reads in a picker: code, student, amount and state. */
export const orderOptionLabel = (o: TOrderRow) =>
  `${o.code} · ${o.studentName}（${o.studentCode}） · ${formatMoney({ yuan: o.payable })} · ${o.statusName}`;

export function OrderPicker({
  id,
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  status,
}: {
  id?: string;
  label: string;
  /** The picked order's code. */
  value: string;
  onChange: (orderCode: string) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Only orders in this state (e.g. effective ones for a refund). */
  status?: number;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<TOrderRow | null>(null);
  const text = useDebounced(typed.trim(), 250).value;
  const q = useQuery({
    queryKey: ['orders', 'pick', text, status ?? ''],
    enabled: text.length > 0,
    queryFn: ({ signal }) =>
      sdk.orders.incomeOrders({ query: { keyword: text, status, pageIdx: 1, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
  const found = q.data?.list;
  const options = useMemo(() => {
    const shown = picked && picked.code === value ? [picked] : [];
    const all = [...shown, ...(found ?? []).filter((o) => o.code !== shown[0]?.code)];
    return all.map((o) => ({
      value: o.code,
      label: orderOptionLabel(o),
      // The server matched these by what was typed (a phone too), so the typed text keeps them shown.
      keywords: `${o.studentName} ${o.studentCode} ${o.code} ${text}`,
      order: o,
    }));
  }, [picked, value, found, text]);
  return (
    <SearchSelect<string>
      id={id}
      label={label}
      error={error}
      required={required}
      disabled={disabled}
      placeholder={t('ord.searchOrder')}
      value={value}
      options={options}
      onQueryChange={setTyped}
      onChange={(v) => {
        setPicked(options.find((o) => o.value === v)?.order ?? null);
        onChange(String(v ?? ''));
      }}
    />
  );
}
