// The binding of the list-page kit to the SDK and TanStack Query: one way for every list screen.
// A declaration names the calls (list, save, status, detail, delete, import, template) and the
// layout (search fields, columns, form); the screen gets URL filters, paging, the create/edit
// dialog with the version check, the status switch, imports with a dry run and the export of the
// whole filtered result.
import type { ImportFileResult } from '@bo/api-sdk';
import {
  ErrorCode,
  exportColumns as sheetExportColumns,
  exportValue,
  templateColumns,
  type SheetDef,
} from '@bo/api-sdk';
import { EXPORT_NAMES, exportFileName } from '@bo/domain';
import {
  Button,
  Dialog,
  ListLabelsContext,
  ListPage,
  RecordFormDialog,
  StatusSwitch,
  collectAllRows,
  displayText,
  columnValue,
  useListState,
  useToast,
  type BulkAction,
  type FieldName,
  type FormField,
  type ListColumn,
  type RowAction,
  type SearchField,
  type SortState,
} from '@bo/ui-kit';
import { useNamedColumns } from './codeNames';
import { useListKitLabels } from './kitLabels';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLocale, useT, type TFunction } from '../../i18n';
import { downloadBlob, readWorkbookRows, writeWorkbook, type SheetColumn } from './workbook';
import { errorText } from '../sdk';
import { fetchList, invalidateAfter, listSlices, watchCalls } from '../invalidation';

export interface ListQueryArgs {
  /** Search values from the URL, trimmed; '' when empty. */
  filters: Record<string, string>;
  pageIdx: number;
  pageSize: number;
  sort: SortState | null;
}

/** A page of the server (or every row, for lists the server does not page). */
export type ListResult<Row> = { list: Row[]; total: number; totalEstimated?: boolean } | Row[];

export interface ImportRowsResult {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: Array<{ row: number; column: string; reason: string }>;
  dryRun: boolean;
  written: boolean;
}

