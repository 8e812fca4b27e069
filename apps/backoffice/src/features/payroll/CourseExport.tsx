// /staffsalary/courseexport: the hours behind a period — paid attendances of confirmed lessons and
// imported hours, as the computation reads them — listed and exported. Opens on the latest period
// holding payroll.
import type { THoursRow } from '@bo/api-sdk';
import { useMemo } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { tCode } from '../../i18n';
import { LatestPeriodNote, payTypeName, periodFields, periodOf, useLatestPeriod } from './common';

const courseExportDef = (filterDefaults: Record<string, string>): ListScreenDef<THoursRow> => ({
  key: 'payroll-courseexport',
  what: (t) => t('pay.hours'),
  rowId: (r) => `${r.source}-${r.id}`,
  filterDefaults,
  searchFields: (t) => periodFields(t, { keyword: true }),
  columns: (t) => [
    { id: 'day', header: t('pay.day'), fixed: true },
    { id: 'source', header: t('pay.source'), value: (r) => tCode(t, `pay.source.${r.source}`, r.source) },
    { id: 'schoolItemCode', header: t('pay.campus') },
    { id: 'teacherCode', header: t('pay.teacherCode') },
    { id: 'teacherName', header: t('pay.teacher') },
    { id: 'courseCode', header: t('pay.course') },
    { id: 'payType', header: t('pay.payType'), value: (r) => payTypeName(t, r.payType) },
    { id: 'status', header: t('pay.attendance'), value: (r) => tCode(t, `pay.att.${r.status}`, r.status) },
    { id: 'studentName', header: t('pay.student') },
    { id: 'hours', header: t('pay.hours'), align: 'right' },
  ],
  list: async (a) => {
    const p = periodOf(a.filters);
    if (!p) return { list: [], total: 0 };
    return sdk.payroll.hoursPage({ query: listQuery(a, p) });
  },
});

/** Opens on the latest month holding payroll (the hours a computation read), as the payslips do. */
export default function CourseExport() {
  const opening = useLatestPeriod();
  const def = useMemo(() => courseExportDef(opening.defaults), [opening.defaults]);
  if (!opening.ready) return null;
  return (
    <>
      <LatestPeriodNote latest={opening.latest} defaults={opening.defaults} />
      <ListScreenView def={def} />
    </>
  );
}
