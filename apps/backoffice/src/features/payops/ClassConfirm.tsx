// /financial/classConfirm: the teachers' class-hour confirmations of a period (kind classHourConfirm:
// campus head → finance) on the one approval screen; the detail lists the lessons submitted, so the
// approver sees what payroll will pay.
import type { TClassHourDetail, TClassHourRow } from '@bo/api-sdk';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalScreen, type ApprovalScreenDef } from '../orders/approvalScreen';
import { Field } from '../orders/parts';
import { periodFields, periodText } from './common';

function Subject({ d }: { d: TClassHourDetail }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Field label={t('ops.teacher')}>
          {d.teacherName ?? d.teacherCode} · {d.teacherCode}
        </Field>
        <Field label={t('ops.period')}>
          {periodText(d.year, d.month)} ({d.startDate} ~ {d.endDate})
        </Field>
        <Field label={t('ops.lessons')}>{d.lessonCount}</Field>
        <Field label={t('ops.hours')}>{d.hours}</Field>
      </dl>
      <table className="w-full text-sm" aria-label={t('ops.lessons')}>
        <thead>
          <tr className="text-left text-muted">
            <th>{t('ops.lessonDate')}</th>
            <th>{t('ops.time')}</th>
            <th>{t('ops.course')}</th>
            <th className="text-right">{t('ops.hours')}</th>
            <th className="text-right">{t('ops.students')}</th>
            <th className="text-right">{t('ops.paidAttendances')}</th>
          </tr>
        </thead>
        <tbody>
          {d.lessons.map((l) => (
            <tr key={l.lessonId} className="border-t border-line">
              <td>{l.lessonDate}</td>
              <td>{l.time}</td>
              <td>{l.courseName}</td>
              <td className="text-right">{l.hours}</td>
              <td className="text-right">{l.students}</td>
              <td className="text-right">{l.paidAttendances}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const def: ApprovalScreenDef<TClassHourRow, TClassHourDetail> = {
  key: 'payops-classConfirm',
  what: (t) => t('ops.classConfirm'),
  list: (a) => sdk.classHours.list({ query: listQuery(a) }),
  detail: (id) => sdk.classHours.detail({ params: { id } }),
  searchFields: (t) => [...periodFields(t), { kind: 'text', name: 'keyword', label: t('ops.keyword') }],
  subjectColumns: (t) => [
    {
      id: 'teacherName',
      header: t('ops.teacher'),
      fixed: true,
      value: (r) => r.teacherName ?? r.teacherCode,
    },
    {
      id: 'schoolItemName',
      header: t('ops.campus'),
      value: (r) => r.schoolItemName ?? r.schoolItemCode ?? '',
    },
    { id: 'period', header: t('ops.period'), value: (r) => periodText(r.year, r.month) },
    { id: 'lessonCount', header: t('ops.lessons'), align: 'right' },
    { id: 'hours', header: t('ops.hours'), align: 'right' },
  ],
  subject: (d) => <Subject d={d} />,
  subjectSlices: ['classHours', 'payroll'],
  withoutAmount: true,
};

export default function ClassConfirm() {
  return <ApprovalScreen def={def} />;
}
