// The two requests that change an effective order after the fact: a refund (unused paid hours back
// at the price actually paid; the server computes the amount, the form shows it in figures and
// capitals before submit) and an adjustment (± hours, ± value per line, with an adjust-cost reason).
// Both file an approval; nothing moves on the ledger until it passes.
import { AdjustInput, RefundInput } from '@bo/api-sdk';
import { fromCents, toCents } from '@bo/domain';
import {
  AmountCapitals,
  Dialog,
  FormDialog,
  FormNumber,
  FormSelect,
  FormText,
  FormTextArea,
  MoneyText,
  Spinner,
  useToast,
  formatMoney,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { Field } from './parts';
import { useDebounced } from './useDebounced';

type RefundList = Awaited<ReturnType<typeof sdk.refunds.refundList>>;
type AdjustEntrance = Awaited<ReturnType<typeof sdk.refunds.adjustEntrance>>;

function Loading({ title, error, onClose }: { title: string; error: unknown; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} title={title} closeLabel={t('common.close')}>
      {error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(error)}
        </p>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** Hours with at most 2 decimals, above 0 and at most `max`; null otherwise (not asked yet). */
function wantedHours(v: unknown, max: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > max || Math.round(n * 100) !== n * 100) return null;
  return n;
}

function RefundForm({ list, onClose }: { list: RefundList; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useCommandForm({
    schema: RefundInput,
    defaultValues: {
      orderId: list.orderId,
      reasonCode: '',
      remark: '',
      items: list.items.map((i) => ({ orderItemId: i.orderItemId, hours: 0 })),
    } as z.input<typeof RefundInput>,
    onSubmit: (body) => sdk.refunds.insertRefundOrder({ body }),
    onDone: (r) => {
      toast.success(t('ref.filed', { code: r.code }));
      onClose();
    },
  });
  const typed = form.rhf.watch('items') ?? [];
  const asked = list.items.flatMap((item, i) => {
    const hours = wantedHours(typed[i]?.hours, item.remainingPaid);
    return hours === null ? [] : [{ orderItemId: item.orderItemId, hours }];
  });
  const wanted = useDebounced(asked, 300);
  const quote = useQuery({
    queryKey: ['refunds', 'quote', list.orderId, wanted.value],
    enabled: wanted.value.length > 0,
    queryFn: () => sdk.refunds.refundQuote({ body: { orderId: list.orderId, items: wanted.value } }),
  });
  const shown = asked.length > 0 && !wanted.settling ? quote.data : undefined;
  const blocked = list.pendingCode !== null;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('ref.applyTitle', { code: list.orderCode })}
      submitText={t('ref.submit')}
      submitDisabled={blocked}
      size="lg"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2">
        <Field label={t('ord.student')}>{list.studentName}</Field>
        <Field label={t('ref.refundable')}>
          <MoneyText yuan={list.refundable} />
        </Field>
      </dl>
      {blocked && (
        <p role="alert" className="text-sm text-warning-700">
          {t('ref.pendingBlocks', { code: list.pendingCode ?? '' })}
        </p>
      )}
      {list.items.map((item, i) => (
        <FormNumber
          key={item.orderItemId}
          form={form}
          name={`items.${i}.hours`}
          label={t('ref.hoursOf', { course: item.courseName })}
          min={0}
          max={item.remainingPaid}
          step={0.5}
          hint={t('ref.hoursHint', {
            paid: item.remainingPaid,
            gift: item.remainingGift,
            value: formatMoney({ yuan: item.refundable }),
          })}
        />
      ))}
      <FormSelect
        form={form}
        name="reasonCode"
        label={t('ref.reason')}
        options={list.reasons.map((r) => ({ value: r.code, label: r.name }))}
      />
      <FormTextArea form={form} name="remark" label={t('ord.remark')} rows={2} />
      <section aria-label={t('ref.amount')} className="rounded-md bg-surface-2 p-3 text-sm">
        <div className="flex items-baseline justify-between">
          <span className="text-muted">{t('ref.amount')}</span>
          {shown ? (
            <MoneyText yuan={shown.amount} strong />
          ) : (
            <span className="text-subtle">{asked.length > 0 ? '…' : t('ref.amountHint')}</span>
          )}
        </div>
        {shown && (
          <>
            <AmountCapitals yuan={shown.amount} />
            {shown.items.some((l) => l.giftHours > 0) && (
              <p className="mt-1 text-xs text-muted">{t('ref.giftForfeited')}</p>
            )}
            {shown.releases.length > 0 && (
              <div role="note" aria-label={t('ref.releases')} className="mt-2 text-xs text-warning-700">
                <p>{t('ref.releases')}</p>
                <ul className="list-disc pl-5">
                  {shown.releases.map((l) => (
                    <li key={l.lessonId}>
                      {l.date} {l.startTime}–{l.endTime} · {l.courseName} · {l.hours}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
        {quote.isError && asked.length > 0 && (
          <p role="alert" className="text-danger-600">
            {errorText(quote.error)}
          </p>
        )}
      </section>
    </FormDialog>
  );
}

/** The refund form of one order (by its code): loads what can be refunded, then asks. */
export function RefundDialog({ orderCode, onClose }: { orderCode: string; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['refunds', 'refundList', orderCode],
    queryFn: () => sdk.refunds.refundList({ query: { incomeordercode: orderCode } }),
  });
  if (!q.data) return <Loading title={t('ref.apply')} error={q.isError ? q.error : null} onClose={onClose} />;
  return <RefundForm list={q.data} onClose={onClose} />;
}

/** The sum of the typed signed amounts in cents (the server checks each; this only shows the total). */
function sumCents(values: readonly unknown[]): bigint {
  return values.reduce<bigint>((s, v) => {
    const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    const neg = text.startsWith('-');
    const c = toCents(neg ? text.slice(1) : text);
    return c === null ? s : s + (neg ? -c : c);
  }, 0n);
}

function AdjustForm({ entrance, onClose }: { entrance: AdjustEntrance; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useCommandForm({
    schema: AdjustInput,
    defaultValues: {
      orderId: entrance.orderId,
      reasonId: undefined,
      remark: '',
      items: entrance.items.map((i) => ({ orderItemId: i.orderItemId, hours: 0, amount: '0' })),
    } as z.input<typeof AdjustInput>,
    onSubmit: (body) => sdk.refunds.insertAdjustOrder({ body }),
    onDone: (r) => {
      toast.success(t('adj.filed', { code: r.code }));
      onClose();
    },
  });
  const typed = form.rhf.watch('items') ?? [];
  const total = sumCents(typed.map((i) => i.amount));
  const blocked = entrance.pendingCode !== null;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('adj.applyTitle', { code: entrance.orderCode })}
      submitText={t('ref.submit')}
      submitDisabled={blocked}
      size="lg"
    >
      {blocked && (
        <p role="alert" className="text-sm text-warning-700">
          {t('ref.pendingBlocks', { code: entrance.pendingCode ?? '' })}
        </p>
      )}
      {entrance.items.map((item, i) => (
        <fieldset key={item.orderItemId} className="grid grid-cols-2 gap-3 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-medium">
            {item.courseName}{' '}
            <span className="text-xs font-normal text-muted">
              {t('adj.balance', { hours: item.remaining, value: formatMoney({ yuan: item.remainingValue }) })}
            </span>
          </legend>
          <FormNumber
            form={form}
            name={`items.${i}.hours`}
            label={t('adj.hoursOf', { course: item.courseName })}
            step={0.5}
            hint={t('adj.signedHint')}
          />
          <FormText
            form={form}
            name={`items.${i}.amount`}
            label={t('adj.amountOf', { course: item.courseName })}
            inputMode="text"
            hint={t('adj.signedHint')}
          />
        </fieldset>
      ))}
      <FormSelect
        form={form}
        name="reasonId"
        label={t('adj.reason')}
        options={entrance.reasons.map((r) => ({ value: r.id, label: r.name }))}
      />
      <FormTextArea form={form} name="remark" label={t('ord.remark')} rows={2} />
      <div className="flex items-baseline justify-between rounded-md bg-surface-2 p-3 text-sm">
        <span className="text-muted">{t('adj.total')}</span>
        <span>
          <MoneyText yuan={fromCents(total)} strong />
          {total > 0n && (
            <>
              <br />
              <AmountCapitals yuan={fromCents(total)} />
            </>
          )}
        </span>
      </div>
    </FormDialog>
  );
}

/** The adjust form of one order: loads its balances and the adjust-cost reasons, then asks. */
export function AdjustDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['refunds', 'adjustEntrance', orderId],
    queryFn: () => sdk.refunds.adjustEntrance({ body: { orderId } }),
  });
  if (!q.data) return <Loading title={t('adj.apply')} error={q.isError ? q.error : null} onClose={onClose} />;
  return <AdjustForm entrance={q.data} onClose={onClose} />;
}
