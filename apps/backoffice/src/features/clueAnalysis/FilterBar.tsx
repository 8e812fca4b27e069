// The filters of the clue reports: creation date range, region, campus, channel.
import { Button, TextField } from '@bo/ui-kit';
import { ChannelSelect } from '../../app/masterSelectors';
import { CampusSelect, RegionSelect } from '../../app/selectors';
import { useT } from '../../i18n';
import type { Filter } from './api';

const code = (v: string | number | '' | null | undefined) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : String(v));

export function FilterBar({ value, onChange, channel = true }: { value: Filter; onChange: (f: Filter) => void; channel?: boolean }) {
  const t = useT();
  return (
    <form className="flex flex-wrap items-end gap-3" aria-label={t('ca.filter.hint')} onSubmit={(e) => e.preventDefault()}>
      <TextField type="date" label={t('ca.filter.start')} value={value.startDate ?? ''} onChange={(e) => onChange({ ...value, startDate: e.target.value || undefined })} size="sm" />
      <TextField type="date" label={t('ca.filter.end')} value={value.endDate ?? ''} onChange={(e) => onChange({ ...value, endDate: e.target.value || undefined })} size="sm" />
      <RegionSelect size="sm" value={value.provinceTypeCode ?? ''} onChange={(v) => onChange({ ...value, provinceTypeCode: code(v), schoolItemCode: undefined })} />
      <CampusSelect size="sm" provinceTypeCode={value.provinceTypeCode ?? ''} value={value.schoolItemCode ?? ''} onChange={(v) => onChange({ ...value, schoolItemCode: code(v) })} />
      {channel && <ChannelSelect size="sm" value={value.channel ?? ''} onChange={(v) => onChange({ ...value, channel: code(v) })} />}
      <Button type="button" variant="ghost" onClick={() => onChange({})}>
        {t('ca.filter.reset')}
      </Button>
      <span className="text-xs text-subtle">{t('ca.filter.hint')}</span>
    </form>
  );
}
