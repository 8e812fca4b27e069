// /students/reconciliationOrder: every pay record of the campuses in scope, to reconcile against the
// bank and the till — method, payer, amount, time, reference and where each stands; filters in the
// URL, the whole filtered result exported.
import type { TPayRecordRow } from '@bo/api-sdk';
import { MoneyText } from '@bo/ui-kit';
import { defineListScreen, filterQuery, listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import {
  OrderLink,
  PayStatusBadge,
  When,
  payMethodName,
  payMethodOptions,
  payStatusName,
  payStatusOptions,
} from './parts';

export default defineListScreen<TPayRecordRow>({
  key: 'payRecords',
  what: (t) => t('pay.record'),
  rowId: (r) => String(r.id),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('pay.keyword') },
    { kind: 'text', name: 'orderCode', label: t('ord.orderCode') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('ord.campus'),
      render: asSearchField(CampusMasterSelect),
    },
    { kind: 'select', name: 'method', label: t('pay.method'), options: payMethodOptions(t) },
    { kind: 'select', name: 'status', label: t('pay.status'), options: payStatusOptions(t) },
    {
      kind: 'select',
      name: 'payer',
      label: t('pay.payer'),
      options: [
        { value: 'family', label: t('pay.payer.family') },
        { value: 'funder', label: t('pay.payer.funder') },
      ],
    },
    { kind: 'dateRange', name: 'paid', label: t('pay.dateRange'), startName: 'paidFrom', endName: 'paidTo' },
  ],
  columns: (t) => [
    {
      id: 'orderCode',
      header: t('ord.orderCode'),
      fixed: true,
      cell: (r) => <OrderLink id={r.orderId} code={r.orderCode} />,
    },
    { id: 'studentName', header: t('ord.student') },
    { id: 'studentCode', header: t('ord.studentCode'), defaultHidden: true },
    { id: 'schoolItemName', header: t('ord.campus'), value: (r) => r.schoolItemName ?? r.schoolItemCode },
    { id: 'payer', header: t('pay.payer'), value: (r) => t(`pay.payer.${r.payer}`) },
    { id: 'method', header: t('pay.method'), value: (r) => payMethodName(t, r.method) },
    {
      id: 'amount',
      header: t('pay.amount'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.amount} />,
      exportValue: (r) => Number(r.amount),
    },
    { id: 'paidAt', header: t('pay.paidAt'), cell: (r) => <When iso={r.paidAt} /> },
    { id: 'reference', header: t('pay.reference') },
    {
      id: 'status',
      header: t('pay.status'),
      cell: (r) => <PayStatusBadge status={r.status} />,
      exportValue: (r) => payStatusName(t, r.status),
    },
    { id: 'createdByName', header: t('pay.createdBy') },
    {
      id: 'createdAt',
      header: t('pay.createdAt'),
      cell: (r) => <When iso={r.createdAt} />,
      defaultHidden: true,
    },
    { id: 'remark', header: t('pay.remark'), defaultHidden: true },
  ],
  list: (a) => sdk.orders.payRecordPage({ body: listQuery(a) }),
  serverExport: (f) => sdk.orders.payRecordExport({ body: filterQuery(f) }),
});
