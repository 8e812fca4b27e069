// /students/returnPremium: the refund orders of the campuses in scope (filters in the URL, the whole
// filtered result exported), a pending one withdrawn with confirmation, and "apply refund": the
// order's code, then the refund form (?apply=<order code> opens it directly, e.g. from an order).
import type { TRefundOrderRow } from '@bo/api-sdk';
import { Button, Dialog, MoneyText } from '@bo/ui-kit';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filterQuery, ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';
import { Badge, type Tone } from '@bo/ui-kit';
import { OrderPicker } from './OrderPicker';
import { OrderLink, When } from './parts';
import { RefundDialog } from './refundForms';

/** Only an effective order (ORDER_STATUSES: 40) holds what a refund gives back. */
const ORDER_EFFECTIVE = 40;

export const REFUND_STATUS_CODES = [10, 20, 30, 40, 50] as const;
const TONES: Record<number, Tone> = { 10: 'info', 20: 'success', 30: 'danger', 40: 'grey', 50: 'grey' };
export const refundStatusName = (t: TFunction, s: number) => tCode(t, `ref.status.${s}`, String(s));

export function RefundStatusBadge({ status }: { status: number }) {
  const t = useT();
  return <Badge tone={TONES[status] ?? 'neutral'}>{refundStatusName(t, status)}</Badge>;
}

/**
 * Asks which order to refund, found by the student's name, a phone or the order's code (effective
 * orders of the caller's campuses), then hands over to the refund form.
 */
function PickOrder({ onPick, onClose }: { onPick: (code: string) => void; onClose: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('ref.apply')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={code.trim() === ''} onClick={() => onPick(code.trim())}>
            {t('ref.next')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim() !== '') onPick(code.trim());
        }}
      >
        <OrderPicker
          id="refund-order-code"
          label={t('ref.orderToRefund')}
          value={code}
          onChange={setCode}
          status={ORDER_EFFECTIVE}
        />
      </form>
    </Dialog>
  );
}

export default function ReturnPremium() {
  const [params, setParams] = useSearchParams();
  const applying = params.get('apply');
  const [picking, setPicking] = useState(false);
  const setApply = (code: string | null) =>
    setParams(
      (p) => {
        if (code === null) p.delete('apply');
        else p.set('apply', code);
        return p;
      },
      { replace: true },
    );
  const def = useMemo<ListScreenDef<TRefundOrderRow>>(
    () => ({
      key: 'refundOrders',
      what: (t) => t('ref.refund'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.code,
      searchFields: (t) => [
        { kind: 'text', name: 'keyword', label: t('ref.keyword') },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('ord.campus'),
          render: asSearchField(CampusMasterSelect),
        },
        {
          kind: 'select',
          name: 'status',
          label: t('ref.status'),
          options: REFUND_STATUS_CODES.map((s) => ({ value: String(s), label: refundStatusName(t, s) })),
        },
        {
          kind: 'dateRange',
          name: 'created',
          label: t('ref.createdRange'),
          startName: 'createdFrom',
          endName: 'createdTo',
        },
      ],
      columns: (t) => [
        { id: 'code', header: t('ref.code'), fixed: true },
        {
          id: 'orderCode',
          header: t('ord.orderCode'),
          cell: (r) => <OrderLink id={r.orderId} code={r.orderCode} />,
        },
        { id: 'studentName', header: t('ord.student') },
        { id: 'studentCode', header: t('ord.studentCode'), defaultHidden: true },
        {
          id: 'schoolItemName',
          header: t('ord.campus'),
          value: (r) => r.schoolItemName ?? r.schoolItemCode,
        },
        { id: 'reasonName', header: t('ref.reason') },
        {
          id: 'amount',
          header: t('ref.amount'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.amount} />,
          exportValue: (r) => Number(r.amount),
        },
        {
          id: 'status',
          header: t('ref.status'),
          cell: (r) => <RefundStatusBadge status={r.status} />,
          exportValue: (r) => refundStatusName(t, r.status),
        },
        { id: 'createdByName', header: t('ref.requestedBy') },
        { id: 'createdAt', header: t('ref.requestedAt'), cell: (r) => <When iso={r.createdAt} /> },
        { id: 'remark', header: t('ord.remark'), defaultHidden: true },
      ],
      list: (a) => sdk.refunds.refundOrders({ query: listQuery(a) }),
      serverExport: (f) => sdk.refunds.refundExport({ query: filterQuery(f) }),
      rowActions: (t, helpers) => [
        {
          key: 'withdraw',
          label: t('ref.withdraw'),
          danger: true,
          hidden: (r) => r.status !== 10,
          confirm: (r) => t('ref.withdrawConfirm', { code: r.code }),
          onClick: async (r) => {
            try {
              await sdk.refunds.revokeRefundOrder({ body: { id: r.id, comment: '' } });
              await helpers.refresh();
            } catch {
              // shown by the SDK
            }
          },
        },
      ],
      toolbar: (t) => (
        <Button variant="primary" onClick={() => setPicking(true)}>
          {t('ref.apply')}
        </Button>
      ),
    }),
    [],
  );
  return (
    <>
      <ListScreenView def={def} />
      {picking && (
        <PickOrder
          onClose={() => setPicking(false)}
          onPick={(code) => {
            setPicking(false);
            setApply(code);
          }}
        />
      )}
      {applying !== null && applying !== '' && (
        <RefundDialog orderCode={applying} onClose={() => setApply(null)} />
      )}
    </>
  );
}
