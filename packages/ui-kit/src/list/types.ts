// The declaration of a list screen's parts: search fields, columns, row and bulk actions.
import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: string;
}

export interface CustomFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A search form field. Values travel as strings (they live in the URL). */
export type SearchField =
  | { kind: 'text'; name: string; label: string; placeholder?: string }
  | { kind: 'select'; name: string; label: string; options: readonly Option[]; placeholder?: string }
  | { kind: 'dateRange'; name: string; label: string; startName: string; endName: string }
  /** A month picker; the value is 'YYYY-MM'. */
  | { kind: 'month'; name: string; label: string }
  /** A year picker over the last ten years and the next; the value is 'YYYY'. */
  | { kind: 'year'; name: string; label: string }
  /** A slot for a selector the kit does not know (campus, region, city…). */
  | { kind: 'custom'; name: string; label: string; render: (props: CustomFieldProps) => ReactNode };

/** The URL keys a search field occupies. */
export function fieldNames(fields: readonly SearchField[]): string[] {
  return fields.flatMap((f) => (f.kind === 'dateRange' ? [f.startName, f.endName] : [f.name]));
}

interface ColumnParts<Row> {
  /** Plain text: also the column chooser's label and the export's header. */
  header: string;
  /**
   * The value is a code of a named set (a key the app resolves, such as 'channel'): cells, sorting
   * and the export show the name instead of the code.
   */
  names?: string;
  /** With `names`: the cell shows the code too, as secondary text (where staff use the code). */
  namesWithCode?: boolean;
  /** What the cell shows; default the value as text. */
  cell?: (row: Row) => ReactNode;
  /** The text written to the export; default the value. Give false to leave the column out. */
  exportValue?: ((row: Row) => string | number | null | undefined) | false;
  sortable?: boolean;
  /** Always shown; not offered in the column chooser. */
  fixed?: boolean;
  defaultHidden?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number;
}

/** Keys of the row a column may read by id alone (a typo fails the type check, not a blank cell). */
export type RowKey<Row> = keyof Row & string;

/**
 * A column of a list: its id names a field of the row, or the column says how to read its value.
 */
export type ListColumn<Row> = ColumnParts<Row> &
  (
    | {
        id: RowKey<Row>;
        /** The cell's value for sorting and export; default `row[id]`. */
        value?: (row: Row) => unknown;
      }
    | { id: string; value: (row: Row) => unknown }
  );

export interface RowAction<Row> {
  key: string;
  label: string | ((row: Row) => string);
  onClick: (row: Row) => unknown;
  hidden?: (row: Row) => boolean;
  danger?: boolean;
  /** Ask first (what cannot be undone): the question shown. */
  confirm?: string | ((row: Row) => string);
}

export interface BulkAction<Row> {
  key: string;
  label: string;
  onClick: (rows: Row[]) => unknown;
  danger?: boolean;
  confirm?: string | ((rows: Row[]) => string);
}

/** The default cell value: `row[id]`. */
export function columnValue<Row>(column: ListColumn<Row>, row: Row): unknown {
  if (column.value) return column.value(row);
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[column.id] : undefined;
}

/** A value as the text a cell or a workbook shows. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
