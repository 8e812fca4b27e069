// The electronic-contract section of /financial/recoveredAgree: pick a student, fill or correct the
// special survey with the family, send each order's contract for signing by text message, resend
// the link, sync the state from the provider and open the signed PDF. The same section (without the
// picker) is the student detail's contracts tab.
import {
  COMMUNICATION,
  SPECIAL_CONDITIONS,
  SpecialSurveyAnswers,
  TOILETING,
  type TEContractRow,
  type TSpecialSurvey,
} from '@bo/api-sdk';
import { Badge, Button, Card, RecordFormDialog, useToast, type Tone } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { runCommand } from '../../app/invalidation';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { Field, When } from '../orders/parts';
import { StudentPicker } from '../orders/StudentPicker';

const TONE: Record<number, Tone> = {
  0: 'info',
  10: 'warning',
  20: 'success',
  30: 'danger',
  40: 'grey',
  50: 'grey',
};

const SurveyForm = z.object({
  ...SpecialSurveyAnswers.shape,
  guardianConsent: z.boolean().refine((v) => v, '须经监护人确认 / the guardian must confirm the answers'),
});

function SurveyDialog({
  studentId,
  current,
  onClose,
}: {
  studentId: number;
  current: TSpecialSurvey | null;
  onClose: () => void;
}) {
  const t = useT();
  const qc = useQueryClient();
  const option = (prefix: string) => (v: string) => ({ value: v, label: tCode(t, `${prefix}.${v}`, v) });
  return (
    <RecordFormDialog
      open
      onClose={onClose}
      title={t('svc.survey')}
      schema={SurveyForm}
      mode={current ? 'edit' : 'create'}
      initialValues={{
        conditions: [],
        conditionOther: '',
        communication: 'verbal',
        toileting: 'independent',
        seizureHistory: false,
        medication: '',
        allergies: '',
        behaviourNotes: '',
        sensoryNotes: '',
        emergencyContactName: '',
        emergencyContactPhone: '',
        ...(current?.answers ?? {}),
        guardianConsent: false,
      }}
      fields={[
        {
          kind: 'multiselect',
          name: 'conditions',
          label: t('svc.survey.conditions'),
          options: SPECIAL_CONDITIONS.map(option('svc.survey.condition')),
          wide: true,
        },
        { kind: 'text', name: 'conditionOther', label: t('svc.survey.conditionOther'), maxLength: 200 },
        {
          kind: 'select',
          name: 'communication',
          label: t('svc.survey.communication'),
          options: COMMUNICATION.map(option('svc.survey.communication')),
        },
        {
          kind: 'select',
          name: 'toileting',
          label: t('svc.survey.toileting'),
          options: TOILETING.map(option('svc.survey.toileting')),
        },
        { kind: 'switch', name: 'seizureHistory', label: t('svc.survey.seizureHistory') },
        { kind: 'text', name: 'medication', label: t('svc.survey.medication'), maxLength: 500 },
        { kind: 'text', name: 'allergies', label: t('svc.survey.allergies'), maxLength: 500 },
        {
          kind: 'textarea',
          name: 'behaviourNotes',
          label: t('svc.survey.behaviourNotes'),
          maxLength: 1000,
          wide: true,
        },
        {
          kind: 'textarea',
          name: 'sensoryNotes',
          label: t('svc.survey.sensoryNotes'),
          maxLength: 1000,
          wide: true,
        },
        {
          kind: 'text',
          name: 'emergencyContactName',
          label: t('svc.survey.emergencyContactName'),
          required: true,
        },
        {
          kind: 'text',
          name: 'emergencyContactPhone',
          label: t('svc.survey.emergencyContactPhone'),
          required: true,
        },
        { kind: 'switch', name: 'guardianConsent', label: t('svc.survey.guardianConsent'), wide: true },
      ]}
      onSubmit={async ({ guardianConsent, ...answers }) => {
        await runCommand(qc, () =>
          sdk.contracts.specialSurveySave({
            body: {
              studentId,
              answers,
              guardianConsent: guardianConsent as true,
              ...(current ? { version: current.version } : {}),
            },
          }),
        );
        onClose();
      }}
    />
  );
}

function ContractActions({
  orderId,
  contract,
  disabled,
}: {
  orderId: number;
  contract: TEContractRow | undefined;
  disabled: boolean;
}) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, f: () => Promise<unknown>, done?: string) => async () => {
    setBusy(key);
    try {
      await runCommand(qc, f);
      if (done) toast.success(done);
    } finally {
      setBusy(null);
    }
  };
  const status = contract?.status;
  const open = status === 0 || status === 10 || status === 20;
  return (
    <div className="flex flex-wrap gap-2">
      {status !== 20 && (
        <Button
          size="sm"
          variant={status === 10 ? 'secondary' : 'primary'}
          disabled={disabled || status === 0}
          loading={busy === 'send'}
          onClick={() =>
            void run(
              'send',
              () => sdk.contracts.eContractSend({ body: { orderId } }),
              t('svc.econtract.sent'),
            )()
          }
        >
          {t(status === 10 ? 'svc.econtract.resend' : 'svc.econtract.send')}
        </Button>
      )}
      {contract && open && status !== 20 && (
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'sync'}
          onClick={() =>
            void run('sync', () => sdk.contracts.eContractSync({ query: { id: contract.id } }))()
          }
        >
          {t('svc.econtract.sync')}
        </Button>
      )}
      {contract?.hasSignedFile && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void sdk.contracts.eContractFile({ params: { id: contract.id } }).then((blob) => {
              const url = URL.createObjectURL(blob);
              window.open(url, '_blank', 'noopener');
              setTimeout(() => URL.revokeObjectURL(url), 60_000);
            })
          }
        >
          {t('svc.econtract.file')}
        </Button>
      )}
    </div>
  );
}

