// Codes shown as names: a list column declares `names: 'channel'` (or 'dict:<type>') and its cells,
// its sorting and the export show the name the code stands for, resolved here once; a detail screen
// shows one code as its name with `useCodeName` / `<CodeName>` from the same cached name sets.
// `namesWithCode` keeps the code beside the name, as secondary text, where staff use the code (and
// the export keeps the code, so an edited export imports back).
// Master sets come from the server; the product's own code sets (a dictionary's type key, a reason
// type) are named here in both languages, a key an administrator added staying as it is.
import { columnValue, displayText, type ListColumn } from '@bo/ui-kit';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { tCode, useT, type TFunction } from '../../i18n';
import { sdk } from '../sdk';

/** The named sets a code column can resolve through. */
export type NameSource =
  | 'channel'
  | 'channelType'
  | 'campus'
  | 'course'
  | 'incomeType'
  | `dict:${string}`
  | keyof typeof PRODUCT_CODES;

/** Code sets of the product itself (not records): their names are texts of the catalogue (list.codes.*). */
const PRODUCT_CODES = {
  /** The dictionary types the product reads (/setting/operate). */
  dictType: [
    'business_type',
    'assist_course_type',
    'calendar_type',
    'gender',
    'teaching_mode',
    'post_family',
    'purchase_unit',
  ],
  /** The reason types of /setting/finance's reasons. */
  reasonType: ['refund', 'adjust'],
} as const;

const isProductCodes = (s: string): s is keyof typeof PRODUCT_CODES => s in PRODUCT_CODES;
const productNames = (source: keyof typeof PRODUCT_CODES, t: TFunction): NameList =>
  PRODUCT_CODES[source].map((code) => ({ code, name: tCode(t, `list.codes.${source}.${code}`, code) }));

const STALE = 60_000;

type NameList = ReadonlyArray<{ code: string; name: string }>;

// Module-level, so useQueries keeps its combined answer stable while no name set changes.
const combineNames = (rs: ReadonlyArray<{ data?: NameList }>) => rs.map((r) => r.data);

function fetchNames(source: string): Promise<NameList> {
  if (source === 'channel') return sdk.clueSettings.channelListMulti({ query: {} });
  if (source === 'channelType') return sdk.clueSettings.channelTypes();
  if (source === 'campus') return sdk.organisation.allSchoolItems({ query: {} });
  if (source === 'course') return sdk.courses.courses({ query: {} });
  if (source === 'incomeType')
    return sdk.finance.incomeTypeList({ query: { pageIdx: 1, pageSize: 500 } }).then((p) => p.list);
  // Every item, disabled ones too: an old record may still carry a code no longer offered.
  return sdk.dictionaries.dictListAll({
    query: { dictType: source.slice('dict:'.length), status: undefined },
  });
}

/** Resolves the `names` of a list's columns: cells, sorting and the export read the name. */
export function useNamedColumns<Row>(columns: ListColumn<Row>[]): ListColumn<Row>[] {
  const t = useT();
  const all = useMemo(() => [...new Set(columns.flatMap((c) => (c.names ? [c.names] : [])))], [columns]);
  const sources = useMemo(() => all.filter((s) => !isProductCodes(s)), [all]);
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: ['master', 'names', source],
      queryFn: () => fetchNames(source),
      staleTime: STALE,
    })),
    combine: combineNames,
  });
  return useMemo(() => {
    const bySource = new Map<string, Map<string, string>>(
      sources.map((s, i) => [s, new Map((results[i] ?? []).map((x) => [x.code, x.name]))] as const),
    );
    for (const s of all)
      if (isProductCodes(s)) bySource.set(s, new Map(productNames(s, t).map((x) => [x.code, x.name])));
    return columns.map((c) => {
      const names = c.names ? bySource.get(c.names) : undefined;
      if (!names) return c;
      const code = (row: Row) => columnValue(c, row);
      // An unknown code is shown as it is rather than hidden.
      const nameOf = (row: Row) => {
        const v = code(row);
        if (v === null || v === undefined || v === '') return v;
        return names.get(String(v)) ?? v;
      };
      return {
        ...c,
        value: nameOf,
        // The export keeps the code where staff use it: an edited export imports back.
        ...(c.namesWithCode && c.exportValue === undefined
          ? { exportValue: (row: Row) => displayText(code(row)) }
          : {}),
        ...(c.namesWithCode && !c.cell
          ? {
              cell: (row: Row) => {
                const v = code(row);
                const name = nameOf(row);
                if (v === null || v === undefined || v === '' || name === v) return displayText(name);
                return (
                  <>
                    {displayText(name)} <span className="text-xs text-muted">{displayText(v)}</span>
                  </>
                );
              },
            }
          : {}),
      };
    });
  }, [columns, sources, all, results, t]);
}

/**
 * The name a code stands for (the code itself while the names load or when it is unknown; null for
 * no code). Example: `useCodeName('channel', clue.channel)` → '百度推广'.
 */
export function useCodeName(source: NameSource, code: string | null | undefined): string | null {
  const t = useT();
  const local = isProductCodes(source);
  const q = useQuery({
    queryKey: ['master', 'names', source],
    queryFn: () => fetchNames(source),
    staleTime: STALE,
    enabled: Boolean(code) && !local,
  });
  if (code === null || code === undefined || code === '') return null;
  const list = local ? productNames(source, t) : q.data;
  return list?.find((x) => x.code === code)?.name ?? code;
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
