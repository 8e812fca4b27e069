// /financial/classConfirm: the teachers' class-hour confirmations of a period (kind classHourConfirm:
// campus head → finance) on the one approval screen, the original and the supplementary ones (lessons
// confirmed after the original); the detail lists exactly the lessons submitted, so the approver sees
// what payroll will pay, and every confirmation of the period with the lessons each covers.
import type { TClassHourDetail, TClassHourRow } from '@bo/api-sdk';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalScreen, type ApprovalScreenDef } from '../orders/approvalScreen';
import { Field, approvalStatusName } from '../orders/parts';
import { periodFields, periodText } from './common';

/** What a confirmation approves: its lessons, and every confirmation of the period with the lessons each covers. */
export function ClassConfirmSubject({ d }: { d: TClassHourDetail }) {
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
        <Field label={t('ops.confirmKind')}>{t(`ops.confirmKind.${d.confirmationKind}`)}</Field>
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
            <th className="text-right">{t('ops.lessonNo')}</th>
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
              <td className="text-right">#{l.lessonId}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-sm" aria-label={t('ops.periodConfirmations')}>
        <caption className="text-left font-medium">{t('ops.periodConfirmations')}</caption>
        <thead>
          <tr className="text-left text-muted">
            <th>{t('ops.confirmKind')}</th>
            <th>{t('ops.confirmStatus')}</th>
            <th className="text-right">{t('ops.lessons')}</th>
            <th className="text-right">{t('ops.hours')}</th>
            <th>{t('ops.coveredLessons')}</th>
          </tr>
        </thead>
        <tbody>
          {d.periodConfirmations.map((c) => (
            <tr key={c.confirmationId} className="border-t border-line">
              <td>
                {t(`ops.confirmKind.${c.kind}`)} #{c.approvalId}
                {c.confirmationId === d.confirmationId ? t('ops.thisConfirmation') : ''}
              </td>
              <td>{approvalStatusName(t, c.status)}</td>
              <td className="text-right">{c.lessonCount}</td>
              <td className="text-right">{c.hours}</td>
              <td>{c.lessonIds.map((id) => `#${id}`).join(' ')}</td>
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
    {
      id: 'confirmationKind',
      header: t('ops.confirmKind'),
      value: (r) => t(`ops.confirmKind.${r.confirmationKind}`),
    },
    { id: 'lessonCount', header: t('ops.lessons'), align: 'right' },
    { id: 'hours', header: t('ops.hours'), align: 'right' },
  ],
  subject: (d) => <ClassConfirmSubject d={d} />,
  subjectSlices: ['classHours', 'payroll'],
  withoutAmount: true,
};

export default function ClassConfirm() {
  return <ApprovalScreen def={def} />;
}
