// Pieces every order screen shares: status badges, option lists of the codes, links between the
// screens, the order summary (lines, price, payments) and the pay records table.
import type { TOrderDetail, TPayRecordRow } from '@bo/api-sdk';
import { ORDER_TYPES, codeLabel, orderType } from '@bo/domain';
import {
  AmountCapitals,
  Badge,
  EmptyState,
  MoneyText,
  PageHeader,
  PriceBreakdown,
  Spinner,
  type Tone,
} from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../app/sdk';
import { tCode, useLocale, useT, type TFunction } from '../../i18n';

export const ORDER_STATUS_CODES = [10, 20, 30, 40, 50, 90] as const;
export const PAY_STATUS_CODES = [10, 20, 30, 40] as const;
export const PAY_METHOD_CODES = [1, 2, 3, 4] as const;
export const APPROVAL_STATUS_CODES = [5, 10, 20, 30, 40, 50] as const;

const ORDER_TONES: Record<number, Tone> = {
  10: 'warning',
  20: 'orange',
  30: 'info',
  40: 'success',
  50: 'grey',
  90: 'grey',
};
const PAY_TONES: Record<number, Tone> = { 10: 'info', 20: 'success', 30: 'danger', 40: 'grey' };
const APPROVAL_TONES: Record<number, Tone> = {
  5: 'grey',
  10: 'info',
  20: 'success',
  30: 'danger',
  40: 'grey',
  50: 'grey',
};

export const orderStatusName = (t: TFunction, s: number) => tCode(t, `ord.status.${s}`, String(s));
export const payStatusName = (t: TFunction, s: number) => tCode(t, `pay.status.${s}`, String(s));
export const payMethodName = (t: TFunction, m: number) => tCode(t, `pay.method.${m}`, String(m));
export const approvalStatusName = (t: TFunction, s: number) => tCode(t, `apv.status.${s}`, String(s));

export function OrderStatusBadge({ status }: { status: number }) {
  const t = useT();
  return <Badge tone={ORDER_TONES[status] ?? 'neutral'}>{orderStatusName(t, status)}</Badge>;
}
export function PayStatusBadge({ status }: { status: number }) {
  const t = useT();
  return <Badge tone={PAY_TONES[status] ?? 'neutral'}>{payStatusName(t, status)}</Badge>;
}
export function ApprovalStatusBadge({ status }: { status: number }) {
  const t = useT();
  return <Badge tone={APPROVAL_TONES[status] ?? 'neutral'}>{approvalStatusName(t, status)}</Badge>;
}

/** The order type's name (spec §9 codes, from @bo/domain). */
export function useOrderTypeName(): (code: number) => string {
  const [locale] = useLocale();
  return (code) => codeLabel(orderType(code), locale);
}

export const orderTypeOptions = (locale: 'zh-CN' | 'en') =>
  Object.values(ORDER_TYPES).map((o) => ({ value: o.code, label: o.label[locale] }));
export const orderStatusOptions = (t: TFunction) =>
  ORDER_STATUS_CODES.map((s) => ({ value: String(s), label: orderStatusName(t, s) }));
export const payStatusOptions = (t: TFunction) =>
  PAY_STATUS_CODES.map((s) => ({ value: String(s), label: payStatusName(t, s) }));
export const payMethodOptions = (t: TFunction) =>
  PAY_METHOD_CODES.map((m) => ({ value: String(m), label: payMethodName(t, m) }));
export const approvalStatusOptions = (t: TFunction) =>
  APPROVAL_STATUS_CODES.map((s) => ({ value: String(s), label: approvalStatusName(t, s) }));

/** 'YYYY-MM-DD HH:mm' in local time; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function When({ iso }: { iso: string | null | undefined }) {
  return iso ? (
    <time dateTime={iso} className="tabular-nums">
      {formatDateTime(iso)}
    </time>
  ) : (
    <span className="text-subtle">—</span>
  );
}

/** The finance view of one order. */
export const orderDetailsPath = (id: number) => `/financial/orderDetails?id=${id}`;
/** Where the pay records of an order are entered. */
export const createPayPath = (orderId: number) => `/students/createPay?orderId=${orderId}`;

