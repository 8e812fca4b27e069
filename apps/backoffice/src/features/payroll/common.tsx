// Parts every payroll screen shares: the period and campus search fields (in the URL), the names of
// roles, line items and source types.
import type { TPayRole } from '@bo/api-sdk';
import type { SearchField } from '@bo/ui-kit';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { tCode, type TFunction } from '../../i18n';

const now = new Date();
/** The current period: what HR opens a payroll screen for. */
export const periodDefaults = { year: String(now.getFullYear()), month: String(now.getMonth() + 1) };

export function periodFields(t: TFunction, o: { keyword?: boolean } = {}): SearchField[] {
  return [
    { kind: 'year', name: 'year', label: t('pay.year') },
    {
      kind: 'select',
      name: 'month',
      label: t('pay.month'),
      options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('pay.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    ...(o.keyword ? [{ kind: 'text' as const, name: 'keyword', label: t('pay.employeeKeyword') }] : []),
  ];
}

/** The period of the filters, or null while the year is not a year. */
export function periodOf(f: Record<string, string>): { year: number; month: number } | null {
  const year = Number(f.year);
  const month = Number(f.month);
  if (!/^\d{4}$/.test(f.year ?? '') || !(month >= 1 && month <= 12)) return null;
  return { year, month };
}

export const roleName = (t: TFunction, r: TPayRole | string) => tCode(t, `pay.role.${r}`, r);

/** A pay type in words (the lesson kinds and training; a type of the company's own stays its code). */
export const payTypeName = (t: TFunction, type: string) => tCode(t, `pay.payType.${type}`, type);

/** A line's item as people read it: hours:<payType>:<status>, extra:<payType>, manual:<area>, … */
export function itemName(t: TFunction, item: string): string {
  const [head = '', a = '', b = ''] = item.split(':');
  if (head === 'hours')
    return t('pay.item.hours', { type: payTypeName(t, a), status: tCode(t, `pay.att.${b}`, b) });
  if (head === 'extra') return t('pay.item.extra', { type: payTypeName(t, a) });
  if (head === 'manual') return t('pay.item.manual');
  return tCode(t, `pay.item.${head}`, item);
}
