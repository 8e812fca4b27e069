// /students/askLeave: the leave requests of the caller's campuses (their own by a filter); a new one
// names the student, the period, the courses it concerns (those the student holds hours of; none
// chosen: every course) and the reason, and waits for the campus head's approval.
import { LeaveInput } from '@bo/api-sdk';
import { CheckGroup, type CustomFormFieldProps } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { absenceRequestScreen } from './absenceRequests';
import { StudentField } from './parts';

/** The courses of the chosen student's hours (`/askForLeave/getCourses`), to choose from. */
function LeaveCoursesField(p: CustomFormFieldProps) {
  const t = useT();
  const studentId = typeof p.values.studentId === 'number' ? p.values.studentId : undefined;
  const q = useQuery({
    queryKey: ['absences', 'leaveCourses', studentId],
    enabled: studentId !== undefined,
    queryFn: () => sdk.absences.leaveCourses({ query: { studentId: studentId ?? 0 } }),
  });
  return (
    <div>
      <CheckGroup
        id={p.id}
        label={p.label}
        options={(q.data ?? []).map((c) => ({
          value: c.courseCode,
          label: `${c.courseName}（${t('svc.hoursLeft', { n: c.remaining })}）`,
        }))}
        value={p.value}
        onChange={(v) => p.onChange(v)}
        loading={q.isFetching}
        {...(p.error ? { error: p.error } : {})}
      />
      <p className="mt-1 text-xs text-muted">{t('svc.noneIsAll')}</p>
    </div>
  );
}

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
      {
        kind: 'custom',
        name: 'courseCodes',
        label: t('svc.courses'),
        render: (p) => <LeaveCoursesField {...p} />,
        wide: true,
      },
      { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
    ],
    save: (v) => sdk.absences.leaveAdd({ body: v }),
  },
  withdraw: (id) => sdk.absences.leaveRevoke({ params: { id }, body: {} }),
});
