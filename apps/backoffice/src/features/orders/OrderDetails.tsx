// /financial/orderDetails?id=: one order as finance reads it — who and where, its lines and price
// breakdown, the payments and where they stand; revoke while it is not effective, record a payment,
// download the receipt.
import { OrderRevokeInput } from '@bo/api-sdk';
import { Button, Card, EmptyState, FormDialog, FormTextArea, PageHeader, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { usePageTitle } from '../../app/pageTitle';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { OrderBreakdown, OrderFacts, PayRecordsTable, ReceiptButton, createPayPath } from './parts';

type Detail = Awaited<ReturnType<typeof sdk.orders.detail>>;

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

export default function OrderDetails() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [revoking, setRevoking] = useState(false);
  const q = useQuery({
    queryKey: ['orders', 'detail', id],
    enabled: id > 0,
    queryFn: () => sdk.orders.detail({ params: { id } }),
  });
  const o = q.data;
  usePageTitle(o ? `${o.code} ${t('ord.detail')}` : null);
  if (id <= 0)
    return (
      <>
        <PageHeader title={t('ord.detail')} />
        <EmptyState
          title={t('ord.noOrder')}
          action={<Link to="/students/payDetail">{t('ord.goOrders')}</Link>}
        />
      </>
    );
  if (!o)
    return (
      <>
        <PageHeader title={t('ord.detail')} />
        {q.isError ? (
          <p role="alert" className="text-sm text-danger-600">
            {errorText(q.error)}
          </p>
        ) : (
          <Spinner />
        )}
      </>
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
        <Card>
          <OrderFacts order={o} />
        </Card>
        <Card>
          <OrderBreakdown order={o} />
        </Card>
        <Card title={t('pay.records')}>
          <PayRecordsTable records={o.payRecords} />
        </Card>
      </div>
      {revoking && <RevokeDialog order={o} onClose={() => setRevoking(false)} />}
    </>
  );
}
