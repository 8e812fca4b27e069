// /staffsalary/snapshot: the periods with an employee snapshot (recorded by each payroll computation),
// each opening its rows and the comparison with the period before on /staffsalary/snapshotDetail.
import type { TSnapshotPeriod } from '@bo/api-sdk';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListScreenView, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { When } from '../orders/parts';
import { periodFields, periodText } from './common';

export default function Snapshot() {
  const navigate = useNavigate();
  const def = useMemo<ListScreenDef<TSnapshotPeriod>>(
    () => ({
      key: 'payops-snapshots',
      what: (t) => t('ops.snapshot.periods'),
      rowId: (r) => periodText(r.year, r.month),
      rowName: (r) => periodText(r.year, r.month),
      searchFields: (t) => periodFields(t).filter((f) => f.name === 'schoolItemCode'),
      columns: (t) => [
        { id: 'period', header: t('ops.period'), fixed: true, value: (r) => periodText(r.year, r.month) },
        { id: 'employees', header: t('ops.employees'), align: 'right' },
        { id: 'recordedAt', header: t('ops.snapshot.recordedAt'), cell: (r) => <When iso={r.recordedAt} /> },
      ],
      list: (a) =>
        sdk.snapshots.periods({ query: { schoolItemCode: a.filters.schoolItemCode || undefined } }),
      rowActions: (t, h) => [
        {
          key: 'view',
          label: t('ops.snapshot.view'),
          onClick: (r) => {
            const q = new URLSearchParams({ year: String(r.year), month: String(r.month) });
            if (h.filters.schoolItemCode) q.set('schoolItemCode', h.filters.schoolItemCode);
            void navigate(`/staffsalary/snapshotDetail?${q.toString()}`);
          },
        },
      ],
    }),
    [navigate],
  );
  return <ListScreenView def={def} />;
}
