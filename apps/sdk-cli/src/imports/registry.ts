// The importable kinds: each names its JSON batch import endpoint of the contract (taking
// { rows, dryRun, firstRow } and answering { total, created, updated, unchanged, errors }) and the
// columns of its template. Adding a kind is one entry here (see README "CLI").
import type { EndpointName } from '../lib/endpoint.js';

export interface ImportColumn {
  /** The header text of the template (zh-CN, as users see it). The field name is accepted too. */
  header: string;
  /** The API field name the cell goes to. */
  field: string;
  /** The file must have this column (its cells may still be checked by the server). */
  required?: boolean;
  /** Turns the cell text into the value sent (default: the trimmed text; empty cells are left out). Throw to refuse. */
  parse?: (text: string) => unknown;
  /** A hint shown by `sdk-cli template --help` and in the template's notes. */
  note?: string;
}

export interface ImportKind {
  /** What the operator types: `sdk-cli import <name> file.xlsx`. */
  name: string;
  description: string;
  endpoint: EndpointName;
  columns: ImportColumn[];
}

/** Parses a number cell (refuses text that is not one). */
export const asNumber = (t: string): number => {
  const n = Number(t.replace(/,/g, ''));
  if (!Number.isFinite(n)) throw new Error(`不是数字 / not a number: ${t}`);
  return n;
};
/** 1/0, 是/否, 有效/无效, true/false, valid/invalid → 1 or 0. */
export const asFlag = (t: string): number => {
  const v = t.trim().toLowerCase();
  if (['1', '是', '有效', '启用', 'true', 'yes', 'valid', 'y'].includes(v)) return 1;
  if (['0', '否', '无效', '停用', 'false', 'no', 'invalid', 'n'].includes(v)) return 0;
  throw new Error(`应为 1/0 或 是/否 / expected 1/0 or yes/no: ${t}`);
};

/**
 * The registry. An entry is a few lines, e.g.:
 *
 *   { name: 'campuses', description: 'Campuses (校区)', endpoint: 'organisation.campusImportRows',
 *     columns: [{ header: '校区编码', field: 'code', required: true }, { header: '校区名称', field: 'name', required: true },
 *               { header: '状态', field: 'validstatus', parse: asFlag }] },
 */
export const IMPORTS: ImportKind[] = [];

export function findImport(name: string, registry: readonly ImportKind[] = IMPORTS): ImportKind | undefined {
  return registry.find((k) => k.name === name);
}
