// Parts every payroll screen shares: the period and campus search fields (in the URL), the names of
// roles, line items and source types.
import type { QueryOf, contract, TPayRole } from '@bo/api-sdk';
import { Button, type SearchField } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';

const now = new Date();
/** The current period: what HR opens a payroll screen for. */
export const periodDefaults = { year: String(now.getFullYear()), month: String(now.getMonth() + 1) };

export type Period = { year: number; month: number };
const asFilters = (p: Period) => ({ year: String(p.year), month: String(p.month) });

/** What the latest period is asked of: an area's lines, or one item's (the class bonus). */
export type LatestOf = QueryOf<typeof contract.payroll.latestPeriod>;

/**
 * The latest period holding payroll in the user's campuses (of an area's lines, or of one item's
 * such as the class bonus, when given), asked of the server: payroll screens open on it
 * (`defaults`), the current period when there is none yet. `ready` is false while it is asked, so a
 * list is not first read for an empty month.
 */
export function useLatestPeriod(of: LatestOf = {}): {
  ready: boolean;
  latest: Period | null;
  defaults: Record<string, string>;
} {
  const { area, item } = of;
  const q = useQuery({
    queryKey: ['payroll', 'latestPeriod', area ?? '', item ?? ''],
    queryFn: () =>
      sdk.payroll.latestPeriod({ query: { ...(area ? { area } : {}), ...(item ? { item } : {}) } }),
  });
  const latest = q.data ?? null;
  const y = latest?.year;
  const m = latest?.month;
  const defaults = useMemo(() => (y && m ? asFilters({ year: y, month: m }) : periodDefaults), [y, m]);
  return { ready: !q.isPending, latest, defaults };
}

/** Where the latest payroll is, with a button to open it, when the list shows another period. */
export function LatestPeriodNote({
  latest,
  defaults = periodDefaults,
  kjbonus = false,
}: {
  latest: Period | null;
  /** The period the screen opens on without one in the URL. */
  defaults?: Record<string, string>;
  /** The latest period is the class bonus's (useLatestPeriod({ item: 'kjbonus' })), said so. */
  kjbonus?: boolean;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  if (!latest)
    return (
      <p className="text-sm text-slate-500">{t(kjbonus ? 'pay.latest.kjbonusNone' : 'pay.latest.none')}</p>
    );
  const shown = {
    year: params.get('year') ?? defaults.year,
    month: params.get('month') ?? defaults.month,
  };
  const wanted = asFilters(latest);
  if (shown.year === wanted.year && shown.month === wanted.month) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      {t(kjbonus ? 'pay.latest.kjbonusIs' : 'pay.latest.is', { year: latest.year, month: latest.month })}
      <Button
        size="sm"
        onClick={() => {
          const next = new URLSearchParams(params);
          next.set('year', wanted.year);
          next.set('month', wanted.month);
          next.delete('page');
          setParams(next);
        }}
      >
        {t('pay.latest.open')}
      </Button>
    </p>
  );
}

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