export function StudentContracts({ studentId }: { studentId: number }) {
  const t = useT();
  const [surveyOpen, setSurveyOpen] = useState(false);
  const key = ['eContracts', studentId];
  const perms = useQuery({
    queryKey: [...key, 'permissions'],
    queryFn: () => sdk.contracts.eContractPermissions({ query: { stuId: studentId } }),
  });
  const list = useQuery({
    queryKey: [...key, 'list'],
    queryFn: () => sdk.contracts.eContractsOfStudent({ query: { stuId: studentId } }),
  });
  const survey = useQuery({
    queryKey: [...key, 'survey'],
    queryFn: () => sdk.contracts.specialSurveyOne({ query: { studentId } }),
  });
  const p = perms.data;
  if (!p) return null;
  // The newest contract of each order is the one its row shows.
  const latest = new Map<number, TEContractRow>();
  for (const c of list.data ?? []) if (!latest.has(c.orderId)) latest.set(c.orderId, c);
  const current = survey.data?.survey ?? null;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Field label={t('svc.econtract.signer')}>
          {p.signerName} · {p.signerPhone}
        </Field>
        <Field label={t('svc.survey')}>
          <span className="mr-2">
            <Badge tone={p.surveyDone ? 'success' : 'warning'}>
              {t(p.surveyDone ? 'svc.survey.done' : 'svc.survey.missing')}
            </Badge>
          </span>
          <Button size="sm" variant="link" onClick={() => setSurveyOpen(true)}>
            {t(current ? 'svc.survey.edit' : 'svc.survey.fill')}
          </Button>
        </Field>
      </dl>
      {!p.configured ? (
        <p role="status" className="rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
          {t('svc.econtract.notConfigured', { missing: p.missing.join(', ') })}
        </p>
      ) : (
        !p.canSend && (
          <p role="status" className="rounded-md bg-warning-50 px-3 py-2 text-sm text-warning-700">
            {p.reason}
          </p>
        )
      )}
      <table className="w-full text-sm" aria-label={t('svc.econtract')}>
        <thead>
          <tr className="border-b border-line text-left text-muted">
            <th className="py-2 font-medium">{t('svc.orderCode')}</th>
            <th className="py-2 font-medium">{t('svc.econtract.code')}</th>
            <th className="py-2 font-medium">{t('svc.econtract.state')}</th>
            <th className="py-2 font-medium">{t('svc.econtract.signedAt')}</th>
            <th className="py-2 font-medium">{t('svc.econtract.sendCount')}</th>
            <th className="py-2 font-medium">{t('svc.econtract.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {p.orders.length === 0 && (
            <tr>
              <td colSpan={6} className="py-4 text-center text-muted">
                {t('svc.econtract.noOrders')}
              </td>
            </tr>
          )}
          {p.orders.map((o) => {
            const c = latest.get(o.orderId);
            return (
              <tr key={o.orderId} className="border-b border-line last:border-0">
                <td className="py-2">{o.orderCode}</td>
                <td className="py-2">{c?.code ?? '—'}</td>
                <td className="py-2">
                  {c ? (
                    <Badge tone={TONE[c.status] ?? 'neutral'}>
                      {tCode(t, `svc.econtract.status.${c.status}`, String(c.status))}
                    </Badge>
                  ) : (
                    <Badge tone="grey">{t('svc.econtract.none')}</Badge>
                  )}
                </td>
                <td className="py-2">
                  <When iso={c?.signedAt} />
                </td>
                <td className="py-2">{c?.sendCount ?? 0}</td>
                <td className="py-2">
                  <ContractActions orderId={o.orderId} contract={c} disabled={!p.canSend} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {surveyOpen && (
        <SurveyDialog studentId={studentId} current={current} onClose={() => setSurveyOpen(false)} />
      )}
    </div>
  );
}

export function EContracts() {
  const t = useT();
  const [studentId, setStudentId] = useState<number | undefined>(undefined);
  return (
    <Card title={t('svc.econtract')}>
      <div className="max-w-md">
        <StudentPicker
          id="econtract-student"
          label={t('svc.student')}
          value={studentId}
          onPick={(s) => setStudentId(s?.id)}
        />
      </div>
      {studentId !== undefined && (
        <div className="mt-4">
          <StudentContracts studentId={studentId} />
        </div>
      )}
    </Card>
  );
}