export interface ListScreenDef<Row, S extends z.ZodType<FieldValues> = z.ZodType<FieldValues>> {
  /** Unique: the query key, the column memory and (in tabs) the URL prefix. */
  key: string;
  /** What one record is called ('校区'), for dialog titles. */
  what: (t: TFunction) => string;
  /** Heading of the list (omit when the tab or the top bar names it). */
  title?: (t: TFunction) => string;
  searchFields?: (t: TFunction) => SearchField[];
  filterDefaults?: Record<string, string>;
  /** Rows per page until the user picks another (default 20). */
  defaultPageSize?: number;
  columns: (t: TFunction) => ListColumn<Row>[];
  rowId: (row: Row) => string;
  /** The record's name for confirmations and the switch's label. */
  rowName?: (row: Row) => string;
  list: (args: ListQueryArgs) => Promise<ListResult<Row>>;
  /** The list answer is filtered/paged by the server; otherwise the screen filters (filterRows) and pages. */
  filterRows?: (rows: Row[], filters: Record<string, string>) => Row[];
  serverSort?: boolean;
  form?: {
    schema: S;
    fields: (
      t: TFunction,
      ctx: { mode: 'create' | 'edit'; row: Row | null; filters: Record<string, string> },
    ) => FormField<FieldName<S>>[];
    /** Values of a new record (may take the list's filters, e.g. the parent being viewed). */
    defaults?: Record<string, unknown> | ((filters: Record<string, string>) => Record<string, unknown>);
    /** The form values of a record (default: the row itself, version included). */
    toForm?: (row: Row) => Record<string, unknown>;
    /** Create (row null) or update (the values carry the version read); ctx has the list's filters. */
    save: (
      values: z.output<S>,
      row: Row | null,
      ctx: { filters: Record<string, string> },
    ) => Promise<unknown>;
    /** Reads the current record before editing. */
    detail?: (row: Row) => Promise<Row>;
    canCreate?: boolean;
    canEdit?: (row: Row) => boolean;
  };
  status?: {
    isOn: (row: Row) => boolean;
    set: (row: Row, on: boolean) => Promise<unknown>;
    header?: (t: TFunction) => string;
  };
  remove?: { call: (row: Row) => Promise<unknown>; hidden?: (row: Row) => boolean };
  /** JSON batch import with a dry run (xlsx read in the browser). */
  importRows?: {
    call: (input: {
      rows: Record<string, unknown>[];
      dryRun: boolean;
      firstRow: number;
    }) => Promise<ImportRowsResult>;
    /** The sheet's columns (default: the exportable columns). */
    columns?: (t: TFunction) => SheetColumn[];
    /**
     * The kind's spreadsheet declaration shared with the server and the CLI (`SHEETS` of the contract):
     * the template and the import take its template columns, and the list's export (when the browser
     * writes it) its export columns and value formats, so an exported file imports back unchanged.
     */
    sheet?: SheetDef;
  };
  /** File upload import answered by a result workbook (spec §5). */
  importFile?: {
    call: (file: File) => Promise<ImportFileResult>;
    /** The kind's spreadsheet declaration: the browser's export takes its columns (see importRows.sheet). */
    sheet?: SheetDef;
  };
  /** A server template; without it an import with importRows gets a generated one. */
  template?: { call: () => Promise<Blob>; filename: (t: TFunction) => string };
  /** Export the whole filtered result (default true). */
  exportable?: boolean;
  /**
   * The kind's spreadsheet declaration (`SHEETS` of the contract) for a screen whose list is imported
   * elsewhere (the CLI) but not here: the browser's export takes its columns, as importRows.sheet does.
   */
  exportSheet?: SheetDef;
  /**
   * The server writes the export (the list's export endpoint of spec §7): the kit passes the URL's
   * non-empty filters (`filterQuery`) instead of collecting every page in the browser. Columns are
   * then the server's.
   */
  serverExport?: (filters: Record<string, string>) => Promise<Blob>;
  rowActions?: (t: TFunction, helpers: ScreenHelpers<Row>) => RowAction<Row>[];
  bulkActions?: (t: TFunction, helpers: ScreenHelpers<Row>) => BulkAction<Row>[];
  /** More toolbar buttons. */
  toolbar?: (t: TFunction, helpers: ScreenHelpers<Row>) => ReactNode;
  /** Shown above the table. */
  notice?: (t: TFunction) => ReactNode;
}

export interface ScreenHelpers<Row> {
  edit: (row: Row) => void;
  refresh: () => Promise<void>;
  filters: Record<string, string>;
  /** Changes some filters (back to page 1). */
  setFilters: (patch: Record<string, string>) => void;
}

const isPaged = <Row,>(r: ListResult<Row>): r is { list: Row[]; total: number; totalEstimated?: boolean } =>
  !Array.isArray(r);

function isConflict(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { code?: unknown }).code === ErrorCode.conflict &&
    !(e as { field?: unknown }).field
  );
}

export interface ListScreenProps {
  /** Separates this list's URL parameters from other lists on the screen (tabs). */
  paramPrefix?: string;
}

const NO_ROWS: never[] = [];

