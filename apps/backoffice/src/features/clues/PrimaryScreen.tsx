// /clues/primaryScreen: the first screening of new clues — the distribution pool (state pool) newest
// first, each checked before anyone works it: open it, see who else holds the family's phone
// (/corFilter/getListByMobile), then distribute it (disCluelist) or file an invalid request.
import { Button, Dialog, EmptyState } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { errorText, sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ActionDialog } from './ClueActions';
import { ClueFrame, clueColumns, clueSearch } from './common';
import type { TClueRow } from './types';

function Family({ phone }: { phone: string }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['clue', 'corFilter', phone],
    queryFn: () => sdk.clues.corFilterByMobile({ query: { mobile: phone } }),
  });
  if (q.error)
    return (
      <p role="alert" className="text-danger-600">
        {errorText(q.error)}
      </p>
    );
  const rows = q.data ?? [];
  if (rows.length <= 1) return <EmptyState title={t('screen.unique')} />;
  return (
    <ul className="divide-y divide-line text-sm">
      {rows.map((r) => (
        <li key={`${r.kind}-${r.code}`} className="py-1.5">
          {t(`screen.kind.${r.kind}`)} {r.code} · {r.name} · {r.state} · {r.schoolItemName ?? '—'} ·{' '}
          {r.ownerName ?? '—'}
        </li>
      ))}
    </ul>
  );
}

export default function PrimaryScreen() {
  const t = useT();
  const [checking, setChecking] = useState<TClueRow | null>(null);
  const [invalid, setInvalid] = useState<TClueRow | null>(null);
  const def = useMemo<ListScreenDef<TClueRow>>(
    () => ({
      key: 'primaryScreen',
      what: (tt) => tt('clue.what'),
      rowId: (r) => String(r.clueId),
      rowName: (r) => r.childName,
      searchFields: (tt) => clueSearch(tt, { state: false }),
      columns: (tt) => clueColumns(tt, { owner: false }),
      list: (a) => sdk.clues.distributionPoolList({ query: listQuery(a) }),
      rowActions: (tt) => [
        { key: 'check', label: tt('screen.check'), onClick: (r) => setChecking(r) },
        { key: 'invalid', label: tt('clue.action.invalid'), danger: true, onClick: (r) => setInvalid(r) },
      ],
    }),
    [],
  );
  return (
    <ClueFrame description={t('screen.desc')}>
      <ListScreenView def={def} />
      <Dialog
        open={checking !== null}
        onClose={() => setChecking(null)}
        title={t('screen.check')}
        closeLabel={t('list.close')}
        footer={<Button onClick={() => setChecking(null)}>{t('list.close')}</Button>}
      >
        {checking && <Family phone={checking.phone} />}
      </Dialog>
      {invalid && <ActionDialog kind="invalid" clue={invalid} onClose={() => setInvalid(null)} />}
    </ClueFrame>
  );
}
