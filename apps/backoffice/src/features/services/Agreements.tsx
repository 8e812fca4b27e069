// /financial/recoveredAgree, supplementAgree, amountSupplement, validityDate: the agreement kinds on
// the approval screen, each with the form that files one. Orders are named by their code (the form
// reads the order's id from the refund list of the order, which every campus screen may read).
import { formatMoney } from '@bo/ui-kit';
import {
  PaperContractInput,
  ServiceTimeInput,
  type TAgreementRow,
  type TPaperContractInput,
  type TSupplementInput,
} from '@bo/api-sdk';
import { z } from 'zod';
import { listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';
import type { ListColumn } from '@bo/ui-kit';
import type { ApprovalScreenDef } from '../orders/approvalScreen';
import { Field } from '../orders/parts';
import { ApplyAndApprove } from './ApplyAndApprove';
import { EContracts } from './EContracts';
import { StudentField } from './parts';

type Detail = Awaited<ReturnType<typeof sdk.contracts.paperContractDetail>>;
type Page = (a: { query: Record<string, unknown> }) => Promise<{ list: TAgreementRow[]; total: number }>;

const OrderCode = z.string().trim().min(1, '请填写订单编号 / the order code is required').max(20);
const orderIdOf = async (code: string) =>
  (await sdk.refunds.refundList({ query: { incomeordercode: code } })).orderId;

function Subject({ d }: { d: Detail }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('svc.student')}>
        {d.subjectName} · {d.studentCode}
      </Field>
      {d.orderCode && <Field label={t('svc.orderCode')}>{d.orderCode}</Field>}
      {d.contractNo && (
        <Field label={t('svc.contractNo')}>
          {d.contractNo} · {d.signedDate ?? ''}
        </Field>
      )}
      {d.supplementKind && (
        <Field label={t('svc.supplementKind')}>
          {tCode(t, `svc.supplementKind.${d.supplementKind}`, d.supplementKind)}
          {d.supplementAmount ? ` · ${formatMoney({ yuan: d.supplementAmount })}` : ''}
        </Field>
      )}
      {d.serviceEndDate && (
        <Field label={t('svc.serviceEndDate')}>
          {d.previousEndDate ?? '—'} → {d.serviceEndDate}
        </Field>
      )}
      <Field label={t('svc.content')}>{d.content || '—'}</Field>
    </dl>
  );
}

const def = (
  key: string,
  what: (t: TFunction) => string,
  page: Page,
  detail: (id: number) => Promise<Detail>,
  extra: (t: TFunction) => ListColumn<TAgreementRow>[],
): ApprovalScreenDef<TAgreementRow, Detail> => ({
  key,
  what,
  list: (a) => page({ query: listQuery(a) }),
  detail: (_id, row) => detail(row.agreementId),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('svc.keyword') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('svc.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  subjectColumns: (t) => [
    { id: 'code', header: t('svc.applicationCode'), fixed: true, value: (r) => r.code },
    { id: 'subjectName', header: t('svc.student'), value: (r) => r.subjectName },
    ...extra(t),
  ],
  subject: (d) => <Subject d={d} />,
  subjectSlices: ['contracts', 'students'],
  withoutAmount: true,
  rejectQuestion: (t) => t('svc.confirmReject'),
});

const paperDef = def(
  'paperContracts',
  (t) => t('svc.paperContract'),
  (a) => sdk.contracts.paperContractApprovalPage(a),
  (id) => sdk.contracts.paperContractDetail({ params: { id } }),
  (t) => [
    { id: 'orderCode', header: t('svc.orderCode'), value: (r) => r.orderCode ?? '' },
    { id: 'contractNo', header: t('svc.contractNo'), value: (r) => r.contractNo ?? '' },
    { id: 'signedDate', header: t('svc.signedDate'), value: (r) => r.signedDate ?? '' },
  ],
);
const supplementDef = def(
  'contractSupplements',
  (t) => t('svc.supplement'),
  (a) => sdk.contracts.supplementApprovalPage(a),
  (id) => sdk.contracts.supplementDetail({ params: { id } }),
  (t) => [
    { id: 'orderCode', header: t('svc.orderCode'), value: (r) => r.orderCode ?? '' },
    { id: 'supplementAmount', header: t('svc.supplementAmount'), value: (r) => r.supplementAmount ?? '' },
    { id: 'content', header: t('svc.content'), value: (r) => r.content },
  ],
);
const serviceTimeDef = def(
  'serviceTimes',
  (t) => t('svc.serviceTime'),
  (a) => sdk.contracts.serviceTimePage(a),
  (id) => sdk.contracts.serviceTimeInfo({ params: { id } }),
  (t) => [
    { id: 'previousEndDate', header: t('svc.previousEndDate'), value: (r) => r.previousEndDate ?? '' },
    { id: 'serviceEndDate', header: t('svc.serviceEndDate'), value: (r) => r.serviceEndDate ?? '' },
    { id: 'content', header: t('svc.reason'), value: (r) => r.content },
  ],
);

