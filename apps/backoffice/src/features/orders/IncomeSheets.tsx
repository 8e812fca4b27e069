// The income sheets (收款收据, the §7 `iis` group) of one order on its details: the receipts issued
// for what its payers paid, and the commands on them — issue (prefilled by /charge/iisbase), sync
// from the order as it is now, cancel with a reason. The server decides every amount.
import { IncomeSheetInput, type TIncomeSheetBase, type TIncomeSheetRow } from '@bo/api-sdk';
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  FormAmount,
  FormDialog,
  FormRadioGroup,
  FormText,
  FormTextArea,
  MoneyText,
  Spinner,
} from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { useCanOpen } from '../../app/permissions';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { Field, When } from './parts';

type Payer = 'family' | 'funder';

function IssueForm({ base, onClose }: { base: TIncomeSheetBase; onClose: () => void }) {
  const t = useT();
  const first = base.payers.find((p) => Number(p.issuable) > 0) ?? base.payers[0];
  const form = useCommandForm({
    schema: IncomeSheetInput,
    defaultValues: {
      orderId: base.orderId,
      payer: first?.payer ?? 'family',
      amount: first?.issuable ?? '',
      title: first?.title ?? '',
      remark: '',
    } as z.input<typeof IncomeSheetInput>,
    onSubmit: (body) => sdk.orders.saveIis({ body }),
    success: t('iis.issued'),
    onDone: onClose,
  });
  const payer = form.rhf.watch('payer') as Payer | undefined;
  const chosen = base.payers.find((p) => p.payer === payer);
  // Switching the payer starts the amount and title from that payer's figures.
  useEffect(() => {
    if (!chosen) return;
    form.rhf.setValue('amount', chosen.issuable);
    form.rhf.setValue('title', chosen.title);
  }, [chosen, form.rhf]);
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('iis.issueTitle', { code: base.orderCode })}
      submitText={t('iis.issue')}
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2">
        <Field label={t('ord.student')}>{base.studentName}</Field>
        <Field label={t('iis.received')}>{chosen ? <MoneyText yuan={chosen.received} /> : '—'}</Field>
        <Field label={t('iis.issuedSum')}>{chosen ? <MoneyText yuan={chosen.issued} /> : '—'}</Field>
        <Field label={t('iis.issuable')}>{chosen ? <MoneyText yuan={chosen.issuable} /> : '—'}</Field>
      </dl>
      {base.payers.length > 1 && (
        <FormRadioGroup
          form={form}
          name="payer"
          label={t('pay.payer')}
          options={base.payers.map((p) => ({ value: p.payer, label: t(`pay.payer.${p.payer}`) }))}
        />
      )}
      <FormAmount form={form} name="amount" label={t('iis.amount')} />
      <FormText form={form} name="title" label={t('iis.titleField')} />
      <FormTextArea form={form} name="remark" label={t('pay.remark')} rows={2} />
    </FormDialog>
  );
}

function IssueDialog({ orderCode, onClose }: { orderCode: string; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['orders', 'iisBase', orderCode],
    queryFn: () => sdk.orders.iisBase({ query: { incomeordercode: orderCode } }),
  });
  if (q.data) return <IssueForm base={q.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} title={t('iis.issue')} closeLabel={t('common.close')}>
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

const CancelForm = z.object({
  code: z.string(),
  version: z.number().int(),
  reason: z.string().trim().min(1, '请填写作废原因 / the reason is required').max(200),
});

function CancelDialog({ sheet, onClose }: { sheet: TIncomeSheetRow; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: CancelForm,
    defaultValues: { code: sheet.code, version: sheet.version, reason: '' },
    onSubmit: (query) => sdk.orders.cancelIis({ query }),
    confirm: { message: t('iis.cancelConfirm', { code: sheet.code }), okText: t('iis.cancel') },
    success: t('iis.cancelled'),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} onClose={onClose} title={t('iis.cancelTitle', { code: sheet.code })} danger>
      <FormTextArea form={form} name="reason" label={t('iis.cancelReason')} />
    </FormDialog>
  );
}

