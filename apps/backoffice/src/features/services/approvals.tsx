// The student-service approval kinds on the one approval-screen declaration of the money screens
// (features/orders/approvalScreen.tsx): leave, make-up, temporary absence, transfer school and
// refund applications. Rows and details come from each slice's list (the approvals' one row shape).
import type { TAbsenceRow, TRefundApplicationRow, TSchoolTransferRow } from '@bo/api-sdk';
import type { ListColumn } from '@bo/ui-kit';
import { listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';
import type { ApprovalScreenDef } from '../orders/approvalScreen';
import { Field } from '../orders/parts';

type AbsenceDetail = Awaited<ReturnType<typeof sdk.absences.leaveApprovalDetail>>;
type TransferDetail = Awaited<ReturnType<typeof sdk.schoolTransfers.detail>>;
type ApplicationDetail = Awaited<ReturnType<typeof sdk.refundApplications.flowDetail>>;

export const absenceStateName = (t: TFunction, s: number) => tCode(t, `svc.state.${s}`, String(s));

const searchFields = (t: TFunction) => [
  { kind: 'text' as const, name: 'keyword', label: t('svc.keyword') },
  {
    kind: 'custom' as const,
    name: 'schoolItemCode',
    label: t('svc.campus'),
    render: asSearchField(CampusMasterSelect),
  },
];

const studentColumns = <
  R extends { subjectName: string; schoolItemName: string | null; schoolItemCode: string | null },
>(
  t: TFunction,
): ListColumn<R>[] => [
  { id: 'subjectName', header: t('svc.student'), fixed: true, value: (r) => r.subjectName },
  {
    id: 'schoolItemName',
    header: t('svc.campus'),
    value: (r) => r.schoolItemName ?? r.schoolItemCode ?? '',
  },
];

function AbsenceSubject({ d }: { d: TAbsenceRow }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('svc.student')}>
        {d.subjectName} · {d.studentCode}
      </Field>
      <Field label={d.type === 'makeup' ? t('svc.makeupDate') : t('svc.period')}>
        {d.fromDate === d.toDate ? d.fromDate : `${d.fromDate} ~ ${d.toDate}`}
        {d.timeSpan ? ` ${d.timeSpan}` : ''}
      </Field>
      {d.type !== 'temporaryAbsence' && (
        <Field label={t('svc.courses')}>{d.courseNames.join('、') || t('svc.allCourses')}</Field>
      )}
      {d.type === 'makeup' && (
        <Field label={t('svc.missed')}>
          {d.missedDate ?? '—'} · {d.hours ?? 0} {t('svc.hours')}
        </Field>
      )}
      <Field label={t('svc.reason')}>{d.reason}</Field>
    </dl>
  );
}

const absenceDef = (
  key: string,
  what: (t: TFunction) => string,
  list: typeof sdk.absences.leavePage,
  detail: (id: number, row: TAbsenceRow) => Promise<AbsenceDetail>,
  subjectSlices: readonly string[],
): ApprovalScreenDef<TAbsenceRow, AbsenceDetail> => ({
  key,
  what,
  list: (a) => list({ query: listQuery(a) }),
  detail,
  searchFields,
  subjectColumns: (t) => [
    ...studentColumns<TAbsenceRow>(t),
    {
      id: 'period',
      header: t('svc.period'),
      value: (r) => (r.fromDate === r.toDate ? r.fromDate : `${r.fromDate} ~ ${r.toDate}`),
    },
    { id: 'reason', header: t('svc.reason') },
  ],
  subject: (d) => <AbsenceSubject d={d} />,
  subjectSlices,
  withoutAmount: true,
  rejectQuestion: (t) => t('svc.confirmReject'),
});

export const leaveApprovalDef = absenceDef(
  'leaveApprovals',
  (t) => t('svc.leaveApproval'),
  (a) => sdk.absences.leavePage(a),
  (id) => sdk.absences.leaveApprovalDetail({ params: { id } }),
  ['absences'],
);
export const makeupApprovalDef = absenceDef(
  'makeupApprovals',
  (t) => t('svc.makeupApproval'),
  (a) => sdk.absences.makeupApprovalPage(a),
  (id) => sdk.absences.makeupApprovalDetail({ params: { id } }),
  ['absences', 'students'],
);
export const absenceApprovalDef = absenceDef(
  'absenceApprovals',
  (t) => t('svc.absence'),
  (a) => sdk.absences.temporaryAbsencePage(a),
  (_id, row) => sdk.absences.temporaryAbsenceInfo({ params: { id: row.absenceId } }),
  ['absences'],
);

