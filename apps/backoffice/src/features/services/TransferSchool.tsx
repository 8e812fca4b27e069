// /financial/transferSchool: transfer-school applications and their approval. Applying names the
// student and the target campus; what would move (open orders, hours left) and what stops a transfer
// now are shown before filing. The last pass moves everything (server, one transaction).
import { SchoolTransferInput } from '@bo/api-sdk';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { asFormField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ApplyAndApprove } from './ApplyAndApprove';
import { transferApprovalDef } from './approvals';
import { StudentField } from './parts';

/** What stops a transfer of the chosen student now (the server's answer). */
function Blockers({ studentId }: { studentId: number | undefined }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['schoolTransfers', 'applyDetail', studentId],
    queryFn: () => sdk.schoolTransfers.applyDetail({ query: { studentId: studentId ?? 0 } }),
    enabled: studentId !== undefined,
  });
  const b = q.data?.blockers ?? [];
  if (!b.length && !q.data?.pendingCode) return null;
  return (
    <div role="alert" className="rounded-md bg-warning-50 p-2 text-sm text-warning-700">
      {t('svc.transferBlocked')}: {[...b, q.data?.pendingCode ?? ''].filter(Boolean).join('；')}
    </div>
  );
}

export default function TransferSchool() {
  const t = useT();
  const [studentId, setStudentId] = useState<number | undefined>(undefined);
  return (
    <ApplyAndApprove
      def={transferApprovalDef}
      applyLabel={t('svc.transferApply')}
      schema={SchoolTransferInput}
      initialValues={{ reason: '' }}
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
        {
          kind: 'custom',
          name: 'toSchoolItemCode',
          label: t('svc.toCampus'),
          render: asFormField(CampusMasterSelect),
          wide: true,
        },
        { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
      ]}
      submit={(v) => sdk.schoolTransfers.apply({ body: v })}
    >
      <Blockers studentId={studentId} />
    </ApplyAndApprove>
  );
}