const SyncForm = z.object({ code: z.string() });

function SyncDialog({ sheet, onClose }: { sheet: TIncomeSheetRow; onClose: () => void }) {
  const t = useT();
  const form = useCommandForm({
    schema: SyncForm,
    defaultValues: { code: sheet.code },
    onSubmit: (query) => sdk.orders.syncIis({ query }),
    success: t('iis.synced'),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('iis.syncTitle', { code: sheet.code })}
      submitText={t('iis.sync')}
    >
      <p className="text-sm">{t('iis.syncHint')}</p>
    </FormDialog>
  );
}

/** The sheets card of the order details, with issue, sync and cancel for whoever records payments. */
export function IncomeSheetsCard({ orderCode }: { orderCode: string }) {
  const t = useT();
  const fromPay = useCanOpen('/students/createPay');
  const fromFinance = useCanOpen('/financial/orderDetails');
  const canAct = fromPay || fromFinance;
  const [issuing, setIssuing] = useState(false);
  const [acting, setActing] = useState<{ sheet: TIncomeSheetRow; what: 'cancel' | 'sync' } | null>(null);
  const q = useQuery({
    queryKey: ['orders', 'iisList', orderCode],
    queryFn: () => sdk.orders.iisList({ query: { incomeordercode: orderCode } }),
  });
  const sheets = q.data ?? [];
  return (
    <section aria-label={t('iis.sheets')} className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t('iis.sheets')}</h2>
        {canAct && (
          <Button size="sm" onClick={() => setIssuing(true)}>
            {t('iis.issue')}
          </Button>
        )}
      </div>
      {q.isLoading ? (
        <Spinner />
      ) : sheets.length === 0 ? (
        <EmptyState title={t('iis.none')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t('iis.sheets')}>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('iis.code')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('pay.payer')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('iis.titleField')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {t('iis.amount')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('iis.status')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('iis.issuedAt')}
                </th>
                {canAct && <th scope="col" className="py-1.5 text-left font-medium" />}
              </tr>
            </thead>
            <tbody>
              {sheets.map((s) => (
                <tr key={s.id} className="border-b border-line last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal tabular-nums">
                    {s.code}
                  </th>
                  <td className="py-1.5 pr-3">{t(`pay.payer.${s.payer}`)}</td>
                  <td className="py-1.5 pr-3">{s.title}</td>
                  <td className="py-1.5 pr-3 text-right" title={s.amountInWords}>
                    <MoneyText yuan={s.amount} />
                  </td>
                  <td className="py-1.5 pr-3">
                    {s.status === 10 ? (
                      <Badge tone="success">{t('iis.status.10')}</Badge>
                    ) : (
                      <span title={s.cancelReason}>
                        <Badge tone="neutral">{t('iis.status.90')}</Badge>
                      </span>
                    )}
                  </td>
                  <td className="py-1.5 pr-3">
                    <When iso={s.issuedAt} /> {s.issuedByName ?? ''}
                  </td>
                  {canAct && (
                    <td className="space-x-2 py-1.5 whitespace-nowrap">
                      {s.status === 10 && (
                        <>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${t('iis.sync')} ${s.code}`}
                            onClick={() => setActing({ sheet: s, what: 'sync' })}
                          >
                            {t('iis.sync')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${t('iis.cancel')} ${s.code}`}
                            onClick={() => setActing({ sheet: s, what: 'cancel' })}
                          >
                            {t('iis.cancel')}
                          </Button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {issuing && <IssueDialog orderCode={orderCode} onClose={() => setIssuing(false)} />}
      {acting?.what === 'cancel' && <CancelDialog sheet={acting.sheet} onClose={() => setActing(null)} />}
      {acting?.what === 'sync' && <SyncDialog sheet={acting.sheet} onClose={() => setActing(null)} />}
    </section>
  );
}
