// The paged table of a list screen over TanStack Table: sorting, visibility, selection, sticky
// header, a loading skeleton, the empty and error states, row actions.
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useConfirm } from '../components/Confirm.js';
import { Button } from '../components/Button.js';
import { EmptyState } from '../components/Card.js';
import { cx } from '../components/cx.js';
import { useListLabels } from './labels.js';
import type { SortState } from './params.js';
import { columnValue, displayText, type ListColumn, type RowAction } from './types.js';

export interface DataTableProps<Row> {
  columns: ReadonlyArray<ListColumn<Row>>;
  rows: Row[];
  getRowId: (row: Row) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  hidden: readonly string[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  /** The server sorts (the sort is part of the query); otherwise the page's rows are sorted here. */
  serverSort?: boolean;
  rowActions?: ReadonlyArray<RowAction<Row>>;
  selectable?: boolean;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  /** Accessible name of the table. */
  label: string;
  emptyText?: ReactNode;
  /** Height of the scroll area (the header sticks inside it). */
  maxHeight?: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    columns,
    rows,
    getRowId,
    loading,
    error,
    onRetry,
    hidden,
    sort,
    onSortChange,
    serverSort,
    rowActions,
    selectable,
    selection,
    onSelectionChange,
    label,
    emptyText,
    maxHeight = '65vh',
  } = props;
  const L = useListLabels();
  const confirm = useConfirm();

  const defs = useMemo<ColumnDef<Row>[]>(() => {
    const out: ColumnDef<Row>[] = [];
    if (selectable) {
      out.push({
        id: '__select',
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={L.selectAll}
            className="size-3.5 accent-brand-500"
            checked={table.getIsAllPageRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={L.selectRow}
            className="size-3.5 accent-brand-500"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      });
    }
    for (const c of columns) {
      out.push({
        id: c.id,
        header: c.header,
        accessorFn: (row) => columnValue(c, row),
        enableSorting: Boolean(c.sortable),
        sortingFn: 'alphanumeric',
        cell: ({ row }) => (c.cell ? c.cell(row.original) : displayText(columnValue(c, row.original))),
        meta: { align: c.align, width: c.width },
      });
    }
    if (rowActions && rowActions.length > 0) {
      out.push({
        id: '__actions',
        header: L.actions,
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {rowActions
              .filter((a) => !a.hidden?.(row.original))
              .map((a) => {
                const text = typeof a.label === 'function' ? a.label(row.original) : a.label;
                return (
                  <Button
                    key={a.key}
                    variant="link"
                    size="sm"
                    className={a.danger ? 'text-danger-600!' : undefined}
                    onClick={() =>
                      void (async () => {
                        if (a.confirm) {
                          const message =
                            typeof a.confirm === 'function' ? a.confirm(row.original) : a.confirm;
                          if (
                            !(await confirm({
                              title: L.confirmTitle,
                              message,
                              danger: a.danger,
                              okText: L.ok,
                              cancelText: L.cancel,
                            }))
                          )
                            return;
                        }
                        await a.onClick(row.original);
                      })()
                    }
                  >
                    {text}
                  </Button>
                );
              })}
          </div>
        ),
      });
    }
    return out;
  }, [columns, rowActions, selectable, L, confirm]);

  const visibility = useMemo<VisibilityState>(
    () => Object.fromEntries(hidden.map((h) => [h, false])),
    [hidden],
  );
  const sorting: SortingState = sort ? [{ id: sort.id, desc: sort.desc }] : [];

  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: (row) => getRowId(row),
    state: { sorting, columnVisibility: visibility, rowSelection: selection },
    manualSorting: Boolean(serverSort),
    // Paging is the list's (URL) business; without this a new rows array resets the table's own
    // page state, which re-renders and loops.
    manualPagination: true,
    autoResetAll: false,
    autoResetPageIndex: false,
    enableRowSelection: Boolean(selectable),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first ? { id: first.id, desc: first.desc } : null);
    },
    onRowSelectionChange: (updater) =>
      onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const colCount = table.getVisibleLeafColumns().length;
  const showSkeleton = loading && rows.length === 0;

  return (
    <div className="overflow-auto rounded-lg border border-line" style={{ maxHeight }}>
      <table aria-label={label} aria-busy={loading || undefined} className="w-full border-collapse text-sm">
        <thead className="sticky top-0 z-10 bg-canvas">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.headers.map((h) => {
                const meta = h.column.columnDef.meta as { align?: string; width?: number } | undefined;
                const sorted = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    style={meta?.width ? { width: meta.width } : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cx(
                      'border-b border-line px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted',
                      meta?.align === 'right' && 'text-right',
                      meta?.align === 'center' && 'text-center',
                    )}
                  >
                    {h.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={h.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 hover:text-ink"
                      >
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true" className="text-2xs">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={cx(loading && rows.length > 0 && 'opacity-60')}>
          {error ? (
            <tr>
              <td colSpan={colCount} className="px-3 py-10 text-center">
                <div role="alert" className="flex flex-col items-center gap-2">
                  <span className="font-medium text-danger-600">{L.loadFailed}</span>
                  {errorText(error) && <span className="text-xs text-muted">{errorText(error)}</span>}
                  {onRetry && (
                    <Button size="sm" onClick={onRetry}>
                      {L.retry}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ) : showSkeleton ? (
            Array.from({ length: 5 }, (_, i) => (
              <tr key={`sk${i}`} aria-hidden="true">
                {Array.from({ length: colCount }, (_, j) => (
                  <td key={j} className="border-b border-line px-3 py-2.5">
                    <div className="h-3 animate-pulse rounded bg-line" />
                  </td>
                ))}
              </tr>
            ))
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={colCount}>
                <EmptyState title={emptyText ?? L.empty} />
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((r) => (
              <tr
                key={r.id}
                aria-selected={selectable ? r.getIsSelected() : undefined}
                className="hover:bg-hover/60 aria-selected:bg-brand-50"
              >
                {r.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta as { align?: string } | undefined;
                  return (
                    <td
                      key={cell.id}
                      className={cx(
                        'border-b border-line px-3 py-2 align-middle text-ink',
                        meta?.align === 'right' && 'text-right tabular-nums',
                        meta?.align === 'center' && 'text-center',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
      {showSkeleton && (
        <span role="status" className="sr-only">
          {L.loading}
        </span>
      )}
    </div>
  );
}
