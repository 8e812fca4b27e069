// One report: summary cards, a chart, the table (a figure opens the clue rows behind it) and the export.
import { exportFileName } from '@bo/domain';
import { Button, Card, Dialog, EmptyState, Spinner } from '@bo/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { downloadBlob } from '../../app/list/workbook';
import { tCode, useLocale, useT } from '../../i18n';
import type { DetailPage, Filter, Report, ReportColumn, ReportRow } from './api';

// recharts (≈ 100 KiB gzip) loads with the first chart drawn, not with the screens that show one:
// the numbers (cards, table) come first.
const ReportChart = lazy(() => import('./ReportChart'));

export const fmt = (c: ReportColumn, v: number | null | undefined) =>
  v === null || v === undefined ? '—' : c.kind === 'rate' ? `${(v * 100).toFixed(1)}%` : String(v);

export interface ReportViewProps {
  title: string;
  queryKey: readonly unknown[];
  load: () => Promise<Report>;
  /** The xlsx export; absent: no export button. */
  exportFile?: () => Promise<Blob>;
  /** The clue rows behind a figure; absent: figures are plain. */
  detail?: (key: string, metric: string, pageIdx: number) => Promise<DetailPage>;
  stacked?: boolean;
}

export function ReportView({ title, queryKey, load, exportFile, detail, stacked }: ReportViewProps) {
  const t = useT();
  const [locale] = useLocale();
  const q = useQuery({ queryKey, queryFn: load });
  const [open, setOpen] = useState<{ row: ReportRow | null; col: ReportColumn } | null>(null);
  const exp = useMutation({
    mutationFn: async () => (exportFile ? exportFile() : null),
    onSuccess: (blob) => blob && downloadBlob(blob, exportFileName(title, new Date())),
  });
  const label = (c: ReportColumn) => (locale === 'en' ? c.en : c.zh);
  const r = q.data;
  const counts = r?.columns.filter((c) => c.kind === 'count').slice(0, stacked ? 8 : 4) ?? [];
  const stackCols = stacked
    ? counts.filter((c) => c.key !== counts[0]?.key && !c.key.startsWith('covered'))
    : counts;

  const cell = (row: ReportRow | null, c: ReportColumn) => {
    const v = row ? row.values[c.key] : r?.totals[c.key];
    if (!detail || !c.drill || !v) return fmt(c, v);
    return (
      <button
        type="button"
        className="text-brand-600 underline-offset-2 hover:underline"
        aria-label={t('ca.openDetail', { name: row?.name ?? t('ca.total'), metric: label(c) })}
        onClick={() => setOpen({ row, col: c })}
      >
        {fmt(c, v)}
      </button>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {exportFile && (
          <Button variant="secondary" loading={exp.isPending} onClick={() => exp.mutate()}>
            {t('ca.export')}
          </Button>
        )}
      </div>
      {q.isLoading && <Spinner label={t('ca.loading')} />}
      {r && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
            {r.columns.map((c) => (
              <Card key={c.key} padded>
                <div className="text-xs text-subtle">{label(c)}</div>
                <div className="mt-1 text-xl font-semibold text-ink" data-testid={`total-${c.key}`}>
                  {fmt(c, r.totals[c.key])}
                </div>
              </Card>
            ))}
          </div>
          {r.rows.length === 0 ? (
            <EmptyState title={t('ca.empty')} />
          ) : (
            <>
              <Card title={t('ca.chart')}>
                <div style={{ width: '100%', height: 280 }}>
                  <Suspense fallback={<Spinner label={t('ca.loading')} />}>
                    <ReportChart
                      rows={r.rows}
                      bars={stackCols.map((c) => ({ key: c.key, name: label(c) }))}
                      stacked={Boolean(stacked)}
                    />
                  </Suspense>
                </div>
              </Card>
              <Card title={t('ca.table')} padded={false}>
                <div className="overflow-x-auto">
                  <table className="w-full text-sm" aria-label={title}>
                    <thead className="bg-hover text-left">
                      <tr>
                        <th className="px-3 py-2">{locale === 'en' ? r.groupEn : r.groupZh}</th>
                        {r.columns.map((c) => (
                          <th key={c.key} className="px-3 py-2 text-right">
                            {label(c)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {r.rows.map((row) => (
                        <tr key={row.key} className="border-t border-line">
                          <td className="px-3 py-2">{row.name}</td>
                          {r.columns.map((c) => (
                            <td key={c.key} className="px-3 py-2 text-right tabular-nums">
                              {cell(row, c)}
                            </td>
                          ))}
                        </tr>
                      ))}
                      <tr className="border-t border-line font-semibold">
                        <td className="px-3 py-2">{t('ca.total')}</td>
                        {r.columns.map((c) => (
                          <td key={c.key} className="px-3 py-2 text-right tabular-nums">
                            {cell(null, c)}
                          </td>
                        ))}
                      </tr>
                    </tbody>
                  </table>
                </div>
              </Card>
            </>
          )}
        </>
      )}
      {open && detail && (
        <DetailDialog
          title={t('ca.detail.title', { row: open.row?.name ?? t('ca.detail.all'), metric: label(open.col) })}
          load={(p) => detail(open.row?.key ?? '', open.col.key, p)}
          queryKey={[...queryKey, 'detail', open.row?.key ?? '', open.col.key]}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

function DetailDialog({
  title,
  load,
  queryKey,
  onClose,
}: {
  title: string;
  load: (page: number) => Promise<DetailPage>;
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: [...queryKey, page], queryFn: () => load(page) });
  const d = q.data;
  const pages = d ? Math.max(1, Math.ceil(d.total / d.pageSize)) : 1;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="xl"
      closeLabel={t('ca.detail.close')}
      footer={
        <div className="flex items-center gap-3">
          <span className="text-sm text-subtle">{t('ca.detail.page', { page, total: d?.total ?? 0 })}</span>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('ca.detail.prev')}
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('ca.detail.next')}
          </Button>
        </div>
      }
    >
      {q.isLoading ? (
        <Spinner label={t('ca.loading')} />
      ) : (
        <div className="max-h-[60vh] overflow-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead className="bg-hover text-left">
              <tr>
                {(
                  [
                    'cluecode',
                    'child',
                    'campus',
                    'channel',
                    'state',
                    'owner',
                    'created',
                    'firstFollow',
                  ] as const
                ).map((k) => (
                  <th key={k} className="px-2 py-1.5">
                    {t(`ca.detail.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(d?.list ?? []).map((c) => (
                <tr key={c.clueId} className="border-t border-line">
                  <td className="px-2 py-1.5">{c.cluecode}</td>
                  <td className="px-2 py-1.5">{c.childName}</td>
                  <td className="px-2 py-1.5">{c.schoolItemName ?? '—'}</td>
                  <td className="px-2 py-1.5">{c.channelName ?? c.channel ?? '—'}</td>
                  <td className="px-2 py-1.5">{tCode(t, `clue.state.${c.flowState}`, c.flowState)}</td>
                  <td className="px-2 py-1.5">{c.ownerName ?? '—'}</td>
                  <td className="px-2 py-1.5">{new Date(c.createdAt).toLocaleString()}</td>
                  <td className="px-2 py-1.5 text-right">{c.firstFollowHours ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}

export type { Filter };
