// The one declaration of the income-order list, read by two screens: /students/payDetail (the
// consultant's order list: who, what, where it stands, pay or revoke) and /financial/orderDetails
// without an id (finance's all-orders list: the same rows with the money columns shown).
import type { TOrderRow } from '@bo/api-sdk';
import { MoneyText, type ListColumn } from '@bo/ui-kit';
import type { NavigateFunction } from 'react-router';
import { listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';
import {
  OrderLink,
  OrderStatusBadge,
  When,
  createPayPath,
  orderDetailsPath,
  orderStatusName,
  orderStatusOptions,
  orderTypeOptions,
} from './parts';

/** Orders that take another pay record. */
const PAYABLE = new Set([10, 20]);
/** Orders the list may revoke directly (an effective one is undone through its payment approval). */
const REVOCABLE = new Set([10, 20, 30]);

export type OrderListVariant = 'consultant' | 'finance';

const money = (
  id: 'listAmount' | 'discountAmount' | 'payable' | 'paid' | 'pending' | 'familyShare' | 'funderShare',
  header: string,
  hidden: boolean,
): ListColumn<TOrderRow> => ({
  id,
  header,
  align: 'right',
  cell: (r) => <MoneyText yuan={r[id]} />,
  exportValue: (r) => Number(r[id]),
  defaultHidden: hidden,
});

export function orderListDef(
  variant: OrderListVariant,
  navigate: NavigateFunction,
  locale: 'zh-CN' | 'en',
): ListScreenDef<TOrderRow> {
  // Finance reads the money of every order; the consultant the state and what is still to do.
  const finance = variant === 'finance';
  return {
    key: finance ? 'financeOrders' : 'orders',
    what: (t) => t('ord.order'),
    rowId: (r) => String(r.id),
    rowName: (r) => r.code,
    searchFields: (t: TFunction) => [
      { kind: 'text', name: 'keyword', label: t('ord.keyword') },
      {
        kind: 'custom',
        name: 'schoolItemCode',
        label: t('ord.campus'),
        render: asSearchField(CampusMasterSelect),
      },
      { kind: 'select', name: 'status', label: t('ord.status'), options: orderStatusOptions(t) },
      {
        kind: 'select',
        name: 'orderType',
        label: t('ord.orderType'),
        options: orderTypeOptions(locale).map((o) => ({ value: String(o.value), label: o.label })),
      },
    ],
    columns: (t) => [
      {
        id: 'code',
        header: t('ord.orderCode'),
        fixed: true,
        cell: (r) => <OrderLink id={r.id} code={r.code} />,
      },
      { id: 'studentName', header: t('ord.student') },
      { id: 'studentCode', header: t('ord.studentCode'), defaultHidden: !finance },
      {
        id: 'schoolItemName',
        header: t('ord.campus'),
        value: (r) => r.schoolItemName ?? r.schoolItemCode,
      },
      {
        id: 'orderType',
        header: t('ord.orderType'),
        value: (r) =>
          orderTypeOptions(locale).find((o) => o.value === r.orderType)?.label ?? String(r.orderType),
      },
      {
        id: 'status',
        header: t('ord.status'),
        cell: (r) => <OrderStatusBadge status={r.status} />,
        exportValue: (r) => orderStatusName(t, r.status),
      },
      money('listAmount', t('ord.listAmount'), !finance),
      money('discountAmount', t('ord.discountAmount'), !finance),
      money('payable', t('ord.payable'), false),
      money('paid', t('ord.paid'), false),
      money('pending', t('ord.pending'), !finance),
      money('familyShare', t('ord.familyShare'), !finance),
      money('funderShare', t('ord.funderShare'), !finance),
      { id: 'funderCode', header: t('ord.funderCode'), defaultHidden: !finance },
      { id: 'adviserName', header: t('ord.adviser') },
      { id: 'createdByName', header: t('ord.createdBy'), defaultHidden: finance },
      { id: 'createdAt', header: t('ord.createdAt'), cell: (r) => <When iso={r.createdAt} /> },
      {
        id: 'effectiveAt',
        header: t('ord.effectiveAt'),
        cell: (r) => <When iso={r.effectiveAt} />,
        defaultHidden: !finance,
      },
      { id: 'remark', header: t('ord.remark'), defaultHidden: true },
    ],
    list: (a) => sdk.orders.incomeOrders({ query: listQuery(a) }),
    rowActions: (t, helpers) => [
      { key: 'open', label: t('ord.open'), onClick: (r) => navigate(orderDetailsPath(r.id)) },
      {
        key: 'pay',
        label: t('ord.payNow'),
        hidden: (r) => !PAYABLE.has(r.status),
        onClick: (r) => navigate(createPayPath(r.id)),
      },
      {
        key: 'revoke',
        label: t('ord.revoke'),
        danger: true,
        hidden: (r) => !REVOCABLE.has(r.status),
        confirm: (r) => t('ord.revokeConfirm', { code: r.code }),
        onClick: async (r) => {
          try {
            await sdk.orders.revoke({ params: { id: r.id }, body: { reason: '', version: r.version } });
            await helpers.refresh();
          } catch {
            // shown by the SDK
          }
        },
      },
    ],
  };
}
