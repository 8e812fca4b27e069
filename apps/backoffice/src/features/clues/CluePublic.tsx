// /clues/cluePublic: the high sea (/clue/highSeaList); claim (/clue/receiveClue), for a campus when
// the clue belongs to the brand centre. The daily cap refusal (429) stays on screen.
import type { TClueRow } from './types';
import { Button, Dialog } from '@bo/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { CampusMasterSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, clueColumns, clueSearch } from './common';
import { runCommand } from '../../app/invalidation';

export default function CluePublic() {
  const t = useT();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [forCampus, setForCampus] = useState<TClueRow | null>(null);
  const [campus, setCampus] = useState('');
  const [busy, setBusy] = useState(false);

  const claim = async (row: TClueRow, schoolItemCode?: string) => {
    setError(null);
    setBusy(true);
    try {
      await runCommand(qc, () => sdk.clues.receiveClue({ body: { clueId: row.clueId, schoolItemCode } }));
      setForCampus(null);
      void navigate(`/clues/clueDetail?id=${row.clueId}`, { state: { childName: row.childName } });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const def = useMemo<ListScreenDef<TClueRow>>(
    () => ({
      key: 'highSea',
      what: (tt) => tt('clue.what'),
      rowId: (r) => String(r.clueId),
      rowName: (r) => r.childName,
      searchFields: (tt) => clueSearch(tt, { state: false }),
      columns: (tt) => clueColumns(tt, { owner: false }),
      list: (a) => sdk.clues.highSeaList({ query: listQuery(a) }),
      rowActions: (tt) => [
        {
          key: 'claim',
          label: tt('clue.claim'),
          onClick: (r) => {
            if (r.schoolItemCode) void claim(r);
            else {
              setCampus('');
              setForCampus(r);
            }
          },
        },
      ],
    }),
    // claim reads only setters and the query client
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <ClueFrame description={t('clue.public.desc')}>
      {error && (
        <p role="alert" className="mb-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
          {t('clue.claimFailed')}: {error}
        </p>
      )}
      <ListScreenView def={def} />
      <Dialog
        open={forCampus !== null}
        onClose={() => setForCampus(null)}
        title={t('clue.claimForCampus')}
        closeLabel={t('list.close')}
        footer={
          <>
            <Button onClick={() => setForCampus(null)}>{t('list.cancel')}</Button>
            <Button
              variant="primary"
              loading={busy}
              disabled={!campus}
              onClick={() => forCampus && void claim(forCampus, campus)}
            >
              {t('clue.claim')}
            </Button>
          </>
        }
      >
        <CampusMasterSelect
          label={t('clue.campus')}
          value={campus}
          onChange={(v) => setCampus(String(v))}
          required
        />
      </Dialog>
    </ClueFrame>
  );
}
