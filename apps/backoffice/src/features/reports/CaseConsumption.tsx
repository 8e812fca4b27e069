// /dataStatistics/caseConsumption: each case (a student at a campus) through the period — advance
// receipts at the start, hours bought, consumed and refunded, the balance at the end
// (/report/caseConsumption; docs/metrics.md "Cases").
import { fromCents } from '@bo/domain';
import { Button, Pagination, TextField, formatMoney } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sdk } from '../../app/sdk';
import { useUrlState } from '../../app/urlState';
import { useT } from '../../i18n';
import { DashboardHeader, FigureCards, useDashboardFilter } from '../dashboards/parts';
import { hours, ReportTable } from './parts';

const PAGE_SIZE = 20;

export default function CaseConsumption() {
  const t = useT();
  const { filter, set } = useDashboardFilter();
  const { value, set: setList } = useUrlState('cc', ['keyword', 'page'] as const);
  const [keyword, setKeyword] = useState(value.keyword ?? '');
  const pageIndex = Number(value.page ?? '1') || 1;
  const query = { ...filter, keyword: value.keyword, pageIndex, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: ['reports', 'cases', query],
    queryFn: () => sdk.reports.caseConsumption({ query }),
  });
  const d = page.data;
  return (
    <div className="flex flex-col gap-4">
      <DashboardHeader path="/dataStatistics/caseConsumption" filter={filter} set={set} period={d?.period} />
      <FigureCards
        grid="md:grid-cols-3"
        cards={
          d && [
            { key: 'cases', label: t('rp.cases'), value: d.total },
            { key: 'sum', label: t('rp.casesSum'), value: formatMoney({ cents: d.consumedCents }) },
            { key: 'hours', label: t('rp.consumedHours'), value: hours(d.consumedHours) },
          ]
        }
      />
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const next = keyword.trim() || undefined;
          // 查询 always reloads: with the keyword and page already shown, the URL would not change.
          if (next === value.keyword && pageIndex === 1) void page.refetch();
          else setList({ keyword: next, page: undefined });
        }}
      >
        <TextField
          size="sm"
          label={t('rp.keyword')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button type="submit">{t('rp.search')}</Button>
      </form>
      <ReportTable
        title={t('rp.cases')}
        loading={page.isLoading}
        rows={d?.list}
        rowKey={(r) => `${r.studentId}-${r.schoolItemName}`}
        columns={[
          { key: 'student', label: t('rp.student'), value: (r) => `${r.studentName} ${r.studentCode}` },
          { key: 'campus', label: t('rp.campus'), value: (r) => r.schoolItemName },
          { key: 'opening', label: t('rp.opening'), numeric: true, value: (r) => fromCents(r.openingCents) },
          {
            key: 'openingHours',
            label: t('rp.openingHours'),
            numeric: true,
            value: (r) => hours(r.openingHours),
          },
          { key: 'bought', label: t('rp.boughtHours'), numeric: true, value: (r) => hours(r.boughtHours) },
          {
            key: 'consumedHours',
            label: t('rp.consumedHours'),
            numeric: true,
            value: (r) => hours(r.consumedHours),
          },
          {
            key: 'consumed',
            label: t('rp.consumed'),
            numeric: true,
            value: (r) => fromCents(r.consumedCents),
          },
          {
            key: 'refunded',
            label: t('rp.refunded'),
            numeric: true,
            value: (r) => fromCents(r.refundedCents),
          },
          { key: 'closing', label: t('rp.closing'), numeric: true, value: (r) => fromCents(r.closingCents) },
          {
            key: 'closingHours',
            label: t('rp.closingHours'),
            numeric: true,
            value: (r) => hours(r.closingHours),
          },
        ]}
        footer={
          d && d.total > PAGE_SIZE ? (
            <Pagination
              pageIdx={pageIndex}
              pageSize={PAGE_SIZE}
              total={d.total}
              onChange={(p) => setList({ page: String(p) })}
            />
          ) : undefined
        }
      />
    </div>
  );
}
