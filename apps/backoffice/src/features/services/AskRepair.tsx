// /students/askRepair: make-up requests. A make-up names one missed lesson of the student (a lesson
// consumed on the ledger) and the day and time span of the make-up; once the campus head approves,
// the missed lesson's hours come back for the make-up lesson.
import { MakeupInput } from '@bo/api-sdk';
import type { CustomFormFieldProps } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { absenceRequestScreen } from './absenceRequests';
import { StudentField } from './parts';

/** The missed lessons of the student chosen above, as a select. */
function MissedField(p: CustomFormFieldProps) {
  const t = useT();
  const studentId = typeof p.values.studentId === 'number' ? p.values.studentId : undefined;
  const q = useQuery({
    queryKey: ['absences', 'missed', studentId],
    queryFn: () => sdk.absences.makeupMissed({ query: { studentId: studentId ?? 0 } }),
    enabled: studentId !== undefined,
  });
  const options = q.data ?? [];
  return (
    <label className="block text-xs font-medium text-ink-2" htmlFor={p.id}>
      {p.label}
      <select
        id={p.id}
        className="mt-1 block h-control w-full rounded-md border border-line px-2 text-sm"
        value={typeof p.value === 'number' ? String(p.value) : ''}
        disabled={studentId === undefined}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">
          {studentId === undefined ? t('svc.pickStudentFirst') : options.length ? '' : t('svc.missedNone')}
        </option>
        {options.map((m) => (
          <option key={m.id} value={m.id}>
            {m.date} · {m.courseName} · {m.hours} {t('svc.hours')}
          </option>
        ))}
      </select>
      {p.error && <span className="mt-1 block text-xs text-danger-600">{p.error}</span>}
    </label>
  );
}

const Form = MakeupInput.extend({ studentId: MakeupInput.shape.missedId.optional() });

export default absenceRequestScreen({
  key: 'makeupRequests',
  what: (t) => t('svc.makeup'),
  columns: (t) => [
    { id: 'courses', header: t('svc.courses'), value: (r) => r.courseNames.join('、') },
    { id: 'missedDate', header: t('svc.missedDate') },
    { id: 'hours', header: t('svc.hours') },
    { id: 'fromDate', header: t('svc.makeupDate') },
    { id: 'timeSpan', header: t('svc.timeSpan') },
  ],
  list: (a) => sdk.absences.makeupApplyPage({ query: listQuery(a) }),
  form: {
    schema: Form,
    defaults: { makeupDate: '', timeSpan: '', reason: '' },
    fields: (t) => [
      { kind: 'custom', name: 'studentId', label: t('svc.student'), render: StudentField, wide: true },
      { kind: 'custom', name: 'missedId', label: t('svc.missed'), render: MissedField, wide: true },
      { kind: 'date', name: 'makeupDate', label: t('svc.makeupDate'), required: true },
      {
        kind: 'text',
        name: 'timeSpan',
        label: t('svc.timeSpan'),
        placeholder: '09:00-10:00',
        required: true,
      },
      { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
    ],
    save: ({ studentId: _s, ...body }) => sdk.absences.makeupAdd({ body }),
  },
  withdraw: (id) => sdk.absences.makeupRevoke({ params: { id }, body: {} }),
});
