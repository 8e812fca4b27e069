// The filters of the clue reports: creation date range, region, campus, channel.
import { Button, DateRangeInput } from '@bo/ui-kit';
import { ChannelSelect } from '../../app/masterSelectors';
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useT } from '../../i18n';
import { useUrlState } from '../../app/urlState';
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

const FILTER_KEYS = ['startDate', 'endDate', 'provinceTypeCode', 'schoolItemCode', 'channel'] as const;
const KEYS = [...FILTER_KEYS, 'tab'] as const;

/** The filters (and the open tab) in the URL, so a reload or a shared link shows the same report. */
export function useUrlFilter(defaultTab = ''): {
  filter: Filter;
  setFilter: (f: Filter) => void;
  tab: string;
  setTab: (tab: string) => void;
} {
  const s = useUrlState('ca', KEYS, { tab: defaultTab });
  const { tab = defaultTab, ...filter } = s.value;
  return {
    filter,
    tab,
    setFilter: (f) =>
      s.set(
        Object.fromEntries(
          FILTER_KEYS.filter((k) => f[k] !== filter[k] || Object.values(f).every((v) => v === undefined)).map(
            (k) => [k, f[k]],
          ),
        ),
      ),
    setTab: (t) => s.set({ tab: t }),
  };
}
