// /financial/invoice: invoices of paid orders. The campus records a family's request (student, order
// with what may still be invoiced, amount, content, buyer); finance sends it to the tax-invoice
// provider, refreshes its result and opens the issued PDF, and keeps the invoice contents.
import { INVOICE_STATUSES, InvoiceContentInput, type TInvoiceRow } from '@bo/api-sdk';
import { ROLE } from '@bo/domain';
import {
  Button,
  Dialog,
  RecordFormDialog,
  SearchSelect,
  type CustomFormFieldProps,
  formatMoney,
} from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { runCommand } from '../../app/invalidation';
import { defineListScreen, listQuery } from '../../app/list';
import { useHasAnyRole } from '../../app/permissions';
import { sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { When } from '../orders/parts';
import { InvoiceStatus, StudentField } from './parts';

/** The order field: the chosen student's paid orders with what may still be invoiced. */
function OrderField(p: CustomFormFieldProps) {
  const t = useT();
  const studentId = typeof p.values.studentId === 'number' ? p.values.studentId : undefined;
  const q = useQuery({
    queryKey: ['invoices', 'orders', studentId],
    enabled: studentId !== undefined,
    queryFn: () => sdk.invoices.orders({ query: { stuId: studentId ?? 0 } }),
  });
  return (
    <SearchSelect<number>
      id={p.id}
      label={p.label}
      value={typeof p.value === 'number' ? p.value : null}
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
      options={(q.data ?? [])
        .filter((o) => o.available !== '0.00')
        .map((o) => ({
          value: o.orderId,
          label: `${o.orderCode} · ${t('svc.invoice.available')} ${formatMoney({ yuan: o.available })}`,
        }))}
      {...(studentId === undefined ? { placeholder: t('svc.pickStudentFirst') } : {})}
      {...(p.error ? { error: p.error } : {})}
      required
    />
  );
}

/** The content field: the enabled invoice contents. */
function ContentField(p: CustomFormFieldProps) {
  const q = useQuery({
    queryKey: ['invoices', 'contents', 'enabled'],
    queryFn: () => sdk.invoices.contentPage({ query: { validstatus: 1, pageSize: 500 } }),
  });
  return (
    <SearchSelect<number>
      id={p.id}
      label={p.label}
      value={typeof p.value === 'number' ? p.value : null}
      onChange={(v) => p.onChange(v === '' ? undefined : v)}
      options={(q.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.taxRate}%）` }))}
      {...(p.error ? { error: p.error } : {})}
      required
    />
  );
}

const Form = z.object({
  studentId: z.number({ error: '请选择学员 / pick the student' }),
  orderId: z.number({ error: '请选择订单 / pick the order' }),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, '金额最多2位小数 / an amount with at most 2 decimals'),
  contentId: z.number({ error: '请选择开票内容 / pick the invoice content' }),
  buyerType: z.coerce.number().int(),
  buyerName: z.string().trim().min(1).max(100),
  buyerTaxNo: z.string().trim().max(20),
  email: z.string().trim().max(100),
  remark: z.string().trim().max(200),
});

/** The invoice contents (finance): a list with add and edit. */
function ContentsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const q = useQuery({
    queryKey: ['invoices', 'contents', 'all'],
    queryFn: () => sdk.invoices.contentPage({ query: { pageSize: 500 } }),
  });
  return (
    <Dialog open onClose={onClose} title={t('svc.invoice.contents')} size="lg">
      <div className="mb-3 flex justify-end">
        <Button variant="primary" size="sm" onClick={() => setEditing({ validstatus: 1 })}>
          {t('svc.invoice.contentAdd')}
        </Button>
      </div>
      <table className="w-full text-sm" aria-label={t('svc.invoice.contents')}>
        <thead>
          <tr className="border-b border-line text-left text-muted">
            <th className="py-2 font-medium">{t('svc.invoice.content')}</th>
            <th className="py-2 font-medium">{t('svc.invoice.taxCode')}</th>
            <th className="py-2 font-medium">{t('svc.invoice.taxRate')}</th>
            <th className="py-2 font-medium">{t('svc.invoice.enabled')}</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody>
          {(q.data?.list ?? []).map((c) => (
            <tr key={c.id} className="border-b border-line last:border-0">
              <td className="py-2">{c.name}</td>
              <td className="py-2">{c.taxCode}</td>
              <td className="py-2">{c.taxRate}%</td>
              <td className="py-2">{c.validstatus === 1 ? '✓' : '—'}</td>
              <td className="py-2 text-right">
                <Button size="sm" variant="link" onClick={() => setEditing({ ...c })}>
                  {t('list.edit')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <RecordFormDialog
          open
          onClose={() => setEditing(null)}
          title={t('svc.invoice.contents')}
          schema={InvoiceContentInput}
          mode={typeof editing.id === 'number' ? 'edit' : 'create'}
          initialValues={editing}
          fields={[
            { kind: 'text', name: 'name', label: t('svc.invoice.content'), required: true, maxLength: 60 },
            { kind: 'text', name: 'taxCode', label: t('svc.invoice.taxCode'), required: true, maxLength: 19 },
            { kind: 'text', name: 'taxRate', label: t('svc.invoice.taxRate'), required: true },
            { kind: 'switch', name: 'validstatus', label: t('svc.invoice.enabled'), onValue: 1, offValue: 0 },
            { kind: 'text', name: 'remark', label: t('svc.invoice.remark'), maxLength: 200 },
          ]}
          onSubmit={async (v) => {
            const { id, version } = editing;
            await runCommand(qc, () =>
              typeof id === 'number' && typeof version === 'number'
                ? sdk.invoices.contentUpdate({ body: { ...v, id, version } })
                : sdk.invoices.contentCreate({ body: v }),
            );
            setEditing(null);
          }}
        />
      )}
    </Dialog>
  );
}

function ContentsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const canIssue = useHasAnyRole([ROLE.finance, ROLE.admin]);
  if (!canIssue) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('svc.invoice.contents')}
      </Button>
      {open && <ContentsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

const openUrl = (url: string) => window.open(url, '_blank', 'noopener');

const Invoice = defineListScreen<TInvoiceRow, typeof Form>({
  key: 'invoices',
  what: (t) => t('svc.invoice'),
  rowId: (r) => String(r.id),
  rowName: (r) => r.code,
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('svc.invoice.keyword') },
    {
      kind: 'select',
      name: 'status',
      label: t('svc.invoice.state'),
      options: INVOICE_STATUSES.map((s) => ({
        value: String(s),
        label: tCode(t, `svc.invoice.status.${s}`, String(s)),
      })),
    },
  ],
  columns: (t) => [
    { id: 'code', header: t('svc.invoice.code'), fixed: true },
    { id: 'studentName', header: t('svc.student') },
    { id: 'orderCode', header: t('svc.orderCode') },
    { id: 'buyerName', header: t('svc.invoice.buyerName') },
    { id: 'contentName', header: t('svc.invoice.content') },
    { id: 'amount', header: t('svc.invoice.amount') },
    { id: 'taxAmount', header: t('svc.invoice.taxAmount') },
    { id: 'status', header: t('svc.invoice.state'), cell: (r) => <InvoiceStatus status={r.status} /> },
    { id: 'invoiceNo', header: t('svc.invoice.invoiceNo'), value: (r) => r.invoiceNo ?? r.failReason ?? '' },
    { id: 'createdAt', header: t('svc.invoice.requestedAt'), cell: (r) => <When iso={r.createdAt} /> },
  ],
  list: (a) => sdk.invoices.page({ query: listQuery(a) }),
  exportable: false,
  toolbar: () => <ContentsButton />,
  form: {
    schema: Form,
    defaults: { buyerType: 1, buyerName: '', buyerTaxNo: '', email: '', remark: '', amount: '' },
    fields: (t) => [
      { kind: 'custom', name: 'studentId', label: t('svc.student'), render: StudentField, wide: true },
      { kind: 'custom', name: 'orderId', label: t('svc.orderCode'), render: OrderField, wide: true },
      { kind: 'amount', name: 'amount', label: t('svc.invoice.amount'), required: true },
      { kind: 'custom', name: 'contentId', label: t('svc.invoice.content'), render: ContentField },
      {
        kind: 'select',
        name: 'buyerType',
        label: t('svc.invoice.buyerType'),
        options: [
          { value: 1, label: t('svc.invoice.buyerType.1') },
          { value: 2, label: t('svc.invoice.buyerType.2') },
        ],
      },
      { kind: 'text', name: 'buyerName', label: t('svc.invoice.buyerName'), required: true, maxLength: 100 },
      { kind: 'text', name: 'buyerTaxNo', label: t('svc.invoice.buyerTaxNo'), maxLength: 20 },
      { kind: 'text', name: 'email', label: t('svc.invoice.email'), maxLength: 100 },
      { kind: 'textarea', name: 'remark', label: t('svc.invoice.remark'), maxLength: 200, wide: true },
    ],
    save: async ({ studentId: _student, buyerType, ...v }) =>
      sdk.invoices.insert({ body: { ...v, buyerType: buyerType === 2 ? 2 : 1 } }),
    canEdit: () => false,
  },
  rowActions: (t, h) => [
    {
      key: 'issue',
      label: t('svc.invoice.issue'),
      hidden: (r) => r.status !== 10,
      confirm: t('svc.invoice.issueConfirm'),
      onClick: async (r) => {
        await sdk.invoices.cmbCreate({ body: { invoiceId: r.id } });
        await h.refresh();
      },
    },
    {
      key: 'refresh',
      label: t('svc.invoice.refresh'),
      hidden: (r) => r.status !== 20,
      onClick: async (r) => {
        await sdk.invoices.detail({ query: { invoiceId: r.id } });
        await h.refresh();
      },
    },
    {
      key: 'pdf',
      label: t('svc.invoice.pdf'),
      // A reversed invoice keeps its PDF; a red one has its own.
      hidden: (r) => r.status !== 30 && r.status !== 60 && r.status !== 70,
      onClick: async (r) => openUrl((await sdk.invoices.pdfUrl({ query: { invoiceId: r.id } })).url),
    },
    {
      key: 'reverse',
      label: t('svc.invoice.reverse'),
      hidden: (r) => r.status !== 30,
      confirm: t('svc.invoice.reverseConfirm'),
      onClick: async (r) => {
        await sdk.invoices.reverse({ body: { invoiceId: r.id } });
        await h.refresh();
      },
    },
    {
      key: 'cancel',
      label: t('svc.invoice.cancel'),
      hidden: (r) => r.status !== 10,
      confirm: t('svc.invoice.cancelConfirm'),
      onClick: async (r) => {
        await sdk.invoices.cancel({ body: { invoiceId: r.id } });
        await h.refresh();
      },
    },
  ],
});

export default Invoice;
