// /students/askLeave: the leave requests of the caller's campuses (their own by a filter); a new one
// names the student, the period and the reason, and waits for the campus head's approval.
import { LeaveInput, type TAbsenceRow } from '@bo/api-sdk';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { ApprovalStatusBadge, When } from '../orders/parts';
import { StateBadge, StudentField } from './parts';

export default defineListScreen<TAbsenceRow, typeof LeaveInput>({
  key: 'leaveRequests',
  what: (t) => t('svc.leave'),
  rowId: (r) => String(r.absenceId),
  rowName: (r) => r.subjectName,
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('svc.keyword') },
    {
      kind: 'select',
      name: 'requestedByMe',
      label: t('svc.mineOnly'),
      options: [{ value: 'true', label: t('svc.mineOnly') }],
    },
  ],
  columns: (t) => [
    { id: 'subjectName', header: t('svc.student'), fixed: true },
    { id: 'studentCode', header: t('svc.studentCode') },
    { id: 'fromDate', header: t('svc.from') },
    { id: 'toDate', header: t('svc.to') },
    {
      id: 'courses',
      header: t('svc.courses'),
      value: (r) => r.courseNames.join('、') || t('svc.allCourses'),
    },
    { id: 'reason', header: t('svc.reason') },
    { id: 'absenceStatus', header: t('svc.state'), cell: (r) => <StateBadge status={r.absenceStatus} /> },
    { id: 'status', header: t('apv.status'), cell: (r) => <ApprovalStatusBadge status={r.status} /> },
    { id: 'stepName', header: t('apv.step') },
    { id: 'requestedByName', header: t('apv.requestedBy') },
    { id: 'requestedAt', header: t('apv.requestedAt'), cell: (r) => <When iso={r.requestedAt} /> },
  ],
  list: (a) => sdk.absences.leaveApplyPage({ query: listQuery(a) }),
  exportable: false,
  form: {
    schema: LeaveInput,
    defaults: { fromDate: '', toDate: '', reason: '', courseCodes: [] },
    fields: (t) => [
      { kind: 'custom', name: 'studentId', label: t('svc.student'), render: StudentField, wide: true },
      { kind: 'date', name: 'fromDate', label: t('svc.from'), required: true },
      { kind: 'date', name: 'toDate', label: t('svc.to'), required: true },
      { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
    ],
    save: (v) => sdk.absences.leaveAdd({ body: v }),
    canEdit: () => false,
  },
  rowActions: (t, h) => [
    {
      key: 'withdraw',
      label: t('svc.withdraw'),
      danger: true,
      confirm: t('svc.withdrawConfirm'),
      hidden: (r) => r.status !== 5,
      onClick: async (r) => {
        await sdk.absences.leaveRevoke({ params: { id: r.absenceId }, body: {} });
        await h.refresh();
      },
    },
  ],
});
