// /clues/disCluelist: the distribution pool (/clue/distributionPoolList); bulk distribute to a consultant.
import type { TClueRow } from './types';
import { contract } from '@bo/api-sdk';
import { FormDialog } from '@bo/ui-kit';
import { useMemo, useState } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { bodyOf, useCommandForm } from '../../app/form';
import { FormStaffUserSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ClueFrame, clueColumns, clueCreateForm, clueSearch, type ClueFormSchema } from './common';

const Distribute = bodyOf(contract.clues.distributeSave);

/** Gives the chosen clues (all of one campus) to a consultant of that campus. */
function DistributeDialog({ rows, onClose }: { rows: TClueRow[]; onClose: () => void }) {
  const t = useT();
  const campus = rows[0]?.schoolItemCode ?? null;
  const mixed = rows.some((r) => r.schoolItemCode !== campus);
  const form = useCommandForm({
    schema: Distribute,
    defaultValues: { clueIds: rows.map((r) => r.clueId), schoolItemCode: campus ?? undefined },
    onSubmit: (body) => sdk.clues.distributeSave({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('clue.distributeTitle', { n: rows.length })}
      submitText={t('clue.distribute')}
      submitDisabled={mixed}
    >
      {mixed && (
        <p role="alert" className="text-warning-700">
          {t('clue.distributeMixed')}
        </p>
      )}
      <FormStaffUserSelect
        form={form}
        name="ownerUserId"
        label={t('clue.consultant')}
        schoolItemCode={campus}
      />
    </FormDialog>
  );
}

export default function DisCluelist() {
  const t = useT();
  const [rows, setRows] = useState<TClueRow[] | null>(null);
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
          onClick: (r) => setRows(r),
        },
      ],
      rowActions: (tt) => [
        {
          key: 'distribute',
          label: tt('clue.distribute'),
          onClick: (r) => setRows([r]),
        },
      ],
    }),
    [],
  );
  return (
    <ClueFrame description={t('clue.dist.desc')}>
      <ListScreenView def={def} />
      {rows && <DistributeDialog rows={rows} onClose={() => setRows(null)} />}
    </ClueFrame>
  );
}
