// Page navigation with the total count and a page-size choice (10/20/50/100).
import { Button } from '../components/Button.js';
import { cx } from '../components/cx.js';
import { useListLabels } from './labels.js';
import { PAGE_SIZES } from './params.js';

export interface PaginationProps {
  pageIdx: number;
  pageSize: number;
  total: number;
  /** total is an estimate: shown as "约 1,000,000 条". */
  totalEstimated?: boolean;
  onChange: (pageIdx: number, pageSize: number) => void;
}

/** The page numbers shown around the current one, with 0 standing for a gap. */
export function pageWindow(current: number, last: number): number[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1);
  const out = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...out].sort((a, b) => a - b);
  const res: number[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) res.push(0);
    res.push(p);
  });
  return res;
}

export function Pagination({ pageIdx, pageSize, total, totalEstimated, onChange }: PaginationProps) {
  const L = useListLabels();
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={L.page(pageIdx)}
      className="flex flex-wrap items-center justify-end gap-2 text-sm text-ink-2"
    >
      <span>{totalEstimated ? L.totalAbout(total) : L.total(total)}</span>
      <label className="inline-flex items-center gap-1">
        <span className="sr-only">{L.pageSize}</span>
        <select
          aria-label={L.pageSize}
          value={pageSize}
          onChange={(e) => onChange(1, Number(e.target.value))}
          className="h-control-sm rounded-md border border-line-strong bg-surface px-1.5 text-xs"
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {L.perPage(s)}
            </option>
          ))}
        </select>
      </label>
      <Button
        size="sm"
        variant="ghost"
        aria-label={L.prevPage}
        disabled={pageIdx <= 1}
        onClick={() => onChange(pageIdx - 1, pageSize)}
      >
        ‹
      </Button>
      {pageWindow(Math.min(pageIdx, last), last).map((p, i) =>
        p === 0 ? (
          <span key={`gap${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === pageIdx ? 'primary' : 'ghost'}
            aria-label={L.page(p)}
            aria-current={p === pageIdx ? 'page' : undefined}
            className={cx('min-w-7')}
            onClick={() => onChange(p, pageSize)}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        size="sm"
        variant="ghost"
        aria-label={L.nextPage}
        disabled={pageIdx >= last}
        onClick={() => onChange(pageIdx + 1, pageSize)}
      >
        ›
      </Button>
    </nav>
  );
}
