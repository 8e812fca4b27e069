// /students/studentManagersOperate: reading students without an adviser; tick rows, assign one
// adviser to them in bulk (all of one campus, so the adviser list is that campus's).
import type { TStudentRow } from '@bo/api-sdk';
import { contract } from '@bo/api-sdk';
import { FormDialog, useToast } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { bodyOf, useCommandForm } from '../../app/form';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { FormAdviserSelect } from '../../app/masterSelectors';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { ScreenFrame } from '../settings/ScreenFrame';
import { studentColumns, studentSearch } from './columns';

const AssignInput = bodyOf(contract.students.batchAdviser);

function AssignDialog({ rows, onClose }: { rows: TStudentRow[]; onClose: () => void }) {
  const t = useT();
  const campus = rows[0]?.schoolItemCode ?? '';
  const form = useCommandForm({
    schema: AssignInput,
    defaultValues: { studentIds: rows.map((r) => r.id), adviserId: 0 },
    success: t('stu.assigned', { n: rows.length }),
    onSubmit: (body) => sdk.students.batchAdviser({ body }),
    onDone: onClose,
  });
  return (
    <FormDialog form={form} open onClose={onClose} title={t('stu.assignTitle', { n: rows.length })}>
      <FormAdviserSelect
        form={form}
        name="adviserId"
        label={t('stu.adviser')}
        campus={campus}
        required
        disabled={!campus}
        placeholder={t('stu.noAdviser')}
      />
    </FormDialog>
  );
}

export default function StudentManagersOperate() {
  const t = useT();
  const toast = useToast();
  const [assigning, setAssigning] = useState<TStudentRow[] | null>(null);
  const count = useQuery({
    queryKey: ['students', 'withoutAdviserCount'],
    queryFn: () => sdk.students.withoutAdviserCount({ query: {} }),
  });
  const def = useMemo<ListScreenDef<TStudentRow>>(
    () => ({
      key: 'studentsWithoutAdviser',
      what: (tt) => tt('stu.student'),
      rowId: (r) => String(r.id),
      rowName: (r) => r.name,
      searchFields: (tt) => studentSearch(tt, { status: false }).filter((f) => f.name !== 'insurance'),
      columns: (tt) => studentColumns(tt).filter((c) => c.id !== 'adviserName' && c.id !== 'status'),
      list: (a) => sdk.students.withoutAdviserList({ query: listQuery(a) }),
      bulkActions: (tt) => [
        {
          key: 'assign',
          label: tt('stu.assign'),
          onClick: (rows) => {
            if (new Set(rows.map((r) => r.schoolItemCode)).size > 1)
              toast.warning(tt('stu.assignSameCampus'));
            else setAssigning(rows);
          },
        },
      ],
    }),
    [toast],
  );
  return (
    <ScreenFrame description={t('stu.managers.desc')}>
      <p className="mb-3 text-sm text-ink-2" role="status">
        {t('stu.managers.count', { n: count.data?.count ?? '…' })}
      </p>
      <ListScreenView def={def} />
      {assigning && (
        <AssignDialog
          rows={assigning}
          onClose={() => {
            setAssigning(null);
            void count.refetch();
          }}
        />
      )}
    </ScreenFrame>
  );
}
