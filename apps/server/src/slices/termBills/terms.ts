// The arithmetic of instalments: amounts by shares (no cent lost) and due dates by months.

import { daysInMonth } from '@bo/domain';

export { splitByShares } from '@bo/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The day `months` after `day` ('YYYY-MM-DD'), kept within the month: 2026-01-31 + 1 → 2026-02-28.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const t = new Date(`${day}T00:00:00Z`).getTime() + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Due dates of `n` terms: the first `firstDueDays` after `from`, then every `intervalMonths`. */
export function dueDates(from: string, firstDueDays: number, intervalMonths: number, n: number): string[] {
  const first = addDays(from, firstDueDays);
  return Array.from({ length: n }, (_, i) => addMonths(first, i * intervalMonths));
}
