// /setting/salary: the salary periods (year, month and the dates a payroll month covers), the salary
// rules and the course → pay-type switch (the last two declared by the payroll feature).
import { SalaryPeriodInput, type TSalaryPeriodRow } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import type { ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { courseSwitch, salaryRules } from '../payroll/Rules';
import { ScreenFrame } from './ScreenFrame';
import { listTab, TabbedScreen } from './TabbedScreen';
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export const salaryPeriods: ListScreenDef<TSalaryPeriodRow, typeof SalaryPeriodInput> = {
  key: 'salaryPeriods',
  what: (t) => t('set.salaryPeriod'),
  rowId: (r) => String(r.id),
  rowName: (r) => `${r.year}-${String(r.month).padStart(2, '0')}`,
  searchFields: (t) => [
    { kind: 'text', name: 'year', label: t('set.year') },
    {
      kind: 'select',
      name: 'status',
      label: t('list.status'),
      options: [
        { value: '1', label: t('set.periodOpen') },
        { value: '0', label: t('set.periodClosed') },
      ],
    },
  ],
  columns: (t) => [
    { id: 'year', header: t('set.year'), sortable: true, align: 'right' },
    { id: 'month', header: t('set.month'), sortable: true, align: 'right' },
    { id: 'startDate', header: t('set.startDate'), sortable: true },
    { id: 'endDate', header: t('set.endDate') },
    {
      id: 'status',
      header: t('list.status'),
      value: (r) => (r.status === 1 ? t('set.periodOpen') : t('set.periodClosed')),
      cell: (r) => (
        <Badge tone={r.status === 1 ? 'success' : 'neutral'}>
          {r.status === 1 ? t('set.periodOpen') : t('set.periodClosed')}
        </Badge>
      ),
    },
    { id: 'remark', header: t('list.remark') },
  ],
  list: (a) =>
    sdk.employees.salaryPeriods({
      query: { year: a.filters.year || undefined, status: a.filters.status || undefined },
    }),
  // The server filters by year and status and answers every period; the screen pages them.
  filterRows: (rows) => rows,
  form: {
    schema: SalaryPeriodInput,
    defaults: () => ({ year: new Date().getFullYear(), month: new Date().getMonth() + 1, status: 1 }),
    fields: (t) => [
      {
        kind: 'number',
        name: 'year',
        label: t('set.year'),
        required: true,
        min: 2000,
        max: 2100,
        lockedOnEdit: true,
      },
      {
        kind: 'select',
        name: 'month',
        label: t('set.month'),
        required: true,
        lockedOnEdit: true,
        options: MONTHS.map((m) => ({ value: m, label: String(m) })),
      },
      { kind: 'date', name: 'startDate', label: t('set.startDate') },
      { kind: 'date', name: 'endDate', label: t('set.endDate') },
      { kind: 'switch', name: 'status', label: t('set.periodOpen'), onValue: 1, offValue: 0 },
      { kind: 'textarea', name: 'remark', label: t('list.remark'), maxLength: 200 },
    ],
    save: (body) => sdk.employees.salaryPeriodSave({ body }),
  },
};

export default function Salary() {
  const t = useT();
  return (
    <ScreenFrame description={t('set.salary.desc')}>
      <TabbedScreen
        tabs={[
          listTab('periods', t('pay.tab.periods'), salaryPeriods),
          listTab('rules', t('pay.tab.rules'), salaryRules),
          listTab('switch', t('pay.tab.switch'), courseSwitch),
        ]}
      />
    </ScreenFrame>
  );
}
