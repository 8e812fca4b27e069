// A plain figure table for the report screens: labelled columns, numbers right-aligned, a row the
// screen marks (a settlement difference) shown in red.
import { Card, EmptyState, Spinner } from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';

export interface Column<Row> {
  key: string;
  label: string;
  value: (r: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

export function ReportTable<Row>({
  title,
  rows,
  columns,
  rowKey,
  marked,
  loading,
  extra,
  footer,
}: {
  title: string;
  rows: Row[] | undefined;
  columns: Column<Row>[];
  rowKey: (r: Row, i: number) => string;
  /** Rows to highlight (a difference). */
  marked?: (r: Row) => boolean;
  loading?: boolean;
  extra?: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <Card title={title} extra={extra} padded={false}>
      {loading && <Spinner label="…" />}
      {rows && rows.length === 0 ? (
        <EmptyState title={t('rp.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={title}>
            <thead className="bg-hover text-left">
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={`px-3 py-2 ${c.numeric ? 'text-right' : ''}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((r, i) => (
                <tr
                  key={rowKey(r, i)}
                  className={`border-t border-line ${marked?.(r) ? 'bg-danger-50 text-danger-700' : ''}`}
                >
                  {columns.map((c) => (
                    <td key={c.key} className={`px-3 py-2 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                      {c.value(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footer && <div className="px-4 py-2">{footer}</div>}
    </Card>
  );
}

export const hours = (v: number) => v.toFixed(2);
export const pct = (v: number) => `${v.toFixed(2)}%`;
