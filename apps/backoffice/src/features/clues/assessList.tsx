// The list behind the assessment screens: visited and assessed clues of the campus (/clue/list2),
// each opening /clues/assessmentInner for one clue (optionally with a preset assessment type).
import type { ListScreenDef } from '../../app/list';
import { listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import type { TFunction } from '../../i18n';
import { clueColumns, clueSearch } from './common';
import type { TClueRow } from './types';

export function assessListDef(
  key: string,
  open: (row: TClueRow) => void,
  actionLabel: (t: TFunction) => string,
): ListScreenDef<TClueRow> {
  return {
    key,
    what: (t) => t('clue.what'),
    rowId: (r) => String(r.clueId),
    rowName: (r) => r.childName,
    filterDefaults: { flowState: 'visited' },
    searchFields: (t) =>
      clueSearch(t, { state: false }).concat([
        {
          kind: 'select',
          name: 'flowState',
          label: t('clue.state'),
          options: (['visited', 'assessed', 'converted'] as const).map((s) => ({
            value: s,
            label: t(`clue.state.${s}`),
          })),
        },
      ]),
    columns: (t) =>
      clueColumns(t).filter((c) => !['followCount', 'lastFollow', 'nextVisitAt'].includes(c.id)),
    list: (a) => sdk.clues.list2({ query: listQuery(a) }),
    rowActions: (t) => [{ key: 'assess', label: actionLabel(t), onClick: (r) => open(r) }],
  };
}
