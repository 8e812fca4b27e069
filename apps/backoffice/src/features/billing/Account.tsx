// /financial/account: monthly account statements drawn from the ledger — the current version per
// student and month, drawn for a campus's month, regenerated (a new version, the old kept) and
// resent to the family by text message; 查看 opens one with its movements and earlier versions.
import type { z } from 'zod';
import type { StatementRow } from '@bo/api-sdk';
import { Button, Dialog, MoneyText, Spinner } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { tCode, useT } from '../../i18n';
import { When } from '../orders/parts';

type TStatementRow = z.infer<typeof StatementRow>;
const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;

/**
 * Whether the statement still agrees with the ledger (`checkAccountStatement`): a movement posted into
 * the month later makes it disagree until it is drawn again.
 */
function LedgerCheck({ id }: { id: number }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['statements', 'checkAccountStatement', id],
    queryFn: () => sdk.statements.checkAccountStatement({ body: { id } }),
  });
  const c = q.data;
  if (q.error)
    return (
      <p role="alert" className="text-danger-600">
        {errorText(q.error)}
      </p>
    );
  if (!c) return <Spinner size={12} />;
  return c.consistent ? (
    <p role="status" className="text-success-700">
      {t('bil.consistent')}
    </p>
  ) : (
    <p role="alert" className="text-warning-700">
      {t('bil.inconsistent')} <MoneyText yuan={c.ledgerClosingValue} /> ({c.ledgerClosingHours})
    </p>
  );
}

/** One statement version: its balances, the month's movements and the other versions of the month. */
function StatementDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['statements', 'detail', id],
    queryFn: () => sdk.statements.detail({ params: { id } }),
  });
  const d = q.data;
  const cell = 'py-1 pr-3';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      closeLabel={t('common.close')}
      title={d ? t('bil.statementOf', { name: d.studentName, month: d.month }) : t('bil.statement')}
    >
      {q.error ? (
        <p role="alert" className="text-sm text-danger-600">
          {errorText(q.error)}
        </p>
      ) : !d ? (
        <Spinner />
      ) : (
        <div className="space-y-4 text-sm">
          <p>
            {t('bil.version')} {d.version} · <When iso={d.generatedAt} /> · {t('bil.openingValue')}{' '}
            <MoneyText yuan={d.openingValue} /> ({d.openingHours}) → {t('bil.closingValue')}{' '}
            <MoneyText yuan={d.closingValue} strong /> ({d.closingHours})
          </p>
          <LedgerCheck id={id} />
          <table className="w-full" aria-label={t('bil.lines')}>
            <thead>
              <tr className="text-left text-muted">
                <th className={cell}>{t('bil.postedAt')}</th>
                <th className={cell}>{t('bil.kind')}</th>
                <th className={cell}>{t('bil.order')}</th>
                <th className={cell}>{t('bil.course')}</th>
                <th className={`${cell} text-right`}>{t('bil.lineHours')}</th>
                <th className="py-1 text-right">{t('bil.value')}</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l, i) => (
                <tr key={i} className="border-t border-line">
                  <td className={cell}>
                    <When iso={l.postedAt} />
                  </td>
                  <td className={cell}>{tCode(t, `stu.acc.kind.${l.kind}`, l.kind)}</td>
                  <td className={cell}>{l.orderCode}</td>
                  <td className={cell}>{l.courseCode}</td>
                  <td className={`${cell} text-right tabular-nums`}>{l.hours}</td>
                  <td className="py-1 text-right">
                    <MoneyText yuan={l.value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.versions.length === 0 ? (
            <p className="text-muted">{t('bil.noVersions')}</p>
          ) : (
            <table className="w-full" aria-label={t('bil.versions')}>
              <thead>
                <tr className="text-left text-muted">
                  <th className={cell}>{t('bil.version')}</th>
                  <th className={cell}>{t('bil.generatedAt')}</th>
                  <th className="py-1 text-right">{t('bil.closingValue')}</th>
                </tr>
              </thead>
              <tbody>
                {d.versions.map((v) => (
                  <tr key={v.id} className="border-t border-line">
                    <td className={cell}>{v.version}</td>
                    <td className={cell}>
                      <When iso={v.generatedAt} />
                    </td>
                    <td className="py-1 text-right">
                      <MoneyText yuan={v.closingValue} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Dialog>
  );
}

export default function Account() {
  const [open, setOpen] = useState<number | null>(null);
  const def = useMemo(() => statementsDef((r) => setOpen(r.id)), []);
  return (
    <>
      <ListScreenView def={def} />
      {open !== null && <StatementDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

const statementsDef = (view: (r: TStatementRow) => void): ListScreenDef<TStatementRow> => ({
  key: 'statements',
  what: (t) => t('bil.statement'),
  rowId: (r) => String(r.id),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('bil.stmtKeyword') },
    { kind: 'text', name: 'month', label: t('bil.month'), placeholder: t('list.monthPlaceholder') },
    {
      kind: 'custom',
      name: 'schoolItemCode',
      label: t('bil.campus'),
      render: asSearchField(CampusMasterSelect),
    },
  ],
  columns: (t) => [
    { id: 'month', header: t('bil.month'), fixed: true },
    { id: 'studentName', header: t('bil.student') },
    { id: 'studentCode', header: t('bil.studentCode') },
    { id: 'schoolItemCode', header: t('bil.campus'), defaultHidden: true },
    { id: 'version', header: t('bil.version') },
    { id: 'openingHours', header: t('bil.openingHours'), align: 'right' },
    {
      id: 'openingValue',
      header: t('bil.openingValue'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.openingValue} />,
      exportValue: (r) => Number(r.openingValue),
    },
    { id: 'inHours', header: t('bil.inHours'), align: 'right' },
    { id: 'outHours', header: t('bil.outHours'), align: 'right' },
    { id: 'closingHours', header: t('bil.closingHours'), align: 'right' },
    {
      id: 'closingValue',
      header: t('bil.closingValue'),
      align: 'right',
      cell: (r) => <MoneyText yuan={r.closingValue} />,
      exportValue: (r) => Number(r.closingValue),
    },
    { id: 'sentCount', header: t('bil.sentCount'), align: 'right' },
  ],
  list: (a) => sdk.statements.queryPage({ query: listQuery(a) }),
  toolbar: (t, h) => {
    const campus = h.filters.schoolItemCode ?? '';
    const month = h.filters.month ?? '';
    const ready = campus !== '' && MONTH.test(month);
    return (
      <Button
        disabled={!ready}
        title={ready ? undefined : t('bil.generateHint')}
        onClick={() =>
          // A refusal is shown by the client's error popup; nothing else to do here.
          void sdk.statements
            .generate({ body: { schoolItemCode: campus, month } })
            .then(() => h.refresh())
            .catch(() => undefined)
        }
      >
        {t('bil.generate')}
      </Button>
    );
  },
  rowActions: (t, h) => [
    { key: 'view', label: t('bil.view'), onClick: view },
    {
      key: 'regenerate',
      label: t('bil.regenerate'),
      confirm: t('bil.regenerateConfirm'),
      onClick: async (r) => {
        await sdk.statements.regenerate({ params: { id: r.id } });
        await h.refresh();
      },
    },
    {
      key: 'resend',
      label: t('bil.resend'),
      confirm: t('bil.resendConfirm'),
      onClick: async (r) => {
        await sdk.statements.resend({ params: { id: r.id } });
        await h.refresh();
      },
    },
  ],
});
