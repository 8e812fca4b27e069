// /clues/disCluelist: the distribution pool (/clue/distributionPoolList); bulk distribute to a consultant.
import type { TClueRow } from './types';
import { Button, Dialog } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  ClueFrame,
  clueColumns,
  clueCreateForm,
  clueSearch,
  ConsultantSelect,
  type ClueFormSchema,
} from './common';
import { runCommand } from '../../app/invalidation';

export default function DisCluelist() {
  const t = useT();
  const qc = useQueryClient();
  const [rows, setRows] = useState<TClueRow[] | null>(null);
  const [owner, setOwner] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const def = useMemo<ListScreenDef<TClueRow, typeof ClueFormSchema>>(
    () => ({
      key: 'distributionPool',
      what: (tt) => tt('clue.what'),
      rowId: (r) => String(r.clueId),
      rowName: (r) => r.childName,
      searchFields: (tt) => clueSearch(tt, { state: false }),
      columns: (tt) => clueColumns(tt, { owner: false }),
      list: (a) => sdk.clues.distributionPoolList({ query: listQuery(a) }),
      form: clueCreateForm(),
      bulkActions: (tt) => [
        {
          key: 'distribute',
          label: tt('clue.distribute'),
          onClick: (r) => {
            setRows(r);
            setOwner('');
            setError(null);
          },
        },
      ],
      rowActions: (tt) => [
        {
          key: 'distribute',
          label: tt('clue.distribute'),
          onClick: (r) => {
            setRows([r]);
            setOwner('');
            setError(null);
          },
        },
      ],
    }),
    [],
  );
  const campus = rows?.[0]?.schoolItemCode ?? null;
  const mixed = (rows ?? []).some((r) => r.schoolItemCode !== campus);
  const submit = async () => {
    if (!rows || owner === '') return;
    setBusy(true);
    setError(null);
    try {
      await runCommand(qc, () =>
        sdk.clues.distributeSave({
          body: {
            clueIds: rows.map((x) => x.clueId),
            ownerUserId: owner,
            schoolItemCode: campus ?? undefined,
          },
        }),
      );
      setRows(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ClueFrame description={t('clue.dist.desc')}>
      <ListScreenView def={def} />
      <Dialog
        open={rows !== null}
        onClose={() => setRows(null)}
        title={t('clue.distributeTitle', { n: rows?.length ?? 0 })}
        closeLabel={t('list.close')}
        footer={
          <>
            <Button onClick={() => setRows(null)}>{t('list.cancel')}</Button>
            <Button
              variant="primary"
              loading={busy}
              disabled={owner === '' || mixed}
              onClick={() => void submit()}
            >
              {t('clue.distribute')}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          {mixed && (
            <p role="alert" className="text-warning-700">
              {t('clue.distributeMixed')}
            </p>
          )}
          <ConsultantSelect
            label={t('clue.consultant')}
            schoolItemCode={campus}
            value={owner}
            onChange={setOwner}
          />
          {error && (
            <p role="alert" className="text-danger-600">
              {error}
            </p>
          )}
        </div>
      </Dialog>
    </ClueFrame>
  );
}
