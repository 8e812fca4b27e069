// /settlement/{financeClassHour, attendanceClassHour, projectClassHour}: class hours and their value
// per campus and month reconciled with the ledger (docs/metrics.md "Settlement"); each view exports
// to a workbook. A month whose books do not close is shown in red.
import type { ResponseOf, contract } from '@bo/api-sdk';
import { Badge, Button } from '@bo/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { exportFileName, fromCents } from '@bo/domain';
import { downloadBlob } from '../../app/list/workbook';
import { sdk } from '../../app/sdk';
import { useT } from '../../i18n';
import { DashboardHeader, useDashboardFilter, useFigure } from '../dashboards/parts';
import { hours, ReportTable } from './parts';

type R = typeof contract.reports;
type View = 'finance' | 'attendance' | 'project';
const NAMES: Record<View, string> = {
  finance: '财务课时汇总表',
  attendance: '课时明细',
  project: '项目课时汇总表',
};
const PATHS: Record<View, string> = {
  finance: '/settlement/financeClassHour',
  attendance: '/settlement/attendanceClassHour',
  project: '/settlement/projectClassHour',
};

function useExport(view: View, filter: ReturnType<typeof useDashboardFilter>['filter']) {
  return useMutation({
    mutationFn: () => sdk.reports.settlementExport({ body: { ...filter, view } }),
    onSuccess: (blob) => downloadBlob(blob, exportFileName(NAMES[view], filter.endDate ?? new Date())),
  });
}

function Frame({
  view,
  period,
  children,
}: {
  view: View;
  period?: { startDate: string; endDate: string };
  children: React.ReactNode;
}) {
  const t = useT();
  const { filter, set } = useDashboardFilter('month');
  const exp = useExport(view, filter);
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader
        path={PATHS[view]}
        filter={filter}
        set={set}
        period={period}
        extra={
          <Button variant="secondary" loading={exp.isPending} onClick={() => exp.mutate()}>
            {t('rp.export')}
          </Button>
        }
      />
      {children}
    </div>
  );
}

type FinanceRow = ResponseOf<R['financeClassHour']>['rows'][number];
const pair = (cents: number, h: number) => `${fromCents(cents)} / ${hours(h)}`;

export function FinanceClassHour() {
  const t = useT();
  const { filter } = useDashboardFilter('month');
  const q = useFigure('settlementFinance', filter, () => sdk.reports.financeClassHour({ query: filter }));
  const rows = q.data?.rows;
  const off = (r: FinanceRow) => r.differenceCents !== 0 || r.differenceHours !== 0;
  const bad = (rows ?? []).filter(off).length;
  const label = (
    k: 'rp.opening' | 'rp.paid' | 'rp.consumed' | 'rp.refunded' | 'rp.other' | 'rp.closing' | 'rp.difference',
  ) => `${t(k)}（${t('rp.amount')} / ${t('rp.hours')}）`;
  return (
    <Frame view="finance" period={q.data?.period}>
      <p className="flex items-center gap-2 text-xs text-subtle">
        {t('rp.settlementHint')}
        {rows &&
          (bad === 0 ? (
            <Badge tone="success">{t('rp.reconciled')}</Badge>
          ) : (
            <Badge tone="danger">{`${t('rp.unreconciled')}: ${bad}`}</Badge>
          ))}
      </p>
      <ReportTable
        title={t('rp.financeTitle')}
        loading={q.isLoading}
        rows={rows}
        marked={off}
        rowKey={(r) => `${r.month}-${r.schoolItemCode}`}
        columns={[
          { key: 'month', label: t('rp.month'), value: (r) => r.month },
          { key: 'campus', label: t('rp.campus'), value: (r) => r.schoolItemName },
          {
            key: 'opening',
            label: label('rp.opening'),
            numeric: true,
            value: (r) => pair(r.openingCents, r.openingHours),
          },
          {
            key: 'paid',
            label: label('rp.paid'),
            numeric: true,
            value: (r) => pair(r.paidCents, r.paidHours),
          },
          {
            key: 'consumed',
            label: label('rp.consumed'),
            numeric: true,
            value: (r) => pair(r.consumedCents, r.consumedHours),
          },
          {
            key: 'refunded',
            label: label('rp.refunded'),
            numeric: true,
            value: (r) => pair(r.refundedCents, r.refundedHours),
          },
          {
            key: 'other',
            label: label('rp.other'),
            numeric: true,
            value: (r) => pair(r.otherCents, r.otherHours),
          },
          {
            key: 'closing',
            label: label('rp.closing'),
            numeric: true,
            value: (r) => pair(r.closingCents, r.closingHours),
          },
          {
            key: 'difference',
            label: label('rp.difference'),
            numeric: true,
            value: (r) => pair(r.differenceCents, r.differenceHours),
          },
        ]}
      />
    </Frame>
  );
}

export function AttendanceClassHour() {
  const t = useT();
  const { filter } = useDashboardFilter('month');
  const q = useFigure('settlementAttendance', filter, () =>
    sdk.reports.attendanceClassHour({ query: filter }),
  );
  return (
    <Frame view="attendance" period={q.data?.period}>
      <p className="text-xs text-subtle">{t('rp.attendanceHint')}</p>
      <ReportTable
        title={t('rp.signedHours')}
        loading={q.isLoading}
        rows={q.data?.rows}
        marked={(r) => r.differenceHours !== 0}
        rowKey={(r) => `${r.month}-${r.schoolItemCode}-${r.courseCode}`}
        columns={[
          { key: 'month', label: t('rp.month'), value: (r) => r.month },
          { key: 'campus', label: t('rp.campus'), value: (r) => r.schoolItemName },
          { key: 'course', label: t('rp.course'), value: (r) => r.courseName },
          { key: 'signs', label: t('rp.signs'), numeric: true, value: (r) => r.signs },
          {
            key: 'signed',
            label: t('rp.signedHours'),
            numeric: true,
            value: (r) => hours(r.attendanceHours),
          },
          { key: 'ledger', label: t('rp.ledgerHours'), numeric: true, value: (r) => hours(r.ledgerHours) },
          { key: 'value', label: t('rp.ledgerValue'), numeric: true, value: (r) => fromCents(r.ledgerCents) },
          {
            key: 'difference',
            label: t('rp.difference'),
            numeric: true,
            value: (r) => hours(r.differenceHours),
          },
        ]}
      />
    </Frame>
  );
}

export function ProjectClassHour() {
  const t = useT();
  const { filter } = useDashboardFilter('month');
  const q = useFigure('settlementProject', filter, () => sdk.reports.projectClassHour({ query: filter }));
  return (
    <Frame view="project" period={q.data?.period}>
      <ReportTable
        title={t('rp.project')}
        loading={q.isLoading}
        rows={q.data?.rows}
        rowKey={(r) => `${r.month}-${r.schoolItemCode}-${r.projectCode}`}
        columns={[
          { key: 'month', label: t('rp.month'), value: (r) => r.month },
          { key: 'campus', label: t('rp.campus'), value: (r) => r.schoolItemName },
          { key: 'project', label: t('rp.project'), value: (r) => r.projectName },
          { key: 'hours', label: t('rp.consumedHours'), numeric: true, value: (r) => hours(r.consumedHours) },
          { key: 'value', label: t('rp.consumed'), numeric: true, value: (r) => fromCents(r.consumedCents) },
          { key: 'students', label: t('rp.students'), numeric: true, value: (r) => r.students },
        ]}
      />
    </Frame>
  );
}
