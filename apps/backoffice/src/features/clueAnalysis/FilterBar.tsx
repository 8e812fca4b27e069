// The filters of the clue reports: creation date range, region, campus, channel.
import { Button, DateRangeInput } from '@bo/ui-kit';
import { ChannelSelect } from '../../app/masterSelectors';
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useT } from '../../i18n';
import { useSearchParams } from 'react-router';
import type { Filter } from './api';

const code = (v: string | number | '' | null | undefined) =>
  v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : String(v);

export function FilterBar({
  value,
  onChange,
  channel = true,
}: {
  value: Filter;
  onChange: (f: Filter) => void;
  channel?: boolean;
}) {
  const t = useT();
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={t('ca.filter.hint')}
      onSubmit={(e) => e.preventDefault()}
    >
      <DateRangeInput
        size="sm"
        label={t('ca.filter.created')}
        value={{ start: value.startDate ?? '', end: value.endDate ?? '' }}
        onChange={(r) => onChange({ ...value, startDate: r.start || undefined, endDate: r.end || undefined })}
      />
      <RegionSelect
        size="sm"
        value={value.provinceTypeCode ?? ''}
        onChange={(v) =>
          onChange(
            code(v) === value.provinceTypeCode
              ? value
              : { ...value, provinceTypeCode: code(v), schoolItemCode: undefined },
          )
        }
      />
      <CampusSelect
        size="sm"
        provinceTypeCode={value.provinceTypeCode ?? ''}
        value={value.schoolItemCode ?? ''}
        onChange={(v) => onChange({ ...value, schoolItemCode: code(v) })}
      />
      {channel && (
        <ChannelSelect
          size="sm"
          value={value.channel ?? ''}
          onChange={(v) => onChange({ ...value, channel: code(v) })}
        />
      )}
      <Button type="button" variant="ghost" onClick={() => onChange({})}>
        {t('ca.filter.reset')}
      </Button>
      <span className="text-xs text-subtle">{t('ca.filter.hint')}</span>
    </form>
  );
}

const KEYS = ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode', 'channel', 'tab'] as const;

/** The filters (and the open tab) in the URL, so a reload or a shared link shows the same report. */
export function useUrlFilter(defaultTab = ''): {
  filter: Filter;
  setFilter: (f: Filter) => void;
  tab: string;
  setTab: (tab: string) => void;
} {
  const [sp, setSp] = useSearchParams();
  const read = (p: URLSearchParams): Filter & { tab: string } => {
    const get = (k: (typeof KEYS)[number]) => p.get(`ca.${k}`) || undefined;
    return {
      startDate: get('startDate'),
      endDate: get('endDate'),
      provinceTypeCode: get('provinceTypeCode'),
      schoolItemCode: get('schoolItemCode'),
      channel: get('channel'),
      tab: get('tab') ?? defaultTab,
    };
  };
  // Functional updates: the region and campus selectors may both preselect in one render.
  const update = (change: (cur: Filter & { tab: string }) => Filter & { tab: string }) =>
    setSp(
      (prev) => {
        const all: Record<string, unknown> = { ...change(read(prev)) };
        if (all.tab === defaultTab) all.tab = undefined;
        const next = new URLSearchParams();
        for (const k of KEYS) if (all[k] !== undefined && all[k] !== '') next.set(`ca.${k}`, String(all[k]));
        return next;
      },
      { replace: true },
    );
  const { tab, ...filter } = read(sp);
  return {
    filter,
    tab,
    // Only the keys the caller changed: a stale filter object never undoes another selector's choice.
    setFilter: (f) =>
      update((cur) => {
        if (Object.values(f).every((v) => v === undefined)) return { tab: cur.tab };
        const out: Filter & { tab: string } = { ...cur };
        for (const k of ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode', 'channel'] as const)
          if (f[k] !== filter[k]) out[k] = f[k];
        return out;
      }),
    setTab: (t) => update((cur) => ({ ...cur, tab: t })),
  };
}
