// /students/editPay?id=&orderId=: correct a pay record while it waits for the payment approval
// (method, amount, time, reference); the order's figures are shown beside it, the version checked.
import { PayRecordUpdateInput } from '@bo/api-sdk';
import {
  Card,
  EmptyState,
  FormAmount,
  FormDateTime,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  PageHeader,
  Spinner,
  SubmitButton,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { PayInfo } from './CreatePay';
import { PAY_METHOD_CODES, createPayPath, payMethodName } from './parts';

type Rec = Awaited<ReturnType<typeof sdk.orders.waitPayInfo>>['payRecords'][number];

function EditForm({ record }: { record: Rec }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useCommandForm({
    schema: PayRecordUpdateInput,
    defaultValues: {
      id: record.id,
      version: record.version,
      method: record.method,
      amount: record.amount,
      paidAt: record.paidAt,
      reference: record.reference ?? '',
      remark: record.remark,
    } as z.input<typeof PayRecordUpdateInput>,
    onSubmit: (body) => sdk.orders.payRecordUpdate({ body }),
    success: t('pay.saved'),
    onDone: () => void navigate(createPayPath(record.orderId)),
  });
  return (
    <FormView form={form} aria-label={t('pay.editTitle')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          form={form}
          name="method"
          label={t('pay.method')}
          options={PAY_METHOD_CODES.map((m) => ({ value: m, label: payMethodName(t, m) }))}
        />
        <FormAmount form={form} name="amount" label={t('pay.amount')} />
        <FormDateTime form={form} name="paidAt" label={t('pay.paidAt')} />
        <FormText form={form} name="reference" label={t('pay.reference')} hint={t('pay.referenceHint')} />
        <FormTextArea form={form} name="remark" label={t('pay.remark')} rows={2} className="sm:col-span-2" />
      </div>
      <SubmitButton form={form}>{t('pay.editTitle')}</SubmitButton>
    </FormView>
  );
}

export default function EditPay() {
  const t = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const orderId = Number(params.get('orderId')) || 0;
  const q = useQuery({
    queryKey: ['orders', 'waitPayInfo', orderId],
    enabled: orderId > 0,
    queryFn: () => sdk.orders.waitPayInfo({ params: { id: orderId } }),
  });
  const info = q.data;
  const record = info?.payRecords.find((r) => r.id === id);
  return (
    <>
      <PageHeader title={t('pay.editTitle')} />
      {orderId <= 0 || id <= 0 ? (
        <EmptyState title={t('pay.noOrder')} />
      ) : !info ? (
        q.isError ? (
          <p role="alert" className="text-sm text-danger-600">
            {errorText(q.error)}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-4">
          <Card>
            <PayInfo info={info} />
          </Card>
          <Card title={t('pay.record')}>
            {record && record.status === 10 ? (
              <EditForm key={record.version} record={record} />
            ) : (
              <p role="status" className="text-sm text-muted">
                {t('pay.notEditable')}
              </p>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
