// /financial/approvalAskLeave, approvalAskRepair, restApproval: the service kinds on the one
// approval screen (the list opens on what the caller may decide now). The temporary absence (休学)
// is filed on its own screen too: the student, the period and the reason, the student's latest
// request shown first (`/temporaryAbsence/lastApproval`).
import { TemporaryAbsenceInput } from '@bo/api-sdk';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApprovalScreen } from '../orders/approvalScreen';
import { ApprovalStatusBadge } from '../orders/parts';
import { ApplyAndApprove } from './ApplyAndApprove';
import { absenceApprovalDef, leaveApprovalDef, makeupApprovalDef } from './approvals';
import { StudentField } from './parts';

export function ApprovalAskLeave() {
  return <ApprovalScreen def={leaveApprovalDef} />;
}
export function ApprovalAskRepair() {
  return <ApprovalScreen def={makeupApprovalDef} />;
}

/** The chosen student's latest temporary absence, whatever its state. */
function LastAbsence({ studentId }: { studentId: number | undefined }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['absences', 'temporaryAbsenceLast', studentId],
    enabled: studentId !== undefined,
    queryFn: () => sdk.absences.temporaryAbsenceLast({ query: { studentId: studentId ?? 0 } }),
  });
  if (studentId === undefined || q.isPending) return null;
  const r = q.data;
  return (
    <p className="text-sm text-muted" aria-label={t('svc.lastAbsence')}>
      {t('svc.lastAbsence')}:{' '}
      {r ? (
        <>
          {r.fromDate} ~ {r.toDate} <ApprovalStatusBadge status={r.status} />
        </>
      ) : (
        t('svc.noLastAbsence')
      )}
    </p>
  );
}

export function RestApproval() {
  const t = useT();
  const [studentId, setStudentId] = useState<number | undefined>(undefined);
  return (
    <ApplyAndApprove
      def={absenceApprovalDef}
      applyLabel={t('svc.absenceApply')}
      schema={TemporaryAbsenceInput}
      initialValues={{ fromDate: '', toDate: '', reason: '' }}
      fields={[
        {
          kind: 'custom',
          name: 'studentId',
          label: t('svc.student'),
          wide: true,
          render: (p) => (
            <StudentField
              {...p}
              onChange={(v) => {
                setStudentId(typeof v === 'number' ? v : undefined);
                p.onChange(v);
              }}
            />
          ),
        },
        { kind: 'date', name: 'fromDate', label: t('svc.from'), required: true },
        { kind: 'date', name: 'toDate', label: t('svc.to'), required: true },
        { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
      ]}
      submit={(v) => sdk.absences.temporaryAbsenceSave({ body: v })}
    >
      <LastAbsence studentId={studentId} />
    </ApplyAndApprove>
  );
}
