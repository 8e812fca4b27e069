// /students/refundApply: families' refund applications. The consultant records the request (the
// order by its code, the reason, the family's words and contact) and attaches the signed letter or
// other papers; the campus head's approval files the refund order, which finance then approves.
import { RefundApplicationInput, type TRefundApplicationRow } from '@bo/api-sdk';
import { z } from 'zod';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { OrderPicker } from '../orders/OrderPicker';
import { ApprovalStatusBadge, When } from '../orders/parts';
import { StateBadge } from './parts';

const Form = RefundApplicationInput.omit({ orderId: true }).extend({
  orderCode: z.string().trim().min(1, '请选择要退费的订单 / choose the order to refund').max(20),
});

/** Only effective orders hold hours or money a family can ask back (ORDER_STATUSES: 40 effective). */
const ORDER_EFFECTIVE = 40;

/** Picks a file and attaches it to the application (PDF, JPG, PNG; the server checks the content). */
function pickAndAttach(id: number, done: () => Promise<void>) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.pdf,.jpg,.jpeg,.png';
  input.onchange = () => {
    const file = input.files?.[0];
    if (!file) return;
    void sdk.refundApplications
      .attachmentUpload({ file, filename: file.name, fields: { id: String(id) } })
      .then(done);
  };
  input.click();
}

export default defineListScreen<TRefundApplicationRow, typeof Form>({
  key: 'refundApplications',
  what: (t) => t('svc.refundApply'),
  rowId: (r) => String(r.applicationId),
  rowName: (r) => r.code,
  searchFields: (t) => [{ kind: 'text', name: 'keyword', label: t('svc.keyword') }],
  columns: (t) => [
    { id: 'code', header: t('svc.applicationCode'), fixed: true },
    { id: 'orderCode', header: t('svc.orderCode') },
    { id: 'subjectName', header: t('svc.student') },
    { id: 'applicantName', header: t('svc.applicant') },
    { id: 'content', header: t('svc.content') },
    { id: 'attachmentCount', header: t('svc.attachments') },
    {
      id: 'applicationStatus',
      header: t('svc.state'),
      cell: (r) => <StateBadge status={r.applicationStatus} />,
    },
    { id: 'status', header: t('apv.status'), cell: (r) => <ApprovalStatusBadge status={r.status} /> },
    { id: 'refundOrderCode', header: t('svc.refundOrder') },
    { id: 'requestedAt', header: t('apv.requestedAt'), cell: (r) => <When iso={r.requestedAt} /> },
  ],
  list: (a) => sdk.refundApplications.queryPage({ query: listQuery(a) }),
  exportable: false,
  form: {
    schema: Form,
    defaults: { orderCode: '', reasonCode: '', content: '', applicantName: '', applicantPhone: '' },
    fields: (t) => [
      {
        kind: 'custom',
        name: 'orderCode',
        label: t('svc.refundOrderPick'),
        required: true,
        wide: true,
        render: (f) => (
          <OrderPicker
            id={f.id}
            label={f.label}
            value={typeof f.value === 'string' ? f.value : ''}
            onChange={f.onChange}
            error={f.error}
            required={f.required}
            status={ORDER_EFFECTIVE}
          />
        ),
      },
      { kind: 'text', name: 'reasonCode', label: t('svc.refundReason'), required: true },
      { kind: 'text', name: 'applicantName', label: t('svc.applicant'), required: true },
      { kind: 'text', name: 'applicantPhone', label: t('svc.applicantPhone'), required: true },
      { kind: 'textarea', name: 'content', label: t('svc.content'), maxLength: 2000, required: true },
    ],
    save: async ({ orderCode, ...v }) => {
      const o = await sdk.refunds.refundList({ query: { incomeordercode: orderCode } });
      return sdk.refundApplications.add({ body: { ...v, orderId: o.orderId } });
    },
    canEdit: () => false,
  },
  rowActions: (t, h) => [
    {
      key: 'attach',
      label: t('svc.attach'),
      hidden: (r) => r.applicationStatus !== 10,
      onClick: (r) => pickAndAttach(r.applicationId, h.refresh),
    },
  ],
});
