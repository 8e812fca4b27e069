// /clues/schoolClues: the campus's clues (/clue/list2) with the count per state (/clue/list2Summary) as cards.
import { SHEETS } from '@bo/api-sdk';
import type { TClueRow } from './types';
import { cx } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import {
  ClueFrame,
  clueColumns,
  clueCreateForm,
  clueSearch,
  StateBadge,
  type ClueFormSchema,
} from './common';

const FILTERS = ['keyword', 'schoolItemCode', 'channel', 'startDate', 'endDate'] as const;

export const CampusClues = defineListScreen<TClueRow, typeof ClueFormSchema>({
  key: 'schoolClues',
  what: (t) => t('clue.what'),
  rowId: (r) => String(r.clueId),
  rowName: (r) => r.childName,
  searchFields: (t) => clueSearch(t),
  columns: (t) => clueColumns(t, { dial: true }),
  list: (a) => sdk.clues.list2({ query: listQuery(a) }),
  // The export writes the import template's columns (the CLI imports clues).
  exportSheet: SHEETS.clues,
  form: clueCreateForm(),
});

function SummaryCards() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const query: Record<string, string> = {};
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) query[k] = v;
  }
  const current = params.get('flowState') ?? '';
  const q = useQuery({
    queryKey: ['list', 'schoolCluesSummary', query],
    queryFn: () => sdk.clues.list2Summary({ query }),
  });
  const counts = (q.data ?? []).filter((c) => c.count > 0);
  if (counts.length === 0) return null;
  return (
    <ul className="mb-3 flex flex-wrap gap-2" aria-label={t('clue.summary')}>
      {counts.map((c) => (
        <li key={c.flowState}>
          <button
            type="button"
            aria-pressed={current === c.flowState}
            onClick={() => {
              const next = new URLSearchParams(params);
              if (current === c.flowState) next.delete('flowState');
              else next.set('flowState', c.flowState);
              next.delete('page');
              setParams(next);
            }}
            className={cx(
              'flex items-center gap-2 rounded-lg border px-3 py-2 text-left hover:bg-hover',
              current === c.flowState ? 'border-brand-500 bg-brand-50' : 'border-line bg-surface',
            )}
          >
            <StateBadge state={c.flowState} />
            <span className="text-lg font-semibold tabular-nums">{c.count}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export default function SchoolClues() {
  const t = useT();
  return (
    <ClueFrame description={t('clue.school.desc')}>
      <SummaryCards />
      <CampusClues />
    </ClueFrame>
  );
}
