// /clues/clueList: my clues (/clue/mylist), with the create dialog and "add order" on each row.
import { SHEETS } from '@bo/api-sdk';
import type { TClueRow } from './types';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { useCanOpen } from '../../app/permissions';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, clueColumns, clueCreateForm, clueSearch, type ClueFormSchema } from './common';
import { clueOrderPath } from './logic';

export default function ClueList() {
  const t = useT();
  const navigate = useNavigate();
  const canOrder = useCanOpen('/students/order');
  const def = useMemo<ListScreenDef<TClueRow, typeof ClueFormSchema>>(
    () => ({
      key: 'myClues',
      what: (tt) => tt('clue.what'),
      rowId: (r) => String(r.clueId),
      rowName: (r) => r.childName,
      searchFields: (tt) => clueSearch(tt),
      columns: (tt) => clueColumns(tt, { owner: false }),
      list: (a) => sdk.clues.mylist({ query: listQuery(a) }),
      // The export writes the import template's columns (the CLI imports clues).
      exportSheet: SHEETS.clues,
      form: clueCreateForm(),
      rowActions: (tt) =>
        canOrder
          ? [
              {
                key: 'addOrder',
                label: tt('clue.addOrder'),
                // An order belongs to a campus: a clue not yet routed to one cannot pay.
                hidden: (r) => !r.schoolItemCode,
                onClick: (r) => navigate(clueOrderPath(r)),
              },
            ]
          : [],
    }),
    [canOrder, navigate],
  );
  return (
    <ClueFrame description={t('clue.myList.desc')}>
      <ListScreenView def={def} />
    </ClueFrame>
  );
}
