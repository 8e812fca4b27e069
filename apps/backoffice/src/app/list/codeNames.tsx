// Codes shown as names: a list column declares `names: 'channel'` (or 'dict:<type>') and its cells,
// its sorting and the export show the name the code stands for, resolved here once; a detail screen
// shows one code as its name with `useCodeName` / `<CodeName>` from the same cached name sets.
import { columnValue, type ListColumn } from '@bo/ui-kit';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sdk } from '../sdk';

/** The named sets a code column can resolve through. */
export type NameSource = 'channel' | 'channelType' | 'campus' | 'course' | `dict:${string}`;

const STALE = 60_000;

type NameList = ReadonlyArray<{ code: string; name: string }>;

// Module-level, so useQueries keeps its combined answer stable while no name set changes.
const combineNames = (rs: ReadonlyArray<{ data?: NameList }>) => rs.map((r) => r.data);

function fetchNames(source: string): Promise<NameList> {
  if (source === 'channel') return sdk.clueSettings.channelListMulti({ query: {} });
  if (source === 'channelType') return sdk.clueSettings.channelTypes();
  if (source === 'campus') return sdk.organisation.allSchoolItems({ query: {} });
  if (source === 'course') return sdk.courses.courses({ query: {} });
  // Every item, disabled ones too: an old record may still carry a code no longer offered.
  return sdk.dictionaries.dictListAll({
    query: { dictType: source.slice('dict:'.length), status: undefined },
  });
}

/** Resolves the `names` of a list's columns: cells, sorting and the export read the name. */
export function useNamedColumns<Row>(columns: ListColumn<Row>[]): ListColumn<Row>[] {
  const sources = useMemo(() => [...new Set(columns.flatMap((c) => (c.names ? [c.names] : [])))], [columns]);
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['master', 'names', source],
      queryFn: () => fetchNames(source),
      staleTime: STALE,
    })),
    combine: combineNames,
  });
  return useMemo(() => {
    const bySource = new Map(
      sources.map((s, i) => [s, new Map((results[i] ?? []).map((x) => [x.code, x.name]))] as const),
    );
    return columns.map((c) => {
      const names = c.names ? bySource.get(c.names) : undefined;
      if (!names) return c;
      return {
        ...c,
        value: (row: Row) => {
          const code = columnValue(c, row);
          if (code === null || code === undefined || code === '') return code;
          // An unknown code is shown as it is rather than hidden.
          return names.get(String(code)) ?? code;
        },
      };
    });
  }, [columns, sources, results]);
}

/**
 * The name a code stands for (the code itself while the names load or when it is unknown; null for
 * no code). Example: `useCodeName('channel', clue.channel)` → '百度推广'.
 */
export function useCodeName(source: NameSource, code: string | null | undefined): string | null {
  const q = useQuery({
    queryKey: ['master', 'names', source],
    queryFn: () => fetchNames(source),
    staleTime: STALE,
    enabled: Boolean(code),
  });
  if (code === null || code === undefined || code === '') return null;
  return q.data?.find((x) => x.code === code)?.name ?? code;
}

/** A code shown as its name; `withCode` adds the code as secondary text where staff use it (SH01). */
export function CodeName({
  source,
  code,
  withCode,
}: {
  source: NameSource;
  code: string | null | undefined;
  withCode?: boolean;
}) {
  const name = useCodeName(source, code);
  if (name === null) return null;
  if (!withCode || name === code) return name;
  return (
    <>
      {name} <span className="text-xs text-muted">{code}</span>
    </>
  );
}
