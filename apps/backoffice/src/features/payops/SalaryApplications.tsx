// Salary applications, shown as two tabs of /staffsalary/manage: the campuses of a period with their
// payroll and application (a campus head applies there), and the applications on the one approval
// screen (HR and finance open and decide; finance may revoke a passed one until the period is sealed).
import type { TSalaryApplyCampusRow, TSalaryApplyDetail, TSalaryApplyRow } from '@bo/api-sdk';
import { Badge, MoneyText, useToast } from '@bo/ui-kit';
import { useMemo } from 'react';
import { ListScreenView, listQuery, type ListScreenDef } from '../../app/list';
import { sdk } from '../../app/sdk';
import { tCode, useT, type TFunction } from '../../i18n';
import { ApprovalScreen, type ApprovalScreenDef } from '../orders/approvalScreen';
import { ApprovalStatusBadge, Field } from '../orders/parts';
import { periodDefaults, periodFields, periodOf, periodText } from './common';

const roleName = (t: TFunction, r: string) => tCode(t, `ops.role.${r}`, r);

/** The campuses of a period: payroll, application, and the apply action where the caller may. */
export function ApplyTab() {
  const toast = useToast();
  const def = useMemo<ListScreenDef<TSalaryApplyCampusRow>>(
    () => ({
      key: 'payops-apply',
      what: (t) => t('ops.application'),
      rowId: (r) => r.schoolItemCode,
      rowName: (r) => r.schoolItemName ?? r.schoolItemCode,
      filterDefaults: periodDefaults,
      searchFields: (t) => periodFields(t, { campus: false }),
      columns: (t) => [
        {
          id: 'schoolItemName',
          header: t('ops.campus'),
          fixed: true,
          value: (r) => r.schoolItemName ?? r.schoolItemCode,
        },
        { id: 'employees', header: t('ops.employees'), align: 'right' },
        {
          id: 'total',
          header: t('ops.total'),
          align: 'right',
          cell: (r) => <MoneyText yuan={r.total} />,
          exportValue: (r) => Number(r.total),
        },
        {
          id: 'computedAt',
          header: t('ops.computedAt'),
          value: (r) => (r.computedAt ? new Date(r.computedAt).toLocaleString() : t('ops.neverComputed')),
        },
        {
          id: 'sealed',
          header: t('ops.sealState'),
          value: (r) => (r.sealed ? t('ops.sealed') : t('ops.open')),
          cell: (r) => (
            <Badge tone={r.sealed ? 'neutral' : 'success'}>
              {r.sealed ? t('ops.sealed') : t('ops.open')}
            </Badge>
          ),
        },
        {
          id: 'application',
          header: t('ops.applicationState'),
          value: (r) => (r.application ? tCode(t, `apv.status.${r.application.status}`, '') : ''),
          cell: (r) =>
            r.application ? (
              <span className="inline-flex items-center gap-2">
                <ApprovalStatusBadge status={r.application.status} />
                <MoneyText yuan={r.application.total} />
              </span>
            ) : (
              <span className="text-muted">{t('ops.noApplication')}</span>
            ),
        },
      ],
      list: async (a) => {
        const p = periodOf(a.filters);
        return p ? sdk.salaryApplications.campuses({ query: p }) : [];
      },
      rowActions: (t, h) => [
        {
          key: 'apply',
          label: t('ops.apply'),
          hidden: (r) => !r.canApply,
          confirm: t('ops.applyConfirm'),
          onClick: async (r) => {
            const p = periodOf(h.filters);
            if (!p) return;
            await sdk.salaryApplications
              .apply({ body: { ...p, schoolItemCode: r.schoolItemCode } })
              .then(() => toast.success(t('ops.applied')))
              .catch(() => undefined);
            await h.refresh();
          },
        },
      ],
    }),
    [toast],
  );
  return <ListScreenView def={def} paramPrefix="apply" />;
}

function Subject({ d }: { d: TSalaryApplyDetail }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Field label={t('ops.campus')}>{d.schoolItemName ?? d.schoolItemCode}</Field>
        <Field label={t('ops.period')}>{periodText(d.year, d.month)}</Field>
        <Field label={t('ops.employees')}>{d.employees}</Field>
        <Field label={t('ops.currentTotal')}>
          <MoneyText yuan={d.currentTotal} />
          {d.currentTotal !== d.amount && (
            <p role="alert" className="text-xs text-danger-600">
              {t('ops.totalMoved')}
            </p>
          )}
        </Field>
      </dl>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th>{t('ops.role')}</th>
            <th className="text-right">{t('ops.employees')}</th>
            <th className="text-right">{t('ops.total')}</th>
          </tr>
        </thead>
        <tbody>
          {d.roles.map((r) => (
            <tr key={r.role} className="border-t border-line">
              <td>{roleName(t, r.role)}</td>
              <td className="text-right">{r.employees}</td>
              <td className="text-right">
                <MoneyText yuan={r.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const salaryApplyDef: ApprovalScreenDef<TSalaryApplyRow, TSalaryApplyDetail> = {
  key: 'payops-applications',
  what: (t) => t('ops.application'),
  list: (a) => sdk.salaryApplications.list({ query: listQuery(a) }),
  detail: (id) => sdk.salaryApplications.detail({ params: { id } }),
  searchFields: (t) => periodFields(t),
  subjectColumns: (t) => [
    {
      id: 'schoolItemName',
      header: t('ops.campus'),
      fixed: true,
      value: (r) => r.schoolItemName ?? r.schoolItemCode ?? '',
    },
    {
      id: 'period',
      header: t('ops.period'),
      value: (r) => periodText(r.year, r.month),
    },
    { id: 'employees', header: t('ops.employees'), align: 'right' },
  ],
  subject: (d) => <Subject d={d} />,
  subjectSlices: ['salaryApplications', 'payroll'],
};

export function ApproveTab() {
  return <ApprovalScreen def={salaryApplyDef} />;
}
