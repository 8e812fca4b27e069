// One way to build a list screen: a search form, a toolbar, a paged table with row and bulk
// actions and a column chooser — from a declaration. Knows no endpoint: the data comes in as props.
import type { RowSelectionState } from '@tanstack/react-table';
import { useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../components/Button.js';
import { useConfirm } from '../components/Confirm.js';
import { ColumnChooser } from './ColumnChooser.js';
import { loadHiddenColumns, saveHiddenColumns } from './columnPrefs.js';
import { DataTable } from './DataTable.js';
import { useListLabels } from './labels.js';
import { Pagination } from './Pagination.js';
import type { ListState, ParamsReader } from './params.js';
import { SearchForm } from './SearchForm.js';
import { fieldNames, type BulkAction, type ListColumn, type RowAction, type SearchField } from './types.js';
import { useListUrlState } from './useListUrlState.js';
import { ListViewsContext, parseSort, sortText, type ListViewState } from './views.js';

export interface ListToolbar {
  onCreate?: () => void;
  createLabel?: string;
  /** Exports the whole filtered result. */
  onExport?: () => void | Promise<void>;
  /** Progress of a running export (rows fetched / total). */
  exportProgress?: { done: number; total: number } | null;
  /** Imports a chosen file. */
  onImport?: (file: File) => void | Promise<void>;
  importLabel?: string;
  importAccept?: string;
  importing?: boolean;
  onTemplate?: () => void | Promise<void>;
  /** More buttons. */
  extra?: ReactNode;
}

export interface ListPageProps<Row> {
  /** Heading of the list (omit inside a titled tab). */
  title?: ReactNode;
  /** Accessible name of the table, and the key of the remembered column choice. */
  listKey: string;
  tableLabel: string;
  searchFields?: readonly SearchField[];
  params: ParamsReader;
  /** `replace`: a change the user did not ask for (a default view applied on opening) adds no history entry. */
  onParamsChange: (next: URLSearchParams, o?: { replace?: boolean }) => void;
  paramPrefix?: string;
  defaultPageSize?: number;
  filterDefaults?: Record<string, string>;
  columns: ReadonlyArray<ListColumn<Row>>;
  getRowId: (row: Row) => string;
  /** The current page's rows (or, with clientPaging, every row). */
  rows: Row[];
  total: number;
  /** The total is the database's estimate (pages answer totalEstimated above a size). */
  totalEstimated?: boolean;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /**
   * Fetches the list again: the search button calls it when the filters are those already shown (a
   * user who presses 查询 expects fresh rows, not nothing).
   */
  onReload?: () => void;
  /** The rows are the whole list: the kit sorts and pages them. */
  clientPaging?: boolean;
  serverSort?: boolean;
  rowActions?: ReadonlyArray<RowAction<Row>>;
  bulkActions?: ReadonlyArray<BulkAction<Row>>;
  toolbar?: ListToolbar;
  /** Shown above the table (notes, summaries). */
  children?: ReactNode;
}

/** The filters/page/sort of a list from the URL, for the code that fetches its rows. */
export function useListState(
  p: Pick<
    ListPageProps<unknown>,
    'params' | 'onParamsChange' | 'searchFields' | 'paramPrefix' | 'defaultPageSize' | 'filterDefaults'
  >,
) {
  return useListUrlState({
    params: p.params,
    onParamsChange: p.onParamsChange,
    filterNames: fieldNames(p.searchFields ?? []),
    prefix: p.paramPrefix,
    defaultPageSize: p.defaultPageSize,
    defaults: p.filterDefaults,
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN', { numeric: true });
}

const NO_ROWS: never[] = [];

export function ListPage<Row>(props: ListPageProps<Row>) {
  const {
    title,
    listKey,
    tableLabel,
    searchFields = [],
    columns,
    getRowId,
    rows,
    total,
    totalEstimated,
    loading,
    error,
    onRetry,
    onReload,
    clientPaging,
    serverSort,
    rowActions,
    bulkActions,
    toolbar,
    children,
  } = props;
  const L = useListLabels();
  const confirm = useConfirm();
  // A failed load shows the failure, not the rows of an earlier answer.
  const failed = Boolean(error);
  const { state, setState } = useListState(props);
  const [hidden, setHidden] = useState<string[]>(() => {
    const saved = loadHiddenColumns(listKey);
    return saved.length > 0 ? saved : columns.filter((c) => c.defaultHidden).map((c) => c.id);
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const importId = useId();

  // A new page or filter starts a new selection.
  const stateKey = JSON.stringify(state);
  useEffect(() => setSelection({}), [stateKey]);

  const changeHidden = (next: string[]) => {
    setHidden(next);
    saveHiddenColumns(listKey, next);
  };
  const patch = (p: Partial<ListState>) => setState(p);

  // ---- saved views (the app's menu, when it provides one) ----
  const Views = useContext(ListViewsContext);
  const prefix = props.paramPrefix;
  const urlHasState = [...Object.keys(state.filters), 'page', 'size', 'sort'].some(
    (n) => props.params.get(prefix ? `${prefix}.${n}` : n) !== null,
  );
  const applyView = (v: ListViewState, o?: { replace?: boolean }) => {
    const filters = Object.fromEntries(
      Object.keys(state.filters).map((k) => [k, v.filters[k] ?? props.filterDefaults?.[k] ?? '']),
    );
    const sort = parseSort(v.sort);
    if (v.hiddenColumns) {
      const known = new Set(columns.map((c) => c.id));
      changeHidden(v.hiddenColumns.filter((id) => known.has(id)));
    }
    const same =
      state.pageIdx === 1 &&
      sortText(state.sort) === sortText(sort) &&
      Object.keys(filters).every((k) => filters[k] === state.filters[k]);
    if (same) onReload?.();
    else setState({ filters, sort, pageIdx: 1 }, o);
  };

  const sortKey = state.sort ? `${state.sort.id}.${state.sort.desc ? 'd' : 'a'}` : '';
  const shown = useMemo(() => {
    if (!clientPaging) return rows;
    let out = rows;
    const sort = state.sort;
    const col = sort ? columns.find((c) => c.id === sort.id) : undefined;
    if (sort && col) {
      const value = (r: Row) => (col.value ? col.value(r) : (r as Record<string, unknown>)[col.id]);
      out = [...rows].sort((a, b) => (sort.desc ? -1 : 1) * compare(value(a), value(b)));
    }
    const start = (state.pageIdx - 1) * state.pageSize;
    return out.slice(start, start + state.pageSize);
    // sortKey stands for state.sort.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, clientPaging, sortKey, columns, state.pageIdx, state.pageSize]);
  const selectedRows = rows.filter((r) => selection[getRowId(r)]);
  const exporting = toolbar?.exportProgress ?? null;

  return (
    <section aria-label={typeof title === 'string' ? title : tableLabel} className="flex flex-col gap-3">
      {title !== undefined && <h2 className="text-base font-semibold text-ink">{title}</h2>}
      {searchFields.length > 0 && (
        <SearchForm
          fields={searchFields}
          values={state.filters}
          onSubmit={(filters) => {
            const same =
              state.pageIdx === 1 &&
              Object.keys({ ...filters, ...state.filters }).every(
                (k) => (filters[k] ?? '') === (state.filters[k] ?? ''),
              );
            if (same) onReload?.();
            else patch({ filters, pageIdx: 1 });
          }}
          onReset={() =>
            patch({
              filters: Object.fromEntries(
                Object.keys(state.filters).map((k) => [k, props.filterDefaults?.[k] ?? '']),
              ),
              pageIdx: 1,
              sort: null,
            })
          }
          extra={
            Views && (
              <Views
                paramPrefix={prefix}
                current={{ filters: state.filters, sort: sortText(state.sort), hiddenColumns: hidden }}
                urlHasState={urlHasState}
                apply={applyView}
              />
            )
          }
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {toolbar?.onCreate && (
            <Button variant="primary" onClick={toolbar.onCreate}>
              {toolbar.createLabel ?? L.create}
            </Button>
          )}
          {toolbar?.onImport && (
            <>
              <input
                id={importId}
                ref={fileRef}
                type="file"
                accept={toolbar.importAccept ?? '.xlsx,.xls'}
                className="sr-only"
                tabIndex={-1}
                aria-label={toolbar.importLabel ?? L.import}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void toolbar.onImport?.(file);
                }}
              />
              <Button loading={toolbar.importing} onClick={() => fileRef.current?.click()}>
                {toolbar.importLabel ?? L.import}
              </Button>
            </>
          )}
          {toolbar?.onTemplate && (
            <Button variant="link" onClick={() => void toolbar.onTemplate?.()}>
              {L.template}
            </Button>
          )}
          {toolbar?.onExport && (
            <Button loading={exporting !== null} onClick={() => void toolbar.onExport?.()}>
              {L.export}
            </Button>
          )}
          {exporting && (
            <span role="status" className="inline-flex items-center gap-2 text-xs text-muted">
              <progress
                max={Math.max(1, exporting.total)}
                value={exporting.done}
                className="h-1.5 w-28"
                aria-label={L.export}
              />
              {L.exporting(exporting.done, exporting.total)}
            </span>
          )}
          {toolbar?.extra}
        </div>
        <ColumnChooser columns={columns.filter((c) => !c.fixed)} hidden={hidden} onChange={changeHidden} />
      </div>
      {bulkActions && bulkActions.length > 0 && selectedRows.length > 0 && (
        <div
          role="toolbar"
          aria-label={L.selected(selectedRows.length)}
          className="flex items-center gap-2 rounded-md bg-brand-50 px-3 py-1.5 text-sm"
        >
          <span>{L.selected(selectedRows.length)}</span>
          {bulkActions.map((a) => (
            <Button
              key={a.key}
              size="sm"
              variant={a.danger ? 'danger' : 'secondary'}
              onClick={() =>
                void (async () => {
                  if (a.confirm) {
                    const message = typeof a.confirm === 'function' ? a.confirm(selectedRows) : a.confirm;
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
                  await a.onClick(selectedRows);
                  setSelection({});
                })()
              }
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
      {children}
      <DataTable
        columns={columns}
        rows={failed ? NO_ROWS : shown}
        getRowId={getRowId}
        loading={loading}
        error={error}
        onRetry={onRetry}
        hidden={hidden}
        sort={state.sort}
        onSortChange={(sort) => patch({ sort })}
        serverSort={serverSort || clientPaging}
        rowActions={rowActions}
        selectable={Boolean(bulkActions && bulkActions.length > 0)}
        selection={selection}
        onSelectionChange={setSelection}
        label={tableLabel}
      />
      <Pagination
        pageIdx={state.pageIdx}
        pageSize={state.pageSize}
        total={failed ? 0 : clientPaging ? rows.length : total}
        totalEstimated={!failed && !clientPaging && totalEstimated === true}
        onChange={(pageIdx, pageSize) => patch({ pageIdx, pageSize })}
      />
    </section>
  );
}