export function OrderLink({ id, code }: { id: number; code: string }) {
  return (
    <Link className="text-brand-600 hover:underline" to={orderDetailsPath(id)}>
      {code}
    </Link>
  );
}

/** A label and its value in a detail grid. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children ?? '—'}</dd>
    </div>
  );
}

/** The head of an order: who, where, what type, state and its money. */
export function OrderFacts({ order }: { order: TOrderDetail }) {
  const t = useT();
  const typeName = useOrderTypeName();
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Field label={t('ord.orderCode')}>{order.code}</Field>
      <Field label={t('ord.status')}>
        <OrderStatusBadge status={order.status} />
      </Field>
      <Field label={t('ord.student')}>
        {order.studentName} <span className="text-subtle">{order.studentCode}</span>
      </Field>
      <Field label={t('ord.campus')}>{order.schoolItemName ?? order.schoolItemCode}</Field>
      <Field label={t('ord.orderType')}>{typeName(order.orderType)}</Field>
      <Field label={t('ord.adviser')}>{order.adviserName ?? '—'}</Field>
      <Field label={t('ord.createdBy')}>{order.createdByName ?? '—'}</Field>
      <Field label={t('ord.createdAt')}>
        <When iso={order.createdAt} />
      </Field>
      <Field label={t('ord.payable')}>
        <MoneyText yuan={order.payable} strong />
        <br />
        <AmountCapitals yuan={order.payable} />
      </Field>
      <Field label={t('ord.paid')}>
        <MoneyText yuan={order.paid} />
      </Field>
      <Field label={t('ord.pending')}>
        <MoneyText yuan={order.pending} />
      </Field>
      {Number(order.funderShare) > 0 && (
        <Field label={t('ord.funderShare')}>
          <MoneyText yuan={order.funderShare} /> {order.funderCode ? `· ${order.funderCode}` : ''}
        </Field>
      )}
      {order.remark && <Field label={t('ord.remark')}>{order.remark}</Field>}
    </dl>
  );
}

/** An order's lines as a price breakdown (the figures stored when it was placed). */
export function OrderBreakdown({ order }: { order: TOrderDetail }) {
  return (
    <PriceBreakdown
      quote={{
        items: order.items,
        listAmount: order.listAmount,
        discountAmount: order.discountAmount,
        payable: order.payable,
      }}
    />
  );
}

/** Pay records of an order; `actions` adds a cell per record (edit a pending one). */
export function PayRecordsTable({
  records,
  actions,
}: {
  records: readonly TPayRecordRow[];
  actions?: (r: TPayRecordRow) => ReactNode;
}) {
  const t = useT();
  if (records.length === 0) return <EmptyState title={t('pay.none')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label={t('pay.records')}>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.paidAt')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.payer')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.method')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {t('pay.amount')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.reference')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.status')}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-left font-medium">
              {t('pay.createdBy')}
            </th>
            {actions && <th scope="col" className="py-1.5 text-left font-medium" />}
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.id} className="border-b border-line last:border-0">
              <td className="py-1.5 pr-3">
                <When iso={r.paidAt} />
              </td>
              <td className="py-1.5 pr-3">{t(`pay.payer.${r.payer}`)}</td>
              <td className="py-1.5 pr-3">{payMethodName(t, r.method)}</td>
              <td className="py-1.5 pr-3 text-right">
                <MoneyText yuan={r.amount} />
              </td>
              <td className="py-1.5 pr-3">{r.reference ?? '—'}</td>
              <td className="py-1.5 pr-3">
                <PayStatusBadge status={r.status} />
              </td>
              <td className="py-1.5 pr-3">{r.createdByName ?? '—'}</td>
              {actions && <td className="py-1.5">{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What an order page shows before it has its order: no order chosen (a way to find one: the case
 * files, whose student detail lists the orders), the load error, or the spinner while it loads.
 */
export function OrderPageGate({
  title,
  hasId,
  error,
  noOrderText,
}: {
  title: string;
  hasId: boolean;
  error: unknown;
  noOrderText: string;
}) {
  const t = useT();
  return (
    <>
      <PageHeader title={title} />
      {!hasId ? (
        <EmptyState title={noOrderText} action={<Link to="/students/list">{t('ord.goOrders')}</Link>} />
      ) : error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(error)}
        </p>
      ) : (
        <Spinner />
      )}
    </>
  );
}
