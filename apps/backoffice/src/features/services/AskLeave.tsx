// /students/askLeave: the leave requests of the caller's campuses (their own by a filter); a new one
// names the student, the period and the reason, and waits for the campus head's approval.
import { LeaveInput } from '@bo/api-sdk';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { absenceRequestScreen } from './absenceRequests';
import { StudentField } from './parts';

export default absenceRequestScreen({
  key: 'leaveRequests',
  what: (t) => t('svc.leave'),
  columns: (t) => [
    { id: 'studentCode', header: t('svc.studentCode') },
    { id: 'fromDate', header: t('svc.from') },
    { id: 'toDate', header: t('svc.to') },
    {
      id: 'courses',
      header: t('svc.courses'),
      value: (r) => r.courseNames.join('、') || t('svc.allCourses'),
    },
  ],
  step: true,
  list: (a) => sdk.absences.leaveApplyPage({ query: listQuery(a) }),
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
  },
  withdraw: (id) => sdk.absences.leaveRevoke({ params: { id }, body: {} }),
});
