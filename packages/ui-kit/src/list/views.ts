// Saved views of a list: the kit knows no endpoint, so the app provides the component that keeps
// them (ListViewsContext) and every list page with a search form renders it beside its buttons.
import { createContext, type ComponentType } from 'react';
import type { SortState } from './params.js';

/** What a view restores: the search form's values, the sort and the hidden columns. */
export interface ListViewState {
  filters: Record<string, string>;
  /** `column.asc` / `column.desc`, as the URL keeps it. */
  sort: string | null;
  hiddenColumns: string[] | null;
}

export interface ListViewsSlotProps {
  /** The list's URL prefix where a screen has several lists (tabs). */
  paramPrefix?: string;
  /** The list's state now, as a view keeps it. */
  current: ListViewState;
  /** Whether the URL holds any of this list's parameters: a default view applies only when it does not. */
  urlHasState: boolean;
  /**
   * Shows a view: its filters (a filter it does not name gets its default), sort and columns, page 1, fresh
   * rows. `replace`: the URL change replaces the current history entry (the default view applied on
   * opening: Back then leaves the list instead of landing on its unfiltered URL, which re-applies it).
   */
  apply: (view: ListViewState, o?: { replace?: boolean }) => void;
}

/** The app's saved-views menu; none (the default) shows no menu. */
export const ListViewsContext = createContext<ComponentType<ListViewsSlotProps> | null>(null);

export const sortText = (s: SortState | null): string | null =>
  s ? `${s.id}.${s.desc ? 'desc' : 'asc'}` : null;

export function parseSort(s: string | null | undefined): SortState | null {
  const m = s ? /^(.+)\.(asc|desc)$/.exec(s) : null;
  return m?.[1] ? { id: m[1], desc: m[2] === 'desc' } : null;
}
