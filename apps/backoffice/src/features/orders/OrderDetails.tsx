// /financial/orderDetails?id=: one order as finance reads it — who and where, its lines and price
// breakdown, the payments and where they stand; revoke while it is not effective, record a payment,
// edit it while unpaid, request a refund or an adjustment once effective, download the receipt.
// Without an id: every order of the campuses in scope (the order list with finance's columns).
import { OrderRevokeInput } from '@bo/api-sdk';
import { Button, Card, FormDialog, FormTextArea, MoneyText, PageHeader } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { useCanOpen } from '../../app/permissions';
import { OrderListScreen } from './PayDetail';
import { AdjustDialog, RefundDialog } from './refundForms';
import { ReceiptButton } from './PayOnlineDialog';
import { IncomeSheetsCard } from './IncomeSheets';
import { GiveawayCard } from './GiveawayCard';
import { OrderInvoicesCard } from '../services/OrderInvoices';
import { usePageTitle } from '../../app/pageTitle';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { OrderBreakdown, OrderFacts, OrderPageGate, PayRecordsTable, createPayPath } from './parts';

type Detail = Awaited<ReturnType<typeof sdk.orders.detail>>;

/** Effective (40) and closed (50) orders take refunds and adjustments. */
const EFFECTIVE = new Set([40, 50]);

const Revoke = z.object({
  id: z.number().int(),
  version: z.number().int(),
  reason: z.string().trim().max(500),
});

function RevokeDialog({ order, onClose }: { order: Detail; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: Revoke,
    defaultValues: { id: order.id, version: order.version, reason: '' },
    onSubmit: ({ id, ...body }) => sdk.orders.revoke({ params: { id }, body: OrderRevokeInput.parse(body) }),
    confirm: { message: t('ord.revokeConfirm', { code: order.code }), okText: t('ord.revoke') },
    success: t('ord.revoked'),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('ord.revoke')} danger>
      <FormTextArea form={form} name="reason" label={t('ord.revokeReason')} />
    </FormDialog>
  );
}

/** The hours this order bought and what is left of them, from the student's ledger. */
function OrderHours({ order }: { order: Detail }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['orders', 'studentAccount', order.studentId],
    queryFn: () => sdk.orders.studentAccount({ params: { id: order.studentId } }),
  });
  const items = (q.data?.items ?? []).filter((i) => i.orderId === order.id);
  if (items.length === 0)
    return <p className="text-sm text-subtle">{q.isLoading ? '…' : t('ord.noHours')}</p>;
  return (
    <table className="w-full text-sm" aria-label={t('ord.account')}>
      <thead className="text-xs text-muted">
        <tr className="border-b border-line">
          <th scope="col" className="py-1.5 pr-3 text-left font-medium">
            {t('ord.course')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ord.hoursBought')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ord.hoursGift')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ord.hoursUsed')}
          </th>
          <th scope="col" className="py-1.5 pr-3 text-right font-medium">
            {t('ord.hoursLeft')}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {t('ord.valueLeft')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.orderItemId} className="border-b border-line last:border-0">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              {i.courseName}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{i.bought}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{i.gift}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums">{i.consumed + i.refunded}</td>
            <td className="py-1.5 pr-3 text-right font-medium tabular-nums">{i.remaining}</td>
            <td className="py-1.5 text-right">
              <MoneyText yuan={i.remainingValue} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OrderDetails() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [revoking, setRevoking] = useState(false);
  const [changing, setChanging] = useState<'refund' | 'adjust' | null>(null);
  // The refund and adjust commands are those of the refund list and the adjust approval screens.
  const canRefund = useCanOpen('/students/returnPremium');
  const adjustFromFinance = useCanOpen('/financial/adjustApproval');
  const adjustFromOrders = useCanOpen('/students/payDetail');
  const canAdjust = adjustFromFinance || adjustFromOrders;
  // The order's invoices are read and requested through the invoice screen's privilege.
  const canInvoice = useCanOpen('/financial/invoice');
  const q = useQuery({
    queryKey: ['orders', 'detail', id],
    enabled: id > 0,
    queryFn: () => sdk.orders.detail({ params: { id } }),
  });
  const o = q.data;
  usePageTitle(o ? `${o.code} ${t('ord.detail')}` : null);
  if (id <= 0 && !params.has('id')) return <OrderListScreen variant="finance" />;
  if (id <= 0 || !o)
    return (
      <OrderPageGate
        title={t('ord.detail')}
        hasId={id > 0}
        error={q.isError ? q.error : null}
        noOrderText={t('ord.noOrder')}
      />
    );
  return (
    <>
      <PageHeader
        title={`${t('ord.detail')} ${o.code}`}
        actions={
          <>
            {o.actions.includes('pay') && (
              <Button variant="primary" onClick={() => void navigate(createPayPath(o.id))}>
                {t('ord.payNow')}
              </Button>
            )}
            {o.actions.includes('edit') && (
              <Button onClick={() => void navigate(`/students/order?edit=${o.id}`)}>{t('ord.edit')}</Button>
            )}
            {EFFECTIVE.has(o.status) && canRefund && (
              <Button onClick={() => setChanging('refund')}>{t('ref.apply')}</Button>
            )}
            {EFFECTIVE.has(o.status) && canAdjust && (
              <Button onClick={() => setChanging('adjust')}>{t('adj.apply')}</Button>
            )}
            <ReceiptButton code={o.code} />
            {o.actions.includes('revoke') && (
              <Button variant="danger" onClick={() => setRevoking(true)}>
                {t('ord.revoke')}
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        {o.giveaway && <GiveawayCard g={o.giveaway} />}
        <Card>
          <OrderFacts order={o} />
        </Card>
        <Card>
          <OrderBreakdown order={o} />
        </Card>
        <Card title={t('pay.records')}>
          <PayRecordsTable records={o.payRecords} />
        </Card>
        <Card title={t('ord.account')}>
          <OrderHours order={o} />
        </Card>
        <Card>
          <IncomeSheetsCard orderCode={o.code} />
        </Card>
        {canInvoice && (
          <Card>
            <OrderInvoicesCard order={o} />
          </Card>
        )}
      </div>
      {revoking && <RevokeDialog order={o} onClose={() => setRevoking(false)} />}
      {changing === 'refund' && <RefundDialog orderCode={o.code} onClose={() => setChanging(null)} />}
      {changing === 'adjust' && <AdjustDialog orderId={o.id} onClose={() => setChanging(null)} />}
    </>
  );
}
