// A list's state bound to the URL query through the router's params (injected: the kit knows no router).
import { useCallback, useMemo } from 'react';
import { readListState, writeListState, type ListState, type ParamsReader } from './params.js';

export interface ListUrlOptions {
  params: ParamsReader;
  /** `replace`: the change replaces the browser's history entry instead of adding one. */
  onParamsChange: (next: URLSearchParams, o?: { replace?: boolean }) => void;
  filterNames: readonly string[];
  /** Separates several lists on one screen (one per tab). */
  prefix?: string;
  defaultPageSize?: number;
  /** Filter values used when the URL has none. */
  defaults?: Record<string, string>;
}

export function useListUrlState({
  params,
  onParamsChange,
  filterNames,
  prefix,
  defaultPageSize,
  defaults,
}: ListUrlOptions) {
  const query = params.toString();
  const namesKey = filterNames.join('|');
  const defaultsKey = JSON.stringify(defaults ?? {});
  const state = useMemo(
    () =>
      readListState(new URLSearchParams(query), namesKey ? namesKey.split('|') : [], {
        prefix,
        defaultPageSize,
        defaults: JSON.parse(defaultsKey) as Record<string, string>,
      }),
    [query, namesKey, prefix, defaultPageSize, defaultsKey],
  );
  const setState = useCallback(
    (patch: Partial<ListState>, o?: { replace?: boolean }) => {
      onParamsChange(
        writeListState(
          new URLSearchParams(query),
          { ...state, ...patch },
          { prefix, defaultPageSize, defaults: JSON.parse(defaultsKey) as Record<string, string> },
        ),
        o,
      );
    },
    [onParamsChange, query, state, prefix, defaultPageSize, defaultsKey],
  );
  return { state, setState };
}
