// /students/createPay?orderId=: the payments of one order. What is payable, confirmed, waiting for
// approval and still due (in figures and capitals, per payer when a funder shares the bill), the pay
// records (a pending one can be edited), and the form that records the next payment. Records that
// cover the payable exactly send the order to payment approval.
import { AddPayRecordInput, type TPayRecordRow } from '@bo/api-sdk';
import {
  AmountCapitals,
  Button,
  Card,
  FormAmount,
  FormDateTime,
  FormRadioGroup,
  FormSelect,
  FormText,
  FormTextArea,
  FormView,
  MoneyText,
  PageHeader,
  SubmitButton,
  useToast,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { useCommandForm } from '../../app/form';
import { CodeName } from '../../app/list';
import { PayOnlineDialog, ReceiptButton } from './PayOnlineDialog';
import { usePageTitle } from '../../app/pageTitle';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  Field,
  OrderLink,
  OrderStatusBadge,
  PAY_METHOD_CODES,
  PayRecordsTable,
  orderStatusName,
  payMethodName,
  OrderPageGate,
} from './parts';

type WaitPay = Awaited<ReturnType<typeof sdk.orders.waitPayInfo>>;

/** Orders that take another pay record: unpaid and part paid. */
const PAYABLE = new Set([10, 20]);

export const editPayPath = (r: TPayRecordRow) => `/students/editPay?id=${r.id}&orderId=${r.orderId}`;

function PayForm({ info }: { info: WaitPay }) {
  const t = useT();
  const toast = useToast();
  const split = Number(info.funder.share) > 0;
  // The payer still owing, by default the family.
  const payer = Number(info.family.due) > 0 || !split ? 'family' : 'funder';
  const form = useCommandForm({
    schema: AddPayRecordInput,
    defaultValues: {
      orderId: info.id,
      payer,
      method: undefined,
      amount: payer === 'family' ? info.family.due : info.funder.due,
      paidAt: new Date().toISOString(),
      reference: '',
      remark: '',
      version: info.version,
    } as z.input<typeof AddPayRecordInput>,
    onSubmit: (body) => sdk.orders.addPayRecord({ body }),
    onDone: (r) => {
      toast.success(r.approvalId !== null ? t('pay.addedApproval') : t('pay.added'));
    },
  });
  const amount = form.rhf.watch('amount');
  const over = Number(amount) > Number(info.due);
  return (
    <FormView form={form} aria-label={t('pay.add')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {split && (
          <FormRadioGroup
            form={form}
            name="payer"
            label={t('pay.payer')}
            options={(['family', 'funder'] as const).map((p) => ({ value: p, label: t(`pay.payer.${p}`) }))}
            className="sm:col-span-2"
          />
        )}
        <FormSelect
          form={form}
          name="method"
          label={t('pay.method')}
          options={PAY_METHOD_CODES.map((m) => ({ value: m, label: payMethodName(t, m) }))}
        />
        <FormAmount
          form={form}
          name="amount"
          label={t('pay.amount')}
          hint={over ? t('pay.overDue', { amount: info.due }) : undefined}
        />
        <FormDateTime form={form} name="paidAt" label={t('pay.paidAt')} />
        <FormText form={form} name="reference" label={t('pay.reference')} hint={t('pay.referenceHint')} />
        <FormTextArea form={form} name="remark" label={t('pay.remark')} rows={2} className="sm:col-span-2" />
      </div>
      <SubmitButton form={form}>{t('pay.add')}</SubmitButton>
    </FormView>
  );
}

export function PayInfo({ info }: { info: WaitPay }) {
  const t = useT();
  const split = Number(info.funder.share) > 0;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('ord.orderCode')}>
        <OrderLink id={info.id} code={info.code} />
      </Field>
      <Field label={t('ord.status')}>
        <OrderStatusBadge status={info.status} />
      </Field>
      <Field label={t('ord.student')}>{info.studentName}</Field>
      <Field label={t('ord.campus')}>
        <CodeName source="campus" code={info.schoolItemCode} withCode />
      </Field>
      <Field label={t('ord.payable')}>
        <MoneyText yuan={info.payable} strong />
        <br />
        <AmountCapitals yuan={info.payable} />
      </Field>
      <Field label={t('ord.paid')}>
        <MoneyText yuan={info.paid} />
      </Field>
      <Field label={t('ord.pending')}>
        <MoneyText yuan={info.pending} />
      </Field>
      <Field label={t('ord.due')}>
        <MoneyText yuan={info.due} strong className="text-warning-700" />
        <br />
        <span className="text-xs text-muted">
          {t('pay.dueWords')}：<span className="text-ink-2">{info.dueInWords}</span>
        </span>
      </Field>
      {split &&
        (['family', 'funder'] as const).map((p) => (
          <div key={p} className="col-span-2 text-xs text-muted">
            {t('pay.share', {
              payer: t(`pay.payer.${p}`),
              share: info[p].share,
              recorded: info[p].recorded,
              due: info[p].due,
            })}
          </div>
        ))}
    </dl>
  );
}

export default function CreatePay() {
  const t = useT();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId')) || 0;
  const q = useQuery({
    queryKey: ['orders', 'waitPayInfo', orderId],
    enabled: orderId > 0,
    queryFn: () => sdk.orders.waitPayInfo({ params: { id: orderId } }),
  });
  const info = q.data;
  const [online, setOnline] = useState(false);
  usePageTitle(info ? `${info.studentName} ${t('pay.add')}` : null);
  if (orderId <= 0 || !info)
    return (
      <OrderPageGate
        title={t('pay.add')}
        hasId={orderId > 0}
        error={q.isError ? q.error : null}
        noOrderText={t('pay.noOrder')}
      />
    );
  const payable = PAYABLE.has(info.status);
  return (
    <>
      <PageHeader
        title={t('pay.add')}
        actions={
          <>
            {payable && Number(info.family.due) > 0 && (
              <Button variant="primary" onClick={() => setOnline(true)}>
                {t('pay.online.open')}
              </Button>
            )}
            <ReceiptButton code={info.code} />
          </>
        }
      />
      {/* Once paid, the dialog itself refreshes what the payment changed (orders, students, payments). */}
      <PayOnlineDialog
        order={online ? { id: info.id, code: info.code, schoolItemCode: info.schoolItemCode } : null}
        onClose={() => setOnline(false)}
      />
      <div className="space-y-4">
        <Card>
          <PayInfo info={info} />
        </Card>
        <Card title={t('pay.records')}>
          <PayRecordsTable
            records={info.payRecords}
            actions={(r) =>
              r.status === 10 && info.status !== 90 ? (
                <Link className="text-brand-600 hover:underline" to={editPayPath(r)}>
                  {t('pay.edit')}
                </Link>
              ) : null
            }
          />
        </Card>
        <Card title={t('pay.next')}>
          {payable ? (
            // A new form per state of the order: its amount starts at what is still due.
            <PayForm key={`${info.version}-${info.due}`} info={info} />
          ) : (
            <p role="status" className="text-sm text-muted">
              {info.status === 30
                ? t('pay.settled')
                : t('pay.notPayable', { status: orderStatusName(t, info.status) })}
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
