// /financial/studentClass: every student's hours per course — bought, gift, consumed, remaining,
// booked in lessons not yet given, still bookable, and the remaining paid value; the whole filtered
// result exported.
import type { TRemainRow } from '@bo/api-sdk';
import { MoneyText } from '@bo/ui-kit';
import { defineListScreen, listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';

export default defineListScreen<TRemainRow>({
  key: 'teachingRemain',
  what: (t) => t('teach.remainRow'),
  rowId: (r) => `${r.studentId}|${r.courseCode}`,
  searchFields: (t) => [
    { kind: 'text', name: 'name', label: t('teach.name') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('teach.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  columns: (t) => [
    { id: 'studentName', header: t('teach.name'), fixed: true },
    { id: 'studentCode', header: t('teach.studentCode') },
    { id: 'courseName', header: t('teach.course') },
    { id: 'boughtHours', header: t('teach.bought'), align: 'right' },
    { id: 'giftHours', header: t('teach.gift'), align: 'right' },
    { id: 'consumedHours', header: t('teach.consumedHours'), align: 'right' },
    { id: 'remainingHours', header: t('teach.remaining'), align: 'right' },
    { id: 'scheduledHours', header: t('teach.booked'), align: 'right' },
    { id: 'schedulableHours', header: t('teach.bookable'), align: 'right', defaultHidden: true },
    {
      id: 'remainingValue',
      header: t('teach.remainingValue'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.remainingValue} />,
      exportValue: (r) => Number(r.remainingValue),
    },
  ],
  list: (a) => sdk.teaching.pageCourseRemain({ query: listQuery(a) }),
});
