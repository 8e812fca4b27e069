// /financial/teacherClass: hours given per teacher over a period: lessons, confirmed lessons, student
// attendances by status, and the attendances the teacher is paid for (docs/teaching.md).
import type { TTeacherStatRow } from '@bo/api-sdk';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { campusField, periodField, statColumns, thisMonth } from './listParts';

export default defineListScreen<TTeacherStatRow>({
  key: 'teachingTeacherHours',
  what: (t) => t('teach.teacherRow'),
  rowId: (r) => r.teacherCode,
  filterDefaults: thisMonth(),
  searchFields: (t) => [campusField(t), periodField(t)],
  columns: (t) => [
    { id: 'teacherName', header: t('teach.teacher'), fixed: true },
    { id: 'lessons', header: t('teach.lessons'), align: 'right' },
    { id: 'confirmedLessons', header: t('teach.confirmedLessons'), align: 'right' },
    { id: 'paidAttendances', header: t('teach.paidAttendances'), align: 'right' },
    ...statColumns<TTeacherStatRow>(t),
  ],
  list: (a) => sdk.teaching.teacherStatistics({ body: listQuery(a) }),
});
