// The period search fields the payroll operations screens share (kept in the URL).
import type { SearchField } from '@bo/ui-kit';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import type { TFunction } from '../../i18n';

const now = new Date();
/** The current period: what a payroll screen opens on. */
export const periodDefaults = { year: String(now.getFullYear()), month: String(now.getMonth() + 1) };

export const periodText = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export function periodFields(t: TFunction, o: { campus?: boolean } = {}): SearchField[] {
  return [
    { kind: 'text', name: 'year', label: t('ops.year'), placeholder: t('list.yearPlaceholder') },
    {
      kind: 'select',
      name: 'month',
      label: t('ops.month'),
      options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    },
    ...(o.campus === false
      ? []
      : [
          {
            kind: 'custom' as const,
            name: 'schoolItemCode',
            label: t('ops.campus'),
            render: asSearchField(CampusMasterSelect),
          },
        ]),
  ];
}

/** The period of the filters, or null while the year is not a year. */
export function periodOf(f: Record<string, string>): { year: number; month: number } | null {
  const month = Number(f.month);
  if (!/^\d{4}$/.test(f.year ?? '') || !(month >= 1 && month <= 12)) return null;
  return { year: Number(f.year), month };
}
