// The state of a list screen (filters, page, page size, sort) as URL query parameters, so back,
// refresh and shared links keep it. Pure functions; the screen injects the router's params.
import { trimStrings } from '@bo/domain';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Read access to the current query, as URLSearchParams offers it. */
export interface ParamsReader {
  get(name: string): string | null;
  toString(): string;
}

export interface SortState {
  id: string;
  desc: boolean;
}

export interface ListState {
  /** Search form values by field name; '' when empty. */
  filters: Record<string, string>;
  /** 1-based. */
  pageIdx: number;
  pageSize: number;
  sort: SortState | null;
}

/** Trims every string value (spec §5 search form): `trimValues({ name: ' a ' })` → `{ name: 'a' }`. */
export const trimValues = trimStrings;

const key = (prefix: string | undefined, name: string) => (prefix ? `${prefix}.${name}` : name);

/**
 * Reads a list's state from the query. `filterNames` are the search form's keys; `prefix` separates
 * several lists on one screen (tabs). Unknown page sizes fall back to the default.
 */
export function readListState(
  params: ParamsReader,
  filterNames: readonly string[],
  options: { prefix?: string; defaultPageSize?: number; defaults?: Record<string, string> } = {},
): ListState {
  const { prefix, defaultPageSize = DEFAULT_PAGE_SIZE, defaults = {} } = options;
  const filters: Record<string, string> = {};
  for (const name of filterNames) filters[name] = params.get(key(prefix, name)) ?? defaults[name] ?? '';
  const page = Number(params.get(key(prefix, 'page')));
  const size = Number(params.get(key(prefix, 'size')));
  const sortRaw = params.get(key(prefix, 'sort'));
  let sort: SortState | null = null;
  if (sortRaw) {
    const m = /^(.+)\.(asc|desc)$/.exec(sortRaw);
    if (m?.[1]) sort = { id: m[1], desc: m[2] === 'desc' };
  }
  return {
    filters,
    pageIdx: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
    sort,
  };
}

/**
 * Writes a list's state into a copy of the query, keeping every other parameter (the tab, other
 * lists' filters). Empty values and defaults are left out so URLs stay short; a filter with a
 * default that the user emptied is written empty (`mine=`), or reading it back would give the default.
 */
export function writeListState(
  params: ParamsReader,
  state: ListState,
  options: { prefix?: string; defaultPageSize?: number; defaults?: Record<string, string> } = {},
): URLSearchParams {
  const { prefix, defaultPageSize = DEFAULT_PAGE_SIZE, defaults = {} } = options;
  const next = new URLSearchParams(params.toString());
  for (const [name, value] of Object.entries(state.filters)) {
    const byDefault = defaults[name] ?? '';
    if (value === byDefault) next.delete(key(prefix, name));
    else next.set(key(prefix, name), value);
  }
  if (state.pageIdx > 1) next.set(key(prefix, 'page'), String(state.pageIdx));
  else next.delete(key(prefix, 'page'));
  if (state.pageSize !== defaultPageSize) next.set(key(prefix, 'size'), String(state.pageSize));
  else next.delete(key(prefix, 'size'));
  if (state.sort) next.set(key(prefix, 'sort'), `${state.sort.id}.${state.sort.desc ? 'desc' : 'asc'}`);
  else next.delete(key(prefix, 'sort'));
  return next;
}