function TransferSubject({ d }: { d: TransferDetail }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('svc.student')}>
        {d.subjectName} · {d.studentCode}
      </Field>
      <Field label={t('svc.fromCampus')}>{d.fromSchoolItemName ?? d.fromSchoolItemCode}</Field>
      <Field label={t('svc.toCampus')}>{d.toSchoolItemName ?? d.toSchoolItemCode}</Field>
      <Field label={t('svc.transferStatus')}>
        {tCode(t, `svc.transferStatus.${d.transferStatus}`, String(d.transferStatus))}
        {d.transferStatus === 20 ? ` · ${t('svc.movedOrders')} ${d.movedOrders}` : ''}
      </Field>
      <Field label={t('svc.reason')}>{d.reason}</Field>
    </dl>
  );
}

export const transferApprovalDef: ApprovalScreenDef<TSchoolTransferRow, TransferDetail> = {
  key: 'schoolTransfers',
  what: (t) => t('svc.transfer'),
  list: (a) => sdk.schoolTransfers.list({ query: listQuery(a) }),
  detail: (_id, row) => sdk.schoolTransfers.detail({ params: { id: row.transferId } }),
  searchFields,
  subjectColumns: (t) => [
    { id: 'code', header: t('svc.transferCode'), fixed: true },
    { id: 'subjectName', header: t('svc.student') },
    {
      id: 'fromSchoolItemName',
      header: t('svc.fromCampus'),
      value: (r) => r.fromSchoolItemName ?? r.fromSchoolItemCode,
    },
    {
      id: 'toSchoolItemName',
      header: t('svc.toCampus'),
      value: (r) => r.toSchoolItemName ?? r.toSchoolItemCode ?? '',
    },
    { id: 'reason', header: t('svc.reason') },
  ],
  subject: (d) => <TransferSubject d={d} />,
  subjectSlices: ['schoolTransfers', 'students', 'orders'],
  withoutAmount: true,
  rejectQuestion: (t) => t('svc.confirmReject'),
};

function ApplicationSubject({ d }: { d: ApplicationDetail }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('svc.student')}>
        {d.subjectName} · {d.studentCode}
      </Field>
      <Field label={t('svc.orderCode')}>{d.orderCode}</Field>
      <Field label={t('svc.applicant')}>
        {d.applicantName} · {d.applicantPhone}
      </Field>
      <Field label={t('svc.refundOrder')}>{d.refundOrderCode ?? '—'}</Field>
      <Field label={t('svc.content')}>{d.content}</Field>
      <Field label={t('svc.attachments')}>
        {d.attachments.length === 0
          ? '—'
          : d.attachments.map((a) => (
              <button
                key={a.index}
                type="button"
                className="mr-2 text-brand-600 underline"
                onClick={() =>
                  void sdk.refundApplications
                    .attachmentDownload({ params: { id: d.applicationId, index: a.index } })
                    .then((blob) => {
                      const url = URL.createObjectURL(blob);
                      window.open(url, '_blank', 'noopener');
                      setTimeout(() => URL.revokeObjectURL(url), 60_000);
                    })
                }
              >
                {a.filename}
              </button>
            ))}
      </Field>
    </dl>
  );
}

export const refundApplicationApprovalDef: ApprovalScreenDef<TRefundApplicationRow, ApplicationDetail> = {
  key: 'refundApplications',
  what: (t) => t('svc.refundApplyApproval'),
  list: (a) => sdk.refundApplications.queryPage({ query: listQuery(a) }),
  detail: (_id, row) => sdk.refundApplications.flowDetail({ params: { id: row.applicationId } }),
  searchFields,
  subjectColumns: (t) => [
    { id: 'code', header: t('svc.applicationCode'), fixed: true },
    { id: 'orderCode', header: t('svc.orderCode') },
    ...studentColumns<TRefundApplicationRow>(t),
    { id: 'applicantName', header: t('svc.applicant') },
  ],
  subject: (d) => <ApplicationSubject d={d} />,
  subjectSlices: ['refundApplications', 'refunds'],
  withoutAmount: true,
  rejectQuestion: (t) => t('svc.confirmReject'),
};
