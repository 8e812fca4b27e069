// /staffsalary/dataSealing: the salary periods, sealed or not. HR or finance seals a period that has
// started (every money and hour movement dated in it is then refused: pay records, refunds,
// adjustments, ledger movements, lessons, attendance, confirmations, invoices, payroll); finance
// reopens one with a reason. Both are audited on the server, and the history below lists every
// seal and reopening: which month, who, when and why.
import { UnsealInput, type TSealRow } from '@bo/api-sdk';
import { Badge, Button, Dialog, EmptyState, FormTextArea, FormView, Spinner, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCommandForm } from '../../app/form';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { useHolds } from '../../app/permissions';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { When } from '../orders/parts';
import { periodText } from './common';

function UnsealDialog({ row, onClose }: { row: TSealRow; onClose: () => void }) {
  const t = useT();
  const period = periodText(row.year, row.month);
  const form = useCommandForm({
    schema: UnsealInput,
    defaultValues: { year: row.year, month: row.month, version: row.version, reason: '' },
    onSubmit: (body) => sdk.sealing.unseal({ body }),
    success: t('ops.unsealDone', { period }),
    onDone: onClose,
  });
  return (
    <Dialog open onClose={onClose} title={t('ops.unsealTitle', { period })} closeLabel={t('common.close')}>
      <FormView form={form}>
        <FormTextArea form={form} name="reason" label={t('ops.unsealReason')} rows={3} />
        <div className="flex justify-end">
          <Button type="submit" variant="danger" loading={form.busy}>
            {t('ops.reopen')}
          </Button>
        </div>
      </FormView>
    </Dialog>
  );
}

const HISTORY_KEY = ['sealing', 'history'] as const;

/** Every seal and reopening, newest first (the server reads them from the audit log). */
function SealHistory() {
  const t = useT();
  const history = useQuery({ queryKey: HISTORY_KEY, queryFn: () => sdk.sealing.history({ query: {} }) });
  const title = t('ops.sealHistory');
  const rows = history.data ?? [];
  const cell = 'py-1.5 pr-3 text-left';
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-sm font-semibold">{title}</h2>
      {history.isError ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(history.error)}
        </p>
      ) : history.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t('ops.sealHistoryNone')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={`${cell} font-medium`}>
                  {t('ops.period')}
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  {t('ops.sealAction')}
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  {t('ops.sealBy')}
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  {t('ops.sealWhen')}
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  {t('ops.reason')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-line last:border-0">
                  <th scope="row" className={`${cell} font-normal tabular-nums`}>
                    {periodText(r.year, r.month)}
                  </th>
                  <td className={cell}>
                    <Badge tone={r.action === 'seal' ? 'neutral' : 'warning'}>
                      {r.action === 'seal' ? t('ops.seal') : t('ops.reopen')}
                    </Badge>
                  </td>
                  <td className={cell}>{r.byName ?? '—'}</td>
                  <td className={cell}>
                    <When iso={r.at} />
                  </td>
                  <td className={cell}>{r.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function DataSealing() {
  const toast = useToast();
  const qc = useQueryClient();
  // Reopening is finance's action (sealing.reopen; the server decides, the button shows to holders).
  const canReopen = useHolds('sealing.reopen');
  const [unseal, setUnseal] = useState<{ row: TSealRow; refresh: () => Promise<void> } | null>(null);
  const def = useMemo<ListScreenDef<TSealRow>>(
    () => ({
      key: 'payops-sealing',
      what: (t) => t('ops.period'),
      rowId: (r) => periodText(r.year, r.month),
      rowName: (r) => periodText(r.year, r.month),
      searchFields: (t) => [{ kind: 'year', name: 'year', label: t('ops.year') }],
      columns: (t) => [
        { id: 'period', header: t('ops.period'), fixed: true, value: (r) => periodText(r.year, r.month) },
        { id: 'days', header: t('ops.days'), value: (r) => `${r.startDate} ~ ${r.endDate}` },
        {
          id: 'sealed',
          header: t('ops.sealState'),
          value: (r) => (r.sealed ? t('ops.sealed') : t('ops.open')),
          cell: (r) => (
            <Badge tone={r.sealed ? 'neutral' : 'success'}>
              {r.sealed ? t('ops.sealed') : t('ops.open')}
            </Badge>
          ),
        },
        { id: 'sealedByName', header: t('ops.sealedBy') },
        { id: 'sealedAt', header: t('ops.sealedAt'), cell: (r) => <When iso={r.sealedAt} /> },
        { id: 'unsealedByName', header: t('ops.unsealedBy'), defaultHidden: true },
        { id: 'unsealReason', header: t('ops.unsealReason') },
      ],
      list: async (a) =>
        sdk.sealing.list({
          query: /^\d{4}$/.test(a.filters.year ?? '') ? { year: Number(a.filters.year) } : {},
        }),
      rowActions: (t, h) => [
        {
          key: 'seal',
          label: t('ops.seal'),
          hidden: (r) => r.sealed,
          danger: true,
          confirm: (r) => t('ops.sealConfirm', { period: periodText(r.year, r.month) }),
          onClick: async (r) => {
            await sdk.sealing
              .seal({ body: { year: r.year, month: r.month, version: r.version } })
              .then(() => toast.success(t('ops.sealDone', { period: periodText(r.year, r.month) })))
              .catch(() => undefined);
            await h.refresh();
            await qc.invalidateQueries({ queryKey: HISTORY_KEY });
          },
        },
        {
          key: 'unseal',
          label: t('ops.reopen'),
          hidden: (r) => !r.sealed || !canReopen,
          onClick: (r) => setUnseal({ row: r, refresh: h.refresh }),
        },
      ],
    }),
    [canReopen, qc, toast],
  );
  return (
    <>
      <ListScreenView def={def} />
      <SealHistory />
      {unseal && (
        <UnsealDialog
          row={unseal.row}
          onClose={() => {
            void unseal.refresh();
            void qc.invalidateQueries({ queryKey: HISTORY_KEY });
            setUnseal(null);
          }}
        />
      )}
    </>
  );
}
