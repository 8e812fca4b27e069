// /financial/studentCost: hours each student consumed of each course over a period and their value
// at the price paid, summed from the ledger's attendance movements (a cancelled sign nets out).
import type { TStudentCostRow } from '@bo/api-sdk';
import { MoneyText } from '@bo/ui-kit';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { campusField, periodField, thisMonth } from './listParts';

export default defineListScreen<TStudentCostRow>({
  key: 'teachingStudentCost',
  what: (t) => t('teach.studentCostRow'),
  rowId: (r) => `${r.studentId}|${r.courseCode}`,
  filterDefaults: thisMonth(),
  searchFields: (t) => [
    campusField(t),
    periodField(t),
    { kind: 'text', name: 'name', label: t('teach.studentName') },
  ],
  columns: (t) => [
    { id: 'studentName', header: t('teach.name'), fixed: true },
    { id: 'studentCode', header: t('teach.studentCode') },
    { id: 'courseName', header: t('teach.course') },
    { id: 'lessons', header: t('teach.lessons'), align: 'right' },
    { id: 'consumedHours', header: t('teach.consumedHours'), align: 'right' },
    {
      id: 'consumedValue',
      header: t('teach.consumedValue'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.consumedValue} />,
      exportValue: (r) => Number(r.consumedValue),
    },
  ],
  list: (a) => sdk.teaching.pageStudentCost({ query: listQuery(a) }),
});
