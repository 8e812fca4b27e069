// The invoices of one order as a card of its detail screen (/financial/orderDetails): request code,
// invoice number, amount, state (reversed and red invoices included), date, the PDF once issued, the
// result asked while the provider issues it; and the request of an invoice for what was paid and not
// yet invoiced. Sending to the provider, reversal and the contents stay on /financial/invoice.
import { InvoiceInput, type TInvoiceRow } from '@bo/api-sdk';
import {
  Button,
  EmptyState,
  FormAmount,
  FormDialog,
  FormSelect,
  FormText,
  FormTextArea,
  MoneyText,
  Spinner,
} from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCommandForm } from '../../app/form';
import { runCommand } from '../../app/invalidation';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { When } from '../orders/parts';
import { InvoiceStatus } from './parts';

/** Issued, reversed (keeps its PDF) and red invoices have a PDF at the provider. */
const HAS_PDF = new Set([30, 60, 70]);

export interface InvoicedOrder {
  id: number;
  code: string;
  studentId: number;
}

function RequestDialog({
  order,
  available,
  onClose,
}: {
  order: InvoicedOrder;
  available: string;
  onClose: () => void;
}) {
  const t = useT();
  const contents = useQuery({
    queryKey: ['invoices', 'contents', 'enabled'],
    queryFn: () => sdk.invoices.contentPage({ query: { validstatus: 1, pageSize: 500 } }),
  });
  const form = useCommandForm({
    schema: InvoiceInput,
    defaultValues: {
      orderId: order.id,
      amount: available,
      buyerType: 1,
      buyerName: '',
      buyerTaxNo: '',
      email: '',
      remark: '',
    },
    onSubmit: (body) => sdk.invoices.insert({ body }),
    success: t('svc.invoice.requested'),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('svc.invoice.request')}>
      <p className="text-sm text-muted">
        {order.code} · {t('svc.invoice.available')} <MoneyText yuan={available} />
      </p>
      <FormAmount form={form} name="amount" label={t('svc.invoice.amount')} />
      <FormSelect
        form={form}
        name="contentId"
        label={t('svc.invoice.content')}
        options={(contents.data?.list ?? []).map((c) => ({
          value: c.id,
          label: `${c.name}（${c.taxRate}%）`,
        }))}
      />
      <FormSelect
        form={form}
        name="buyerType"
        label={t('svc.invoice.buyerType')}
        options={[
          { value: 1, label: t('svc.invoice.buyerType.1') },
          { value: 2, label: t('svc.invoice.buyerType.2') },
        ]}
      />
      <FormText form={form} name="buyerName" label={t('svc.invoice.buyerName')} />
      <FormText form={form} name="buyerTaxNo" label={t('svc.invoice.buyerTaxNo')} />
      <FormText form={form} name="email" label={t('svc.invoice.email')} />
      <FormTextArea form={form} name="remark" label={t('svc.invoice.remark')} rows={2} />
    </FormDialog>
  );
}

function InvoiceActions({ row }: { row: TInvoiceRow }) {
  const t = useT();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const run = (fn: () => Promise<unknown>) => {
    setBusy(true);
    setProblem('');
    fn()
      .catch((e: unknown) => setProblem(errorText(e)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {row.status === 20 && (
        <Button
          size="sm"
          loading={busy}
          onClick={() =>
            run(() => runCommand(qc, () => sdk.invoices.detail({ query: { invoiceId: row.id } })))
          }
        >
          {t('svc.invoice.refresh')}
        </Button>
      )}
      {HAS_PDF.has(row.status) && (
        <Button
          size="sm"
          loading={busy}
          onClick={() =>
            run(async () => {
              const { url } = await sdk.invoices.pdfUrl({ query: { invoiceId: row.id } });
              window.open(url, '_blank', 'noopener');
            })
          }
        >
          {t('svc.invoice.pdf')}
        </Button>
      )}
      {problem && (
        <span role="alert" className="text-xs text-danger-600">
          {problem}
        </span>
      )}
    </div>
  );
}

/** The order's invoices, and a request for what may still be invoiced (screen holders of /financial/invoice). */
export function OrderInvoicesCard({ order }: { order: InvoicedOrder }) {
  const t = useT();
  const [requesting, setRequesting] = useState(false);
  const list = useQuery({
    queryKey: ['invoices', 'page', 'order', order.id],
    queryFn: () => sdk.invoices.page({ query: { orderId: order.id, pageSize: 100 } }),
  });
  const invoiceable = useQuery({
    queryKey: ['invoices', 'orders', order.studentId],
    queryFn: () => sdk.invoices.orders({ query: { stuId: order.studentId } }),
  });
  const available = invoiceable.data?.find((o) => o.orderId === order.id)?.available ?? '0.00';
  const rows = list.data?.list ?? [];
  const title = t('svc.invoice.ofOrder');
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold">{title}</h2>
        {available !== '0.00' && (
          <Button size="sm" onClick={() => setRequesting(true)}>
            {t('svc.invoice.request')}
          </Button>
        )}
      </div>
      {list.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(list.error)}
        </p>
      ) : list.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t('svc.invoice.none')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('svc.invoice.code')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('svc.invoice.invoiceNo')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {t('svc.invoice.amount')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('svc.invoice.state')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('svc.invoice.date')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium" />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal tabular-nums">
                    {r.code}
                  </th>
                  <td className="py-1.5 pr-3 tabular-nums">{r.invoiceNo ?? r.failReason ?? '—'}</td>
                  <td className="py-1.5 pr-3 text-right">
                    <MoneyText yuan={r.amount} />
                  </td>
                  <td className="py-1.5 pr-3">
                    <InvoiceStatus status={r.status} />
                  </td>
                  <td className="py-1.5 pr-3">
                    <When iso={r.issuedAt ?? r.createdAt} />
                  </td>
                  <td className="py-1.5">
                    <InvoiceActions row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {requesting && (
        <RequestDialog order={order} available={available} onClose={() => setRequesting(false)} />
      )}
    </section>
  );
}
