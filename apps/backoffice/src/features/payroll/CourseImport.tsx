// /staffsalary/courseimport: class hours given outside the timetable (external work, home
// intervention, emergency cover), imported from the template with the dry run and the row-error
// workbook of every import; they pay at the teacher's rate of their pay type.
import type { TExtraHoursRow } from '@bo/api-sdk';
import { defineListScreen, listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { payTypeName } from './common';

export default defineListScreen<TExtraHoursRow>({
  key: 'payroll-courseimport',
  what: (t) => t('pay.hours'),
  rowId: (r) => String(r.id),
  searchFields: (t) => [
    { kind: 'month', name: 'month', label: t('pay.month') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('pay.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    { kind: 'text', name: 'keyword', label: t('pay.employeeKeyword') },
  ],
  columns: (t) => [
    { id: 'workDate', header: t('pay.workDate'), fixed: true },
    { id: 'schoolItemCode', header: t('pay.campus') },
    { id: 'teacherCode', header: t('pay.teacherCode') },
    { id: 'teacherName', header: t('pay.teacher'), exportValue: false },
    // The pay type's name; the export keeps the code the import reads back.
    { id: 'payType', header: t('pay.payType'), cell: (r) => payTypeName(t, r.payType) },
    { id: 'hours', header: t('pay.hours'), align: 'right' },
    { id: 'remark', header: t('pay.note') },
  ],
  list: (a) => sdk.payroll.extraHoursPage({ query: listQuery(a) }),
  importRows: {
    call: (body) => sdk.payroll.extraHoursImportRows({ body }),
    columns: (t) => [
      { key: 'schoolItemCode', header: t('pay.campus') },
      { key: 'teacherCode', header: t('pay.teacherCode') },
      { key: 'workDate', header: t('pay.workDate') },
      { key: 'payType', header: t('pay.payType') },
      { key: 'hours', header: t('pay.hours') },
      { key: 'remark', header: t('pay.note') },
    ],
  },
  importFile: { call: (file) => sdk.payroll.extraHoursUpload({ file }) },
  template: {
    call: () => sdk.payroll.extraHoursTemplate(),
    filename: (t) => `${t('pay.importTemplate')}.xlsx`,
  },
});
