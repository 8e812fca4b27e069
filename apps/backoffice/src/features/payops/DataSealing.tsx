// /staffsalary/dataSealing: the salary periods, sealed or not. HR seals a period that has started (its
// lessons, attendance, orders, refunds and salaries then refuse every change); an administrator
// unseals one with a reason. Both are audited on the server.
import { UnsealInput, type TSealRow } from '@bo/api-sdk';
import { Badge, Button, Dialog, FormTextArea, FormView, useToast } from '@bo/ui-kit';
import { useMemo, useState } from 'react';
import { useCommandForm } from '../../app/form';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { useHasAnyRole } from '../../app/permissions';
import { sdk } from '../../app/sdk';
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
            {t('ops.unseal')}
          </Button>
        </div>
      </FormView>
    </Dialog>
  );
}

export default function DataSealing() {
  const toast = useToast();
  // sealing.unseal is an administrator's action (the server decides; the button shows for them).
  const isAdmin = useHasAnyRole([1]);
  const [unseal, setUnseal] = useState<{ row: TSealRow; refresh: () => Promise<void> } | null>(null);
  const def = useMemo<ListScreenDef<TSealRow>>(
    () => ({
      key: 'payops-sealing',
      what: (t) => t('ops.period'),
      rowId: (r) => periodText(r.year, r.month),
      rowName: (r) => periodText(r.year, r.month),
      searchFields: (t) => [
        { kind: 'text', name: 'year', label: t('ops.year'), placeholder: t('list.yearPlaceholder') },
      ],
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
          },
        },
        {
          key: 'unseal',
          label: t('ops.unseal'),
          hidden: (r) => !r.sealed || !isAdmin,
          onClick: (r) => setUnseal({ row: r, refresh: h.refresh }),
        },
      ],
    }),
    [isAdmin, toast],
  );
  return (
    <>
      <ListScreenView def={def} />
      {unseal && (
        <UnsealDialog
          row={unseal.row}
          onClose={() => {
            void unseal.refresh();
            setUnseal(null);
          }}
        />
      )}
    </>
  );
}
