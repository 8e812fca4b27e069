// The preview of a scheduling command before it writes (a series, a batch move): one row per lesson
// it would place, the dialog's own columns first, then what collides there or "free". One table so
// every dialog that previews reads the same way.
import { Badge } from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';

export interface PreviewColumn<R> {
  label: string;
  cell: (row: R) => ReactNode;
  /** Dates and times stay on one line; names may wrap. */
  nowrap?: boolean;
}

export function ConflictPreviewTable<R extends { conflicts: readonly string[] }>({
  rows,
  rowKey,
  columns,
  className,
}: {
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  columns: readonly PreviewColumn<R>[];
  /** The scrolling frame's classes (height, placement in the dialog's grid). */
  className: string;
}) {
  const t = useT();
  return (
    <div className={`overflow-auto rounded-md border border-line ${className}`}>
      <table className="w-full text-sm" aria-label={t('teach.preview')}>
        <thead className="sticky top-0 bg-canvas text-left text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="px-2 py-1">
                {c.label}
              </th>
            ))}
            <th scope="col" className="px-2 py-1">
              {t('teach.conflicts')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-t border-line align-top">
              {columns.map((c) => (
                <td key={c.label} className={c.nowrap ? 'px-2 py-1 whitespace-nowrap' : 'px-2 py-1'}>
                  {c.cell(r)}
                </td>
              ))}
              <td className="px-2 py-1">
                {r.conflicts.length ? (
                  <span className="text-danger-600">{r.conflicts.join('；')}</span>
                ) : (
                  <Badge tone="success">{t('teach.free')}</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
