// /staffsalary/manage: a period's overview per campus (employees, total, adjustments, last computed,
// how many changed, the period's state), computing a campus or every campus, and the runs with
// their change reports.
import type { TManageRow, TRunRow } from '@bo/api-sdk';
import { Badge, Button, Dialog, MoneyText, useToast } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CodeName, ListScreenView, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { useHasAnyRole } from '../../app/permissions';
import { useT } from '../../i18n';
import { ApplyTab, ApproveTab } from '../payops/SalaryApplications';
import { TabbedScreen } from '../settings/TabbedScreen';
import {
  LatestPeriodNote,
  periodDefaults,
  periodFields,
  periodOf,
  roleName,
  useLatestPeriod,
} from './common';

type Period = { year: number; month: number; schoolItemCode?: string };

function Runs({ period, onClose }: { period: Period; onClose: () => void }) {
  const t = useT();
  const q = useQuery({
    queryKey: ['payroll', 'runs', period],
    queryFn: () => sdk.payroll.runs({ query: period }),
  });
  return (
    <Dialog open onClose={onClose} size="xl" title={t('pay.changesTitle')} closeLabel="×">
      <div className="space-y-4">
        {(q.data ?? []).map((r: TRunRow) => (
          <section
            key={r.id}
            aria-label={t('pay.run', { id: r.id, at: r.computedAt, by: r.computedBy ?? '' })}
          >
            <h3 className="font-medium">
              {t('pay.run', {
                id: r.id,
                at: new Date(r.computedAt).toLocaleString(),
                by: r.computedBy ?? '',
              })}
            </h3>
            {r.changes.length === 0 ? (
              <p className="text-sm text-slate-500">{t('pay.noChanges')}</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-slate-500">
                    <th>{t('pay.campus')}</th>
                    <th>{t('pay.employee')}</th>
                    <th>{t('pay.role')}</th>
                    <th className="text-right">{t('pay.before')}</th>
                    <th className="text-right">{t('pay.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.changes.map((c) => (
                    <tr
                      key={`${c.schoolItemCode}|${c.employeeCode}|${c.role}`}
                      className="border-t border-slate-100"
                    >
                      <td>
                        <CodeName source="campus" code={c.schoolItemCode} />
                      </td>
                      <td>{c.employeeName ?? c.employeeCode}</td>
                      <td>{roleName(t, c.role)}</td>
                      <td className="text-right">
                        <MoneyText yuan={c.before} />
                      </td>
                      <td className="text-right">
                        <MoneyText yuan={c.after} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))}
      </div>
    </Dialog>
  );
}

function Compute() {
  const toast = useToast();
  // payroll.compute is seeded for HR (30); administrators hold every privilege.
  const canCompute = useHasAnyRole([1, 30]);
  const [runs, setRuns] = useState<Period | null>(null);
  // Computing opens on the current period; where the latest payroll is, is said above the list.
  const { latest } = useLatestPeriod();
  const def = useMemo<ListScreenDef<TManageRow>>(
    () => ({
      key: 'payroll-manage',
      what: (tt) => tt('pay.campus'),
      rowId: (r) => r.schoolItemCode,
      rowName: (r) => r.schoolItemName,
      filterDefaults: periodDefaults,
      searchFields: (tt) => periodFields(tt),
      columns: (tt) => [
        { id: 'schoolItemName', header: tt('pay.campus'), fixed: true },
        { id: 'employees', header: tt('pay.employees'), align: 'right' },
        {
          id: 'total',
          header: tt('pay.total'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.total} />,
          exportValue: (r) => Number(r.total),
        },
        { id: 'manualLines', header: tt('pay.manualLines'), align: 'right' },
        {
          id: 'computedAt',
          header: tt('pay.computedAt'),
          value: (r) => (r.computedAt ? new Date(r.computedAt).toLocaleString() : tt('pay.neverComputed')),
        },
        { id: 'lastChanges', header: tt('pay.lastChanges'), align: 'right' },
        {
          id: 'periodState',
          header: tt('pay.periodState'),
          value: (r) => tt(`pay.state.${r.periodState}`),
          cell: (r) => (
            <Badge tone={r.periodState === 'open' ? 'success' : 'neutral'}>
              {tt(`pay.state.${r.periodState}`)}
            </Badge>
          ),
        },
      ],
      list: async (a) => {
        const p = periodOf(a.filters);
        if (!p) return [];
        return sdk.payroll.manage({ query: { ...p, schoolItemCode: a.filters.schoolItemCode || undefined } });
      },
      toolbar: (tt, h) => {
        const p = periodOf(h.filters);
        if (!p || !canCompute) return null;
        const campus = h.filters.schoolItemCode || undefined;
        return (
          <Button
            variant="primary"
            onClick={() =>
              void sdk.payroll
                .compute({ body: { ...p, schoolItemCode: campus } })
                .then(async (r) => {
                  toast.success(tt('pay.computed.done', { lines: r.lineCount, changes: r.changes.length }));
                  await h.refresh();
                })
                .catch(() => undefined)
            }
          >
            {campus ? tt('pay.computeCampus') : tt('pay.computeAll')}
          </Button>
        );
      },
      rowActions: (tt, h) => [
        {
          key: 'changes',
          label: tt('pay.changes'),
          onClick: (r) => {
            const p = periodOf(h.filters);
            if (p) setRuns({ ...p, schoolItemCode: r.schoolItemCode });
          },
        },
      ],
    }),
    [canCompute, toast],
  );
  return (
    <>
      <LatestPeriodNote latest={latest} />
      <ListScreenView def={def} />
      {runs && <Runs period={runs} onClose={() => setRuns(null)} />}
    </>
  );
}

/** The period's computation, the campuses' salary applications and their approvals (payops). */
export default function Manage() {
  const t = useT();
  return (
    <TabbedScreen
      tabs={[
        { key: 'compute', label: t('ops.tab.compute'), content: <Compute /> },
        { key: 'apply', label: t('ops.tab.apply'), content: <ApplyTab /> },
        { key: 'approve', label: t('ops.tab.approve'), content: <ApproveTab /> },
      ]}
    />
  );
}
