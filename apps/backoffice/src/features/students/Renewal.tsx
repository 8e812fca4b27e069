// /students/renewal: reading students whose service ends within N days (default 30) or has ended, or
// whose hours left on the ledger run below H (default 10), soonest end first, so advisers talk to the families about renewal in time.
import type { TStudentRow } from '@bo/api-sdk';
import { Badge } from '@bo/ui-kit';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { studentColumns, studentSearch } from './columns';

const DAY = 86_400_000;
const daysLeft = (end: string | null) =>
  end === null ? null : Math.ceil((new Date(`${end}T23:59:59+08:00`).getTime() - Date.now()) / DAY);

const renewalDef: ListScreenDef<TStudentRow> = {
  key: 'studentsRenewal',
  what: (t) => t('stu.student'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.name,
  filterDefaults: { endWithinDays: '30', hoursBelow: '10' },
  searchFields: (t) => [
    ...studentSearch(t, { status: false }),
    {
      kind: 'select',
      name: 'endWithinDays',
      label: t('stu.renewal.within'),
      options: [7, 15, 30, 60, 90].map((n) => ({ value: String(n), label: t('stu.renewal.days', { n }) })),
    },
    {
      kind: 'select',
      name: 'hoursBelow',
      label: t('stu.renewal.hoursBelow'),
      options: [5, 10, 20, 40].map((n) => ({ value: String(n), label: t('stu.renewal.hours', { n }) })),
    },
  ],
  columns: (t) => [
    ...studentColumns(t).filter((c) => c.id !== 'createdAt' && c.id !== 'serviceEndDate'),
    { id: 'remainingHours', header: t('stu.life.remaining'), align: 'right' },
    { id: 'serviceEndDate', header: t('stu.serviceEndDate') },
    {
      id: 'daysLeft',
      header: t('stu.renewal.daysLeft'),
      align: 'right',
      value: (r) => daysLeft(r.serviceEndDate),
      cell: (r) => {
        const d = daysLeft(r.serviceEndDate);
        if (d === null) return '—';
        return d < 0 ? (
          <Badge tone="danger">{t('stu.renewal.expired')}</Badge>
        ) : (
          <Badge tone={d <= 7 ? 'warning' : 'neutral'}>{d}</Badge>
        );
      },
    },
  ],
  list: (a) =>
    sdk.students.students({
      query: {
        ...listQuery(a),
        status: 10,
        endWithinDays: Number(a.filters.endWithinDays || '30'),
        hoursBelow: Number(a.filters.hoursBelow || '10'),
        sort: 'serviceEndDate',
        order: 'asc',
      },
    }),
};

export default function Renewal() {
  const t = useT();
  return (
    <ScreenFrame description={t('stu.renewal.desc')}>
      <ListScreenView def={renewalDef} />
    </ScreenFrame>
  );
}