const PaperForm = PaperContractInput.omit({ orderId: true }).extend({ orderCode: OrderCode });

export function RecoveredAgree() {
  return (
    <div className="space-y-4">
      <EContracts />
      <PaperContracts />
    </div>
  );
}

function PaperContracts() {
  const t = useT();
  return (
    <ApplyAndApprove
      def={paperDef}
      applyLabel={t('svc.paperContractAdd')}
      schema={PaperForm}
      initialValues={{ orderCode: '', contractNo: '', signedDate: '', remark: '' }}
      fields={[
        { kind: 'text', name: 'orderCode', label: t('svc.orderCode'), required: true },
        { kind: 'text', name: 'contractNo', label: t('svc.contractNo'), required: true },
        { kind: 'date', name: 'signedDate', label: t('svc.signedDate'), required: true },
        { kind: 'textarea', name: 'remark', label: t('svc.content'), maxLength: 500 },
      ]}
      prepare={async ({ orderCode, ...v }) => ({ ...v, orderId: await orderIdOf(orderCode) })}
      submit={(body: TPaperContractInput) => sdk.contracts.paperContractAdd({ body })}
    />
  );
}

const SupplementForm = z
  .object({
    orderCode: OrderCode,
    kind: z.enum(['terms', 'amount']),
    amount: z.string().trim().optional(),
    content: z.string().trim().min(1).max(2000),
  })
  .transform((v) => ({ ...v, amount: v.amount ? v.amount : undefined }));

function SupplementScreen({ kind }: { kind: 'terms' | 'amount' }) {
  const t = useT();
  return (
    <ApplyAndApprove
      def={supplementDef}
      applyLabel={t(kind === 'amount' ? 'svc.amountSupplementAdd' : 'svc.supplementAdd')}
      schema={SupplementForm}
      initialValues={{ orderCode: '', kind, amount: '', content: '' }}
      fields={[
        { kind: 'text', name: 'orderCode', label: t('svc.orderCode'), required: true },
        {
          kind: 'select',
          name: 'kind',
          label: t('svc.supplementKind'),
          options: [
            { value: 'terms', label: t('svc.supplementKind.terms') },
            { value: 'amount', label: t('svc.supplementKind.amount') },
          ],
        },
        { kind: 'amount', name: 'amount', label: t('svc.supplementAmount') },
        { kind: 'textarea', name: 'content', label: t('svc.content'), maxLength: 2000, required: true },
      ]}
      prepare={async ({ orderCode, ...v }) => ({ ...v, orderId: await orderIdOf(orderCode) })}
      submit={(body: TSupplementInput) => sdk.contracts.supplementAdd({ body })}
    />
  );
}
export const SupplementAgree = () => <SupplementScreen kind="terms" />;
export const AmountSupplement = () => <SupplementScreen kind="amount" />;

export function ValidityDate() {
  const t = useT();
  return (
    <ApplyAndApprove
      def={serviceTimeDef}
      applyLabel={t('svc.serviceTimeAdd')}
      schema={ServiceTimeInput}
      initialValues={{ serviceEndDate: '', reason: '' }}
      fields={[
        { kind: 'custom', name: 'studentId', label: t('svc.student'), render: StudentField, wide: true },
        { kind: 'date', name: 'serviceEndDate', label: t('svc.serviceEndDate'), required: true },
        { kind: 'textarea', name: 'reason', label: t('svc.reason'), maxLength: 500, required: true },
      ]}
      submit={(v) => sdk.contracts.serviceTimeApply({ body: v })}
    />
  );
}
