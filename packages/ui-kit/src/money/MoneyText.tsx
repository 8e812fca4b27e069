// Read-only money: '¥1,234.50' from integer cents or a yuan amount, tabular, negatives marked.
import { formatAmount, fromCents, toChineseCurrency } from '@bo/domain';
import { cx } from '../components/cx.js';
import { useMoneyLabels } from './labels.js';

/** Integer cents or a yuan amount ('12.50', 12.5); null and undefined show a dash. */
export type MoneyValue = { cents: number | bigint | null | undefined } | { yuan: unknown };

/** The yuan text of a money value ('1234.50'), or null when there is none. */
export function yuanOf(v: MoneyValue): string | null {
  if ('cents' in v) {
    if (v.cents === null || v.cents === undefined) return null;
    if (typeof v.cents === 'number' && !Number.isSafeInteger(v.cents)) return null;
    return fromCents(v.cents);
  }
  if (v.yuan === null || v.yuan === undefined || v.yuan === '') return null;
  return String(v.yuan);
}

/** '¥1,234.50' or '-¥12.00'; '—' when there is no amount. */
export function formatMoney(v: MoneyValue): string {
  const y = yuanOf(v);
  if (y === null) return '—';
  const text = formatAmount(y);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/**
 * A money cell: `<MoneyText cents={row.payableCents} />` or `<MoneyText yuan={row.amount} />`.
 * `strong` for totals; negatives (discounts, refunds) are coloured.
 */
export function MoneyText({
  className,
  strong,
  ...value
}: MoneyValue & { className?: string; strong?: boolean }) {
  const text = formatMoney(value);
  return (
    <span
      className={cx(
        'whitespace-nowrap tabular-nums',
        text.startsWith('-') && 'text-danger-600',
        strong && 'font-semibold',
        className,
      )}
    >
      {text}
    </span>
  );
}

/** The amount in Chinese capitals, labelled ('大写：壹佰元整'); nothing for no amount or a negative one. */
export function AmountCapitals({
  className,
  label,
  ...value
}: MoneyValue & { className?: string; label?: string }) {
  const labels = useMoneyLabels();
  const y = yuanOf(value);
  if (y === null || y.startsWith('-')) return null;
  return (
    <span className={cx('text-xs text-muted', className)}>
      {label ?? labels.capitals}：<span className="text-ink-2">{toChineseCurrency(y)}</span>
    </span>
  );
}
