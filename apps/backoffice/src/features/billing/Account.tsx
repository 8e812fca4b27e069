// /financial/account: monthly account statements drawn from the ledger — the current version per
// student and month, drawn for a campus's month, regenerated (a new version, the old kept) and
// resent to the family by text message.
import type { z } from 'zod';
import type { StatementRow } from '@bo/api-sdk';
import { Button, MoneyText } from '@bo/ui-kit';
import { defineListScreen, listQuery } from '../../app/list';
import { asSearchField, CampusMasterSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';

type TStatementRow = z.infer<typeof StatementRow>;
const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;

export default defineListScreen<TStatementRow>({
  key: 'statements',
  what: (t) => t('bil.statement'),
  rowId: (r) => String(r.id),
  searchFields: (t) => [
    { kind: 'text', name: 'keyword', label: t('bil.stmtKeyword') },
    { kind: 'text', name: 'month', label: t('bil.month'), placeholder: 'YYYY-MM' },
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
