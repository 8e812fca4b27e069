// /financial/funderReceivable: split billing as finance collects it — per funder and month, the
// funder shares of the orders, what the funder paid and what it still owes; "record payment" takes
// one bank transfer of a funder over many of its orders (/incomeOrder/funderPayment, one
// transaction: the total must equal the orders' amounts, each at most what is owed on the order).
import { FunderPaymentInput, type TFunderOrderRow } from '@bo/api-sdk';
import { fromCents, toCents, shanghaiDate } from '@bo/domain';
import {
  Dialog,
  EmptyState,
  FormAmount,
  FormDateTime,
  FormDialog,
  FormSelect,
  FormText,
  FormTextArea,
  MoneyText,
  Spinner,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { OrderLink, PAY_METHOD_CODES, payMethodName } from './parts';

type Row = Awaited<ReturnType<typeof sdk.orders.funderReceivable>>[number];
interface Target {
  funderCode: string;
  funderName: string;
  month: string;
  schoolItemCode: string;
}

/** This Shanghai month as 'YYYY-MM' (the list opens on it). */
function thisMonth(): string {
  return shanghaiDate(new Date()).slice(0, 7);
}

/** Exact sum of yuan texts in cents (bigint, never floats); null while one is not an amount yet. */
function sumOf(amounts: ReadonlyArray<unknown>): string | null {
  let total = 0n;
  for (const a of amounts) {
    const c = typeof a === 'string' && a.trim() !== '' ? toCents(a) : 0n;
    if (c === null) return null;
    total += c;
  }
  return fromCents(total);
}

function PayForm({
  target,
  rows,
  onClose,
}: {
  target: Target;
  rows: TFunderOrderRow[];
  onClose: () => void;
}) {
  const t = useT();
  const owed = rows.filter((r) => (toCents(r.due) ?? 0n) > 0n);
  const form = useCommandForm({
    schema: FunderPaymentInput,
    defaultValues: {
      funderCode: target.funderCode,
      method: 2,
      paidAt: new Date().toISOString(),
      reference: '',
      total: sumOf(owed.map((r) => r.due)) ?? '',
      remark: '',
      items: owed.map((r) => ({ orderId: r.orderId, amount: r.due })),
    } as z.input<typeof FunderPaymentInput>,
    onSubmit: (body) => sdk.orders.funderPayment({ body }),
    success: t('fund.paid'),
    onDone: onClose,
  });
  const typed = form.rhf.watch('items') ?? [];
  const sum = sumOf(typed.map((i) => i.amount));
  const total = form.rhf.watch('total');
  const mismatch = sum !== null && typeof total === 'string' && toCents(total) !== toCents(sum);
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('fund.payTitle', { funder: target.funderName, month: target.month })}
      submitText={t('fund.record')}
      submitDisabled={owed.length === 0}
      size="lg"
    >
      {owed.length === 0 ? (
        <EmptyState title={t('fund.nothingOwed')} />
      ) : (
        <table className="w-full text-sm" aria-label={t('fund.orders')}>
          <thead className="text-xs text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                {t('ord.orderCode')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                {t('ord.student')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                {t('fund.share')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                {t('fund.due')}
              </th>
              <th scope="col" className="py-1.5 text-left font-medium">
                {t('fund.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {owed.map((r, i) => (
              <tr key={r.orderId} className="border-b border-line last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  <OrderLink id={r.orderId} code={r.orderCode} />
                </th>
                <td className="py-1.5 pr-3">{r.studentName}</td>
                <td className="py-1.5 pr-3 text-right">
                  <MoneyText yuan={r.share} />
                </td>
                <td className="py-1.5 pr-3 text-right">
                  <MoneyText yuan={r.due} />
                </td>
                <td className="py-1.5">
                  <FormAmount
                    form={form}
                    name={`items.${i}.amount`}
                    label={t('fund.amountOf', { code: r.orderCode })}
                    capitals={false}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="text-sm">
        {t('fund.sum')}: {sum === null ? '—' : <MoneyText yuan={sum} />}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormAmount
          form={form}
          name="total"
          label={t('fund.total')}
          hint={mismatch ? t('fund.mismatch') : undefined}
        />
        <FormSelect
          form={form}
          name="method"
          label={t('pay.method')}
          options={PAY_METHOD_CODES.map((m) => ({ value: m, label: payMethodName(t, m) }))}
        />
        <FormDateTime form={form} name="paidAt" label={t('pay.paidAt')} />
        <FormText form={form} name="reference" label={t('fund.reference')} />
      </div>
      <FormTextArea form={form} name="remark" label={t('pay.remark')} rows={2} />
    </FormDialog>
  );
}

function PayDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['orders', 'funderOrders', target],
    queryFn: () =>
      sdk.orders.funderOrders({
        query: {
          month: target.month,
          funderCode: target.funderCode,
          schoolItemCode: target.schoolItemCode || undefined,
        },
      }),
  });
  if (q.data) return <PayForm target={target} rows={q.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} title={t('fund.record')} closeLabel={t('common.close')}>
      {q.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(q.error)}
        </p>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

export default function FunderReceivable() {
  const [paying, setPaying] = useState<Target | null>(null);
  const def = useMemo<ListScreenDef<Row>>(
    () => ({
      key: 'funderReceivable',
      what: (t) => t('fund.funder'),
      rowId: (r) => `${r.funderCode}:${r.month}`,
      rowName: (r) => r.funderName ?? r.funderCode,
      filterDefaults: { month: thisMonth() },
      searchFields: (t) => [
        { kind: 'month', name: 'month', label: t('fund.month') },
        { kind: 'text', name: 'funderCode', label: t('fund.funderCode') },
        {
          kind: 'custom',
          name: 'schoolItemCode',
          label: t('ord.campus'),
          render: asSearchField(CampusMasterSelect),
        },
      ],
      columns: (t) => [
        {
          id: 'funderName',
          header: t('fund.funder'),
          value: (r) => r.funderName ?? r.funderCode,
          fixed: true,
        },
        { id: 'funderCode', header: t('fund.funderCode'), defaultHidden: true },
        { id: 'month', header: t('fund.month') },
        { id: 'orders', header: t('fund.orderCount'), align: 'right' },
        {
          id: 'share',
          header: t('fund.share'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.share} />,
          exportValue: (r) => Number(r.share),
        },
        {
          id: 'recorded',
          header: t('fund.recorded'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.recorded} />,
          exportValue: (r) => Number(r.recorded),
        },
        {
          id: 'due',
          header: t('fund.due'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.due} strong />,
          exportValue: (r) => Number(r.due),
        },
      ],
      list: (a) =>
        sdk.orders.funderReceivable({
          query: {
            month: a.filters.month || thisMonth(),
            funderCode: a.filters.funderCode || undefined,
            schoolItemCode: a.filters.schoolItemCode || undefined,
          },
        }),
      rowActions: (t, helpers) => [
        {
          key: 'pay',
          label: t('fund.record'),
          hidden: (r) => (toCents(r.due) ?? 0n) <= 0n,
          onClick: (r) =>
            setPaying({
              funderCode: r.funderCode,
              funderName: r.funderName ?? r.funderCode,
              month: r.month,
              schoolItemCode: helpers.filters.schoolItemCode ?? '',
            }),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ListScreenView def={def} />
      {paying && <PayDialog target={paying} onClose={() => setPaying(null)} />}
    </>
  );
}
