// The give-away approval of an order (orderGiveaway): what is given (gift hours per line, the manual
// discount, the list price) and why, where it stands, and — to the campus head who may decide it —
// approve or reject through the approval engine (/approval/pass, /approval/reject).
import { Badge, Button, Card, FormDialog, FormTextArea, MoneyText } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { invalidateAfter } from '../../app/invalidation';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';

type Detail = Awaited<ReturnType<typeof sdk.orders.detail>>;
type Giveaway = NonNullable<Detail['giveaway']>;

const Decision = z.object({
  id: z.number().int(),
  version: z.number().int(),
  comment: z.string().trim().max(500),
});

function DecideDialog({ g, pass, onClose }: { g: Giveaway; pass: boolean; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const form = useCommandForm({
    schema: pass ? Decision : Decision.extend({ comment: z.string().trim().min(1).max(500) }),
    defaultValues: { id: g.approvalId, version: g.version, comment: '' },
    onSubmit: (b) => (pass ? sdk.approvals.pass({ body: b }) : sdk.approvals.reject({ body: b })),
    success: t(pass ? 'ord.giveaway.passed' : 'ord.giveaway.rejected'),
    // The command calls only the engine: the order (its state, this card) and the student's
    // account (hours posted by a scholarship) are refreshed too.
    onDone: async () => {
      await invalidateAfter(qc, new Set(['orders', 'students']));
      onClose();
    },
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t(pass ? 'ord.giveaway.pass' : 'ord.giveaway.reject')}
      submitText={t(pass ? 'ord.giveaway.pass' : 'ord.giveaway.reject')}
      danger={!pass}
    >
      <FormTextArea form={form} name="comment" label={t('ord.giveaway.comment')} />
    </FormDialog>
  );
}

const TONE: Record<number, 'warning' | 'success' | 'danger' | 'grey'> = {
  5: 'warning',
  10: 'warning',
  20: 'success',
  30: 'danger',
  50: 'grey',
};

export function GiveawayCard({ g }: { g: Giveaway }) {
  const t = useT();
  const [deciding, setDeciding] = useState<'pass' | 'reject' | null>(null);
  const open = g.status === 5 || g.status === 10;
  return (
    <Card title={t('ord.giveaway.title')} aria-label={t('ord.giveaway.title')}>
      <div className="space-y-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={TONE[g.status] ?? 'grey'}>
            {t(open ? 'ord.giveaway.open' : `ord.giveaway.status.${g.status === 20 ? 20 : 30}`)}
          </Badge>
          <span>{t('ord.giveaway.limits', { gift: g.giftPercent, discount: g.discountPercent })}</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">{t('ord.giveaway.reason')}</dt>
          <dd>{g.reason}</dd>
          <dt className="text-muted">{t('ord.giveaway.giftTotal')}</dt>
          <dd>
            {g.giftTotal} (<MoneyText yuan={g.giftValue} />)
          </dd>
          <dt className="text-muted">{t('ord.manualDiscount')}</dt>
          <dd>
            <MoneyText yuan={g.manualDiscount} /> / {t('ord.giveaway.discountLimit')}{' '}
            <MoneyText yuan={g.discountLimit} />
          </dd>
          <dt className="text-muted">{t('ord.giveaway.listAmount')}</dt>
          <dd>
            <MoneyText yuan={g.listAmount} />
          </dd>
          {g.comment ? (
            <>
              <dt className="text-muted">{t('ord.giveaway.comment')}</dt>
              <dd>{g.comment}</dd>
            </>
          ) : null}
        </dl>
        <table className="w-full text-sm" aria-label={t('ord.giveaway.lines')}>
          <thead className="text-xs text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="py-1 pr-3 text-left font-medium">
                {t('ord.course')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t('ord.quantity')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                {t('ord.giftQuantity')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('ord.giveaway.giftLimit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {g.lines.map((l, i) => (
              <tr key={i} className="border-b border-line last:border-0">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {l.courseName}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{l.quantity}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{l.gift}</td>
                <td className="py-1 text-right tabular-nums">{l.giftLimit}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {open && g.canDecide && (
          <div className="flex gap-2">
            <Button variant="primary" onClick={() => setDeciding('pass')}>
              {t('ord.giveaway.pass')}
            </Button>
            <Button variant="danger" onClick={() => setDeciding('reject')}>
              {t('ord.giveaway.reject')}
            </Button>
          </div>
        )}
      </div>
      {deciding && <DecideDialog g={g} pass={deciding === 'pass'} onClose={() => setDeciding(null)} />}
    </Card>
  );
}