/** Renders a declared list screen. */
export function ListScreenView<Row, S extends z.ZodType<FieldValues>>({
  def,
  paramPrefix,
}: { def: ListScreenDef<Row, S> } & ListScreenProps) {
  const t = useT();
  const [locale] = useLocale();
  const toast = useToast();
  const qc = useQueryClient();
  const labels = useListKitLabels();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchFields = useMemo(() => def.searchFields?.(t) ?? [], [def, t]);
  const declared = useMemo(() => {
    const cols = def.columns(t);
    if (def.status) {
      const st = def.status;
      cols.push({
        id: '__status',
        header: st.header?.(t) ?? t('list.status'),
        value: (row) => (st.isOn(row) ? t('list.enabled') : t('list.disabled')),
        cell: (row) => (
          <StatusSwitch
            on={st.isOn(row)}
            name={def.rowName?.(row) ?? def.rowId(row)}
            onChange={async (on) => {
              const change = watchCalls(() => st.set(row, on));
              await change.result;
              toast.success(t('list.statusChanged'));
              await invalidateAfter(qc, change.slices, def.key);
            }}
          />
        ),
      });
    }
    return cols;
  }, [def, t, toast, qc]);
  const columns = useNamedColumns(declared);

  const listProps = {
    params: searchParams,
    onParamsChange: (next: URLSearchParams, o?: { replace?: boolean }) =>
      setSearchParams(next, { replace: o?.replace }),
    searchFields,
    paramPrefix,
    filterDefaults: def.filterDefaults,
    defaultPageSize: def.defaultPageSize,
  };
  const { state, setState } = useListState(listProps);
  const args: ListQueryArgs = {
    filters: state.filters,
    pageIdx: state.pageIdx,
    pageSize: state.pageSize,
    sort: state.sort,
  };
  const clientSide = def.filterRows !== undefined;
  // Lists the screen pages itself are fetched once; filters apply locally.
  const queryArgs = clientSide ? { filters: {}, pageIdx: 1, pageSize: 500, sort: null } : args;
  const query = useQuery({
    queryKey: ['list', def.key, queryArgs],
    queryFn: () => fetchList(def.key, () => def.list(queryArgs)),
    placeholderData: keepPreviousData,
  });

  // Stable arrays: the table re-renders only when the data or the filters change.
  const filtersKey = JSON.stringify(state.filters);
  const { rows, total, totalEstimated, clientPaging } = useMemo(() => {
    const data = query.data;
    if (!data) return { rows: [] as Row[], total: 0, totalEstimated: false, clientPaging: false };
    if (isPaged(data) && !clientSide)
      return {
        rows: data.list,
        total: data.total,
        totalEstimated: data.totalEstimated === true,
        clientPaging: false,
      };
    const all = isPaged(data) ? data.list : data;
    const filtered = def.filterRows
      ? def.filterRows(all, JSON.parse(filtersKey) as Record<string, string>)
      : all;
    return { rows: filtered, total: filtered.length, totalEstimated: false, clientPaging: true };
  }, [query.data, clientSide, def, filtersKey]);

  // ---- create / edit ----
  const [editing, setEditing] = useState<{
    mode: 'create' | 'edit';
    row: Row | null;
    values: Record<string, unknown>;
  } | null>(null);
  const openEdit = async (row: Row) => {
    const form = def.form;
    if (!form) return;
    const current = form.detail ? await form.detail(row) : row;
    setEditing({
      mode: 'edit',
      row: current,
      values: form.toForm ? form.toForm(current) : (current as Record<string, unknown>),
    });
  };
  const helpers: ScreenHelpers<Row> = {
    edit: (row) => void openEdit(row).catch(() => undefined),
    // A screen's own action changes, most likely, what its list reads.
    refresh: () => invalidateAfter(qc, listSlices(def.key) ?? new Set(), def.key),
    filters: state.filters,
    setFilters: (patch) => setState({ filters: { ...state.filters, ...patch }, pageIdx: 1 }),
  };
  // The row actions are declared once, but clicked later: they read the helpers of the latest render
  // (the filters applied now, not those the screen opened with: a payslip of the month chosen).
  const latest = useRef(helpers);
  useEffect(() => {
    latest.current = helpers;
  });
  const liveHelpers = useMemo<ScreenHelpers<Row>>(
    () => ({
      edit: (row) => latest.current.edit(row),
      refresh: () => latest.current.refresh(),
      get filters() {
        return latest.current.filters;
      },
      setFilters: (patch) => latest.current.setFilters(patch),
    }),
    [],
  );

  // ---- export ----
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const exportColumns = columns.filter((c) => c.exportValue !== false);
  const title = def.title?.(t) ?? def.what(t);
  const runExport = async () => {
    setProgress({ done: 0, total: total });
    try {
      const serverExport = def.serverExport;
      if (serverExport) {
        const blob = await serverExport(filterQuery(state.filters));
        downloadBlob(blob, exportFileName(title, new Date()));
        toast.success(t('list.exportedFile'));
        return;
      }
      let all: Row[];
      if (clientPaging) all = rows;
      else {
        all = await collectAllRows<Row>(
          async (pageIdx, pageSize) => {
            const r = await def.list({ ...args, pageIdx, pageSize });
            return isPaged(r) ? r : { list: r, total: r.length };
          },
          { pageSize: 500, onProgress: (done, n) => setProgress({ done, total: n }) },
        );
      }
      const declared = def.importRows?.sheet ?? def.importFile?.sheet ?? def.exportSheet;
      if (declared) {
        // The import template's columns and value formats: the file can be edited and imported back.
        const cols = sheetExportColumns(declared);
        const blob = await writeWorkbook(
          title,
          cols.map((c) => ({ key: c.field, header: c.header })),
          all.map((row) =>
            Object.fromEntries(cols.map((c) => [c.field, exportValue(c, row as Record<string, unknown>)])),
          ),
        );
        downloadBlob(blob, exportFileName(title, new Date()));
        toast.success(t('list.exported', { n: all.length }));
        return;
      }
      const sheet = all.map((row) => {
        const o: Record<string, unknown> = {};
        for (const c of exportColumns) {
          const v = typeof c.exportValue === 'function' ? c.exportValue(row) : columnValue(c, row);
          o[c.id] = typeof v === 'number' ? v : displayText(v);
        }
        return o;
      });
      const blob = await writeWorkbook(
        title,
        exportColumns.map((c) => ({ key: c.id, header: c.header })),
        sheet,
      );
      downloadBlob(blob, exportFileName(title, new Date()));
      toast.success(t('list.exported', { n: all.length }));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };

  // ---- imports ----
  const importSheet = def.importRows?.sheet;
  const importColumns = (): SheetColumn[] =>
    (importSheet && templateColumns(importSheet).map((c) => ({ key: c.field, header: c.header }))) ??
    def.importRows?.columns?.(t) ??
    exportColumns.filter((c) => !c.id.startsWith('__')).map((c) => ({ key: c.id, header: c.header }));
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<{
    rows: Record<string, unknown>[];
    firstRow: number;
    result: ImportRowsResult;
  } | null>(null);
  const onImport = async (file: File) => {
    setImporting(true);
    try {
      const importFile = def.importFile;
      if (importFile) {
        const run = watchCalls(() => importFile.call(file));
        const r = await run.result;
        if (r.result === 1) {
          downloadBlob(r.file, `${EXPORT_NAMES.importResult[locale]}.xlsx`);
          toast.warning(t('list.importResultDownloaded'));
        } else if (r.code === 0) {
          toast.success(r.message || t('list.importDone'));
        }
        await invalidateAfter(qc, run.slices, def.key);
        return;
      }
      if (def.importRows) {
        let parsed: { rows: Record<string, string>[]; firstRow: number };
        try {
          parsed = await readWorkbookRows(file, importColumns());
        } catch (e) {
          toast.error(t('list.importBadFile', { reason: e instanceof Error ? e.message : String(e) }));
          return;
        }
        if (parsed.rows.length === 0) {
          toast.warning(t('list.importEmpty'));
          return;
        }
        const result = await def.importRows.call({
          rows: parsed.rows,
          dryRun: true,
          firstRow: parsed.firstRow,
        });
        setPreview({ rows: parsed.rows, firstRow: parsed.firstRow, result });
      }
    } catch {
      // The SDK has shown the server's message.
    } finally {
      setImporting(false);
    }
  };
  /** A column of a row error in words of the screen's language (the declared header's half). */
  const columnWords = (column: string): string => {
    const header = importSheet?.columns.find((c) => c.field === column)?.header;
    if (!header) return column;
    const [zh = header, en = header] = header.split(' / ');
    return locale === 'en' ? en : zh;
  };
  const confirmImport = async () => {
    const importRows = def.importRows;
    if (!preview || !importRows) return;
    setImporting(true);
    try {
      const run = watchCalls(() =>
        importRows.call({ rows: preview.rows, dryRun: false, firstRow: preview.firstRow }),
      );
      const r = await run.result;
      if (r.written) {
        toast.success(t('list.imported', { created: r.created, updated: r.updated }));
        setPreview(null);
        await invalidateAfter(qc, run.slices, def.key);
      } else setPreview({ ...preview, result: r });
    } catch {
      // shown by the SDK
    } finally {
      setImporting(false);
    }
  };
  const onTemplate = def.template
    ? async () => {
        const tpl = def.template;
        if (!tpl) return;
        try {
          downloadBlob(await tpl.call(), tpl.filename(t));
        } catch {
          // shown by the SDK
        }
      }
    : def.importRows
      ? async () => {
          const cols = importColumns();
          downloadBlob(await writeWorkbook(title, cols, []), `${title}_${t('list.template')}.xlsx`);
        }
      : undefined;

  // ---- row actions ----
  const rowActions = useMemo<RowAction<Row>[]>(() => {
    const out: RowAction<Row>[] = [];
    const form = def.form;
    if (form)
      out.push({
        key: 'edit',
        label: t('list.edit'),
        hidden: (r) => form.canEdit?.(r) === false,
        onClick: (r) => liveHelpers.edit(r),
      });
    out.push(...(def.rowActions?.(t, liveHelpers) ?? []));
    const remove = def.remove;
    if (remove) {
      out.push({
        key: 'delete',
        label: t('list.delete'),
        danger: true,
        hidden: remove.hidden,
        confirm: t('list.confirmDelete'),
        onClick: async (r) => {
          try {
            const run = watchCalls(() => remove.call(r));
            await run.result;
            toast.success(t('list.deleted'));
            await invalidateAfter(qc, run.slices, def.key);
          } catch {
            // shown by the SDK
          }
        },
      });
    }
    return out;
  }, [def, t, toast, qc, liveHelpers]);

  const form = def.form;
  return (
    <ListLabelsContext.Provider value={labels}>
      <ListPage<Row>
        title={def.title?.(t)}
        listKey={def.key}
        tableLabel={title}
        {...listProps}
        columns={columns}
        getRowId={def.rowId}
        // While a failed list is fetched again it shows the skeleton, not the rows before the failure.
        rows={query.isError ? NO_ROWS : rows}
        total={query.isError ? 0 : total}
        totalEstimated={!query.isError && totalEstimated}
        loading={query.isFetching}
        error={query.isError && !query.isFetching ? errorText(query.error) : undefined}
        onRetry={() => void query.refetch()}
        onReload={() => void query.refetch()}
        clientPaging={clientPaging}
        serverSort={def.serverSort}
        rowActions={rowActions}
        bulkActions={def.bulkActions?.(t, helpers)}
        toolbar={{
          onCreate:
            form && form.canCreate !== false
              ? () =>
                  setEditing({
                    mode: 'create',
                    row: null,
                    values:
                      (typeof form.defaults === 'function' ? form.defaults(state.filters) : form.defaults) ??
                      {},
                  })
              : undefined,
          onExport: def.exportable === false ? undefined : runExport,
          exportProgress: progress,
          onImport: def.importRows || def.importFile ? onImport : undefined,
          importing,
          onTemplate,
          extra: def.toolbar?.(t, helpers),
        }}
      >
        {def.notice?.(t)}
      </ListPage>
      {form && (
        <RecordFormDialog
          open={editing !== null}
          onClose={() => setEditing(null)}
          title={
            editing?.mode === 'edit'
              ? t('list.editTitle', { what: def.what(t) })
              : t('list.createTitle', { what: def.what(t) })
          }
          schema={form.schema}
          mode={editing?.mode ?? 'create'}
          fields={form.fields(t, {
            mode: editing?.mode ?? 'create',
            row: editing?.row ?? null,
            filters: state.filters,
          })}
          initialValues={editing?.values}
          onSubmit={async (values) => {
            const run = watchCalls(() => form.save(values, editing?.row ?? null, { filters: state.filters }));
            try {
              await run.result;
            } catch (e) {
              // A stale version: refresh the list so a reopened dialog has the current record.
              if (isConflict(e)) void invalidateAfter(qc, run.slices, def.key);
              throw e;
            }
            toast.success(t('list.saved'));
            setEditing(null);
            await invalidateAfter(qc, run.slices, def.key);
          }}
        />
      )}
      {preview && (
        <Dialog
          open
          onClose={() => setPreview(null)}
          title={t('list.importPreview')}
          size="lg"
          closeLabel={t('list.close')}
          footer={
            <>
              <Button onClick={() => setPreview(null)}>{t('list.cancel')}</Button>
              <Button
                variant="primary"
                loading={importing}
                disabled={preview.result.errors.length > 0}
                onClick={() => void confirmImport()}
              >
                {t('list.importConfirm')}
              </Button>
            </>
          }
        >
          <p>
            {t('list.importSummary', {
              total: preview.result.total,
              created: preview.result.created,
              updated: preview.result.updated,
              unchanged: preview.result.unchanged,
            })}
          </p>
          {preview.result.errors.length > 0 && (
            <>
              <p role="alert" className="mt-2 text-danger-600">
                {t('list.importErrors', { n: preview.result.errors.length })}
              </p>
              <div className="mt-2 max-h-64 overflow-auto rounded-md border border-line">
                <table className="w-full text-xs" aria-label={t('list.importPreview')}>
                  <thead className="sticky top-0 bg-canvas">
                    <tr>
                      <th scope="col" className="px-2 py-1 text-left">
                        {t('list.importRow')}
                      </th>
                      <th scope="col" className="px-2 py-1 text-left">
                        {t('list.importColumn')}
                      </th>
                      <th scope="col" className="px-2 py-1 text-left">
                        {t('list.importReason')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.result.errors.map((e, i) => (
                      <tr key={i} className="border-t border-line">
                        <td className="px-2 py-1">{e.row}</td>
                        <td className="px-2 py-1">{columnWords(e.column)}</td>
                        <td className="px-2 py-1">{e.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </Dialog>
      )}
    </ListLabelsContext.Provider>
  );
}

/** Declares a list screen: returns the screen component (the declaration rides along as `.def`). */
export function defineListScreen<Row, S extends z.ZodType<FieldValues> = z.ZodType<FieldValues>>(
  def: ListScreenDef<Row, S>,
) {
  function Screen(props: ListScreenProps) {
    return <ListScreenView def={def} {...props} />;
  }
  Screen.displayName = `ListScreen(${def.key})`;
  return Object.assign(Screen, { def });
}

/** The value of a 1/0 status column. */
export const isValid = (row: { validstatus?: unknown; status?: unknown }) =>
  Number(row.validstatus ?? row.status) === 1;

/** Options of a 1/0 status filter. */
export const statusOptions = (t: TFunction) => [
  { value: '1', label: t('list.enabled') },
  { value: '0', label: t('list.disabled') },
];

/** Local filtering for lists the server answers whole: a text filter matches code or name, others match exactly. */
export function matchFilters<Row>(
  rows: Row[],
  filters: Record<string, string>,
  textKeys: readonly string[] = ['name', 'code'],
): Row[] {
  const active = Object.entries(filters).filter(([, v]) => v !== '');
  if (active.length === 0) return rows;
  return rows.filter((r) => {
    const rec = r as Record<string, unknown>;
    return active.every(([k, v]) => {
      if (k === 'keyword' || textKeys.includes(k)) {
        const hay =
          k === 'keyword' ? textKeys.map((tk) => String(rec[tk] ?? '')).join(' ') : String(rec[k] ?? '');
        return hay.toLowerCase().includes(v.toLowerCase());
      }
      if (k === 'status' || k === 'validstatus') return String(rec.validstatus ?? rec.status) === v;
      return String(rec[k] ?? '') === v;
    });
  });
}

/**
 * The query of a list call: the non-empty filters plus paging. Typed by the call it is passed to
 * (`sdk.x.list({ query: listQuery(args) })`): the values are strings the contract's schema parses.
 */
export function listQuery<Q>(args: ListQueryArgs, extra: Record<string, unknown> = {}): Q {
  return { pageIdx: args.pageIdx, pageSize: args.pageSize, ...filterQuery(args.filters), ...extra } as Q;
}

/**
 * The non-empty filters as the query (or body) of a call, typed by the call it is passed to
 * (`serverExport: (f) => sdk.x.export({ query: filterQuery(f) })`).
 */
export function filterQuery<Q = Record<string, string>>(filters: Record<string, string>): Q {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Q;
}
