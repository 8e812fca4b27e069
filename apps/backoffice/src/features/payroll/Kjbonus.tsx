// /staffsalary/kjbonus: the period's class bonuses (课酬奖金) — teachers whose paid hours reached
// their rule's threshold (docs/payroll.md).
import type { TKjbonusRow } from '@bo/api-sdk';
import { MoneyText } from '@bo/ui-kit';
import { useMemo } from 'react';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { LatestPeriodNote, periodFields, periodOf, useLatestPeriod } from './common';

const kjbonusDef = (filterDefaults: Record<string, string>): ListScreenDef<TKjbonusRow> => ({
  key: 'payroll-kjbonus',
  what: (t) => t('pay.item.kjbonus'),
  rowId: (r) => `${r.schoolItemCode}|${r.employeeCode}`,
  rowName: (r) => r.employeeName,
  filterDefaults,
  searchFields: (t) => periodFields(t),
  columns: (t) => [
    { id: 'employeeName', header: t('pay.teacher'), fixed: true },
    { id: 'employeeCode', header: t('pay.employeeCode') },
    { id: 'schoolItemCode', header: t('pay.campus') },
    { id: 'hours', header: t('pay.hours'), align: 'right' },
    { id: 'threshold', header: t('pay.threshold'), align: 'right' },
    {
      id: 'bonus',
      header: t('pay.bonus'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.bonus} />,
      exportValue: (r) => Number(r.bonus),
    },
  ],
  list: async (a) => {
    const p = periodOf(a.filters);
    if (!p) return [];
    return sdk.payroll.kjbonus({ query: { ...p, schoolItemCode: a.filters.schoolItemCode || undefined } });
  },
});

/**
 * Opens on the latest month holding class bonuses in the user's campuses, over all of them (a later
 * month may hold payroll but no bonus yet); a period or campus in the URL wins.
 */
export default function Kjbonus() {
  const opening = useLatestPeriod({ item: 'kjbonus' });
  const def = useMemo(() => kjbonusDef(opening.defaults), [opening.defaults]);
  if (!opening.ready) return null;
  return (
    <>
      <LatestPeriodNote latest={opening.latest} defaults={opening.defaults} kjbonus />
      <ListScreenView def={def} />
    </>
  );
}
