// /clues/clueList: my clues (/clue/mylist), with the create dialog.
import type { TClueRow } from './types';
import { defineListScreen, listQuery } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, clueColumns, clueCreateForm, clueSearch, type ClueFormSchema } from './common';

export const MyClues = defineListScreen<TClueRow, typeof ClueFormSchema>({
  key: 'myClues',
  what: (t) => t('clue.what'),
  rowId: (r) => String(r.clueId),
  rowName: (r) => r.childName,
  searchFields: (t) => clueSearch(t),
  columns: (t) => clueColumns(t, { owner: false }),
  list: (a) => sdk.clues.mylist({ query: listQuery(a) }),
  form: clueCreateForm(),
});

export default function ClueList() {
  const t = useT();
  return (
    <ClueFrame description={t('clue.myList.desc')}>
      <MyClues />
    </ClueFrame>
  );
}
