// /financial/dataExport: finance picks what to export (an area's payslips of a month, every salary
// line of a month, the paid class hours behind a month, or the confirmed lessons of a month) and its
// filters; the screen counts the matching rows first (so an empty
// result says so instead of downloading an empty workbook) and then downloads the whole filtered
// result from the server's own export endpoint — the same workbook the area or course-export screen
// gives, never one assembled in the browser.
import { PAY_AREAS, type TPayArea } from '@bo/api-sdk';
import { exportFileName } from '@bo/domain';
import { Button, Card, EmptyState, Select, Spinner, TextField, useToast } from '@bo/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { downloadBlob } from '../../app/list';
import { CampusMasterSelect } from '../../app/masterSelectors';
import { errorText, sdk } from '../../app/sdk';
import { useT, type TFunction } from '../../i18n';
import { periodDefaults, periodText } from './common';

const AREAS = Object.keys(PAY_AREAS) as TPayArea[];

/** What can be exported: an area's payslips, every salary line, the paid hours, the confirmed lessons. */
export type ExportKind = `slips:${TPayArea}` | 'lines' | 'hours' | 'confirmed';
export const EXPORT_KINDS: ExportKind[] = [
  ...AREAS.map((a) => `slips:${a}` as const),
  'lines',
  'hours',
  'confirmed',
];
const isKind = (v: string): v is ExportKind => (EXPORT_KINDS as string[]).includes(v);

export interface ExportFilters {
  kind: ExportKind;
  year: number;
  month: number;
  schoolItemCode?: string;
  keyword?: string;
}

const kindLabel = (t: TFunction, k: ExportKind) =>
  k === 'hours' || k === 'lines' || k === 'confirmed'
    ? t(`ops.export.${k}`)
    : t('ops.export.slips', { area: t(`ops.area.${areaOf(k)}`) });

/** The filters in the URL, or null while the period is not one. */
function filtersOf(p: URLSearchParams): ExportFilters | null {
  const kind = p.get('kind') ?? '';
  const year = Number(p.get('year') ?? periodDefaults.year);
  const month = Number(p.get('month') ?? periodDefaults.month);
  if (!isKind(kind) || !(year >= 2000 && year <= 2100) || !(month >= 1 && month <= 12)) return null;
  const schoolItemCode = p.get('schoolItemCode') || undefined;
  const keyword = p.get('keyword') || undefined;
  return { kind, year, month, schoolItemCode, keyword };
}

const query = (f: ExportFilters) => ({
  year: f.year,
  month: f.month,
  schoolItemCode: f.schoolItemCode,
  keyword: f.keyword,
});

/**
 * How many rows the export will hold: the total of the first page of the same filters (a large one
 * is the database's estimate, and says so).
 */
async function countRows(f: ExportFilters): Promise<{ n: number; about: boolean }> {
  const page = { ...query(f), pageIdx: 1, pageSize: 1 };
  const r =
    f.kind === 'hours'
      ? await sdk.payroll.hoursPage({ query: page })
      : f.kind === 'lines'
        ? await sdk.payroll.linesPage({ query: page })
        : f.kind === 'confirmed'
          ? await sdk.classHours.confirmedPage({ query: page })
          : await sdk.payroll.areaPage({ params: { area: areaOf(f.kind) }, query: page });
  return { n: r.total, about: r.totalEstimated === true };
}

function areaOf(k: ExportKind): TPayArea {
  const a = k.slice(6);
  return AREAS.find((x) => x === a) ?? 'frontline';
}

function download(f: ExportFilters): Promise<Blob> {
  if (f.kind === 'hours') return sdk.payroll.hoursExport({ query: query(f) });
  if (f.kind === 'lines') return sdk.payroll.linesExport({ query: query(f) });
  if (f.kind === 'confirmed') return sdk.classHours.confirmedExport({ query: query(f) });
  return sdk.payroll.areaExport({ params: { area: areaOf(f.kind) }, query: query(f) });
}

