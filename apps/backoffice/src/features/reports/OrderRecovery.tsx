// /dataRecovery/orderRecovery: an administrator finds an order and repairs its income records (voids
// a duplicate confirmed pay record) or its new/renewal flag. Every repair shows its preview first,
// asks for the reason, and can be undone from the repair list (docs/decisions.md "Data recovery").
import type { ResponseOf, contract } from '@bo/api-sdk';
import { codeLabel, fromCents, payMethod, routeByPath } from '@bo/domain';
import { Badge, Button, Card, Dialog, PageHeader, TextArea, TextField, useToast } from '@bo/ui-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runCommand } from '../../app/invalidation';
import { errorText, sdk } from '../../app/sdk';
import { useUrlState } from '../../app/urlState';
import { tCode, useLocale, useT } from '../../i18n';
import { ReportTable } from './parts';

type FixOrder = ResponseOf<(typeof contract.dataRecovery)['incomeDetail']>;
type Pending =
  | { kind: 'void'; payRecordId: number }
  | { kind: 'type'; orderCode: string; orderId: number }
  | { kind: 'revert'; repairId: number };

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export default function OrderRecovery() {
  const t = useT();
  const [locale] = useLocale();
  const { value, set } = useUrlState('or', ['order'] as const);
  const [code, setCode] = useState(value.order ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const order = useQuery({
    queryKey: ['dataRecovery', value.order],
    queryFn: () => sdk.dataRecovery.incomeDetail({ query: { orderCode: value.order ?? '' } }),
    enabled: Boolean(value.order),
  });
  const o = order.data;
  const typeName = (v: number) => tCode(t, `rp.type.${v}`, t('rp.type.other'));
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={routeByPath('/dataRecovery/orderRecovery')?.title[locale] ?? ''}
        description={t('rp.adminOnly')}
      />
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          set({ order: code.trim() || undefined });
        }}
      >
        <TextField
          size="sm"
          label={t('rp.orderCode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit">{t('rp.find')}</Button>
      </form>
      {order.error && <p className="text-sm text-danger-700">{errorText(order.error)}</p>}
      {o && (
        <>
          <Card
            title={`${t('rp.order')} ${o.orderCode}`}
            extra={
              <Button
                variant="secondary"
                onClick={() => setPending({ kind: 'type', orderCode: o.orderCode, orderId: o.orderId })}
              >
                {t('rp.switchType')}
              </Button>
            }
          >
            <dl className="grid grid-cols-2 gap-2 text-sm md:grid-cols-3">
              <Item label={t('rp.student')} value={`${o.studentName} ${o.studentCode}`} />
              <Item label={t('rp.campus')} value={o.schoolItemCode} />
              <Item label={t('rp.orderType')} value={typeName(o.orderType)} />
              <Item label={t('rp.payable')} value={fromCents(o.payableCents)} />
              <Item label={t('rp.paidCents')} value={fromCents(o.paidCents)} />
              <Item label={t('rp.ledgerPaid')} value={fromCents(o.ledgerPaidCents)} />
            </dl>
          </Card>
          <ReportTable
            title={t('rp.payRecords')}
            rows={o.payRecords}
            rowKey={(r) => String(r.id)}
            columns={[
              { key: 'id', label: '#', value: (r) => r.id },
              { key: 'paidAt', label: t('rp.paidAt'), value: (r) => when(r.paidAt) },
              { key: 'method', label: t('rp.method'), value: (r) => codeLabel(payMethod(r.method)) },
              { key: 'reference', label: t('rp.reference'), value: (r) => r.reference },
              { key: 'amount', label: t('rp.amount'), numeric: true, value: (r) => fromCents(r.amountCents) },
              {
                key: 'status',
                label: t('rp.status'),
                value: (r) => tCode(t, `rp.payStatus.${r.status}`, String(r.status)),
              },
              {
                key: 'act',
                label: '',
                value: (r) =>
                  r.status === 20 ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setPending({ kind: 'void', payRecordId: r.id })}
                    >
                      {t('rp.voidRecord')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <ReportTable
            title={t('rp.repairs')}
            rows={o.repairs}
            rowKey={(r) => String(r.id)}
            columns={[
              { key: 'doneAt', label: t('rp.doneAt'), value: (r) => when(r.doneAt) },
              { key: 'what', label: t('rp.repairs'), value: (r) => r.description },
              { key: 'reason', label: t('rp.reason'), value: (r) => r.reason },
              { key: 'by', label: t('rp.doneBy'), value: (r) => r.doneBy },
              {
                key: 'act',
                label: '',
                value: (r) =>
                  r.revertedAt ? (
                    <Badge tone="grey">{`${t('rp.reverted')} ${when(r.revertedAt)} ${r.revertReason}`}</Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setPending({ kind: 'revert', repairId: r.id })}
                    >
                      {t('rp.revert')}
                    </Button>
                  ),
              },
            ]}
          />
        </>
      )}
      {pending && o && <RepairDialog pending={pending} order={o} onClose={() => setPending(null)} />}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-subtle">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The preview of one repair, its reason, and the command. */
function RepairDialog({
  pending,
  order,
  onClose,
}: {
  pending: Pending;
  order: FixOrder;
  onClose: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const preview = useQuery({
    queryKey: ['dataRecovery', 'preview', pending],
    queryFn: async () =>
      pending.kind === 'void'
        ? {
            void: await sdk.dataRecovery.deleteIncomePreview({ query: { payRecordId: pending.payRecordId } }),
          }
        : pending.kind === 'type'
          ? { type: await sdk.dataRecovery.isNewDetail({ query: { orderCode: pending.orderCode } }) }
          : {},
  });
  const typeInfo = preview.data?.type;
  const run = useMutation({
    mutationFn: () =>
      runCommand(qc, () => {
        if (pending.kind === 'void')
          return sdk.dataRecovery.deleteIncome({ body: { payRecordId: pending.payRecordId, reason } });
        if (pending.kind === 'type')
          return sdk.dataRecovery.updateIsNew({
            body: { orderId: pending.orderId, isNew: !typeInfo?.isNew, reason },
          });
        return sdk.dataRecovery.revertRepair({ body: { repairId: pending.repairId, reason } });
      }),
    onSuccess: () => {
      toast.success(t('rp.done'));
      onClose();
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const v = preview.data?.void;
  const allowed = pending.kind === 'void' ? v?.allowed : pending.kind === 'type' ? typeInfo?.allowed : true;
  const refusal = v?.refusal || typeInfo?.refusal || '';
  const typeName = (isNew: boolean) => (isNew ? t('rp.type.1') : t('rp.type.0'));
  const title =
    pending.kind === 'void'
      ? t('rp.previewVoid')
      : pending.kind === 'type'
        ? t('rp.switchType')
        : t('rp.revertTitle');
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${title} · ${order.orderCode}`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('rp.cancel')}
          </Button>
          <Button
            loading={run.isPending}
            disabled={!allowed || reason.trim().length < 2}
            onClick={() => run.mutate()}
          >
            {pending.kind === 'type' && typeInfo
              ? typeInfo.isNew
                ? t('rp.setRenewal')
                : t('rp.setNew')
              : t('rp.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        {v && (
          <dl className="grid grid-cols-2 gap-2">
            <Item label={t('rp.amount')} value={fromCents(v.payRecord.amountCents)} />
            <Item label={t('rp.paidCents')} value={fromCents(v.order.paidCents)} />
            <Item label={t('rp.paidAfter')} value={fromCents(v.paidAfterCents)} />
            <Item label={t('rp.ledgerPaid')} value={fromCents(v.order.ledgerPaidCents)} />
          </dl>
        )}
        {typeInfo && (
          <dl className="grid grid-cols-2 gap-2">
            <Item label={t('rp.orderType')} value={typeName(typeInfo.isNew)} />
            <Item label={t('rp.suggested')} value={typeName(typeInfo.suggestedIsNew)} />
            <Item
              label={t('rp.earlierOrders')}
              value={
                typeInfo.earlierOrders.map((e) => `${e.code} ${e.effectiveAt.slice(0, 10)}`).join('、') ||
                t('rp.none')
              }
            />
          </dl>
        )}
        {refusal && <p className="text-danger-700">{refusal}</p>}
        <TextArea
          label={t('rp.reason')}
          value={reason}
          maxLength={500}
          required
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