function FilterForm({
  initial,
  onApply,
}: {
  initial: Record<string, string>;
  onApply: (v: Record<string, string>) => void;
}) {
  const t = useT();
  const [v, setV] = useState(initial);
  const set = (k: string) => (value: string | number) => setV((o) => ({ ...o, [k]: String(value) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(v);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('ops.export.filters')}
      className="grid grid-cols-1 gap-3 md:grid-cols-3"
    >
      <Select
        label={t('ops.export.what')}
        required
        placeholder={t('ops.export.choose')}
        value={v.kind ?? ''}
        onChange={set('kind')}
        options={EXPORT_KINDS.map((k) => ({ value: k, label: kindLabel(t, k) }))}
      />
      <TextField
        label={t('ops.year')}
        placeholder={t('list.yearPlaceholder')}
        value={v.year ?? ''}
        onChange={(e) => set('year')(e.target.value)}
      />
      <Select
        label={t('ops.month')}
        value={v.month ?? ''}
        onChange={set('month')}
        options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
      />
      <CampusMasterSelect
        label={t('ops.campus')}
        value={v.schoolItemCode ?? ''}
        onChange={set('schoolItemCode')}
      />
      <TextField
        label={t('ops.keyword')}
        value={v.keyword ?? ''}
        onChange={(e) => set('keyword')(e.target.value)}
      />
      <div className="flex items-end">
        <Button type="submit" variant="primary">
          {t('ops.export.count')}
        </Button>
      </div>
    </form>
  );
}

function Result({ f }: { f: ExportFilters }) {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const count = useQuery({ queryKey: ['payroll', 'dataExport', f], queryFn: () => countRows(f) });
  const label = kindLabel(t, f.kind);
  const period = periodText(f.year, f.month);
  if (count.isError)
    return (
      <div role="alert" className="space-y-2 text-sm text-danger-600">
        <p>{errorText(count.error)}</p>
        <Button onClick={() => void count.refetch()}>{t('ops.export.retry')}</Button>
      </div>
    );
  if (count.data === undefined) return <Spinner label={t('ops.export.counting')} />;
  const { n, about } = count.data;
  if (n === 0) return <EmptyState title={t('ops.export.empty', { what: label, period })} />;
  const run = () => {
    setBusy(true);
    setFailed(null);
    download(f)
      .then((blob) => {
        downloadBlob(blob, exportFileName(`${label}_${period}`, new Date()));
        toast.success(about ? t('ops.export.doneAll', { what: label }) : t('ops.export.done', { n }));
      })
      .catch((e: unknown) => setFailed(errorText(e)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="space-y-3">
      <p className="text-sm">
        {t(about ? 'ops.export.matchesAbout' : 'ops.export.matches', { n, what: label, period })}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="primary" loading={busy} onClick={run}>
          {t('ops.export.run')}
        </Button>
        {busy && (
          <span role="status" className="text-sm text-muted">
            {t(about ? 'ops.export.progressAbout' : 'ops.export.progress', { n })}
          </span>
        )}
      </div>
      {failed !== null && (
        <p role="alert" className="text-sm text-danger-600">
          {t('ops.export.failed', { reason: failed })}
        </p>
      )}
    </div>
  );
}

export default function DataExport() {
  const t = useT();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const f = filtersOf(params);
  const initial = {
    kind: params.get('kind') ?? '',
    year: params.get('year') ?? periodDefaults.year,
    month: params.get('month') ?? periodDefaults.month,
    schoolItemCode: params.get('schoolItemCode') ?? '',
    keyword: params.get('keyword') ?? '',
  };
  return (
    <div className="space-y-4">
      <Card title={t('ops.export.title')}>
        <FilterForm
          initial={initial}
          onApply={(v) => {
            const next = new URLSearchParams(
              Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')),
            );
            // 查询 always counts again: with the filters already shown the URL would not change.
            if (f && JSON.stringify(filtersOf(next)) === JSON.stringify(f))
              void qc.invalidateQueries({ queryKey: ['payroll', 'dataExport'] });
            else setParams(next);
          }}
        />
      </Card>
      <Card>
        {f ? (
          <Result key={JSON.stringify(f)} f={f} />
        ) : (
          <p className="text-sm text-muted">{t('ops.export.hint')}</p>
        )}
      </Card>
    </div>
  );
}
