// A start and an end date with presets (today, last 7 / 30 days, this month, last month), for the
// date-range filters of lists and reports. Each date is its own labelled input (findable by label).
import { useId } from 'react';
import { Dropdown } from '../components/Dropdown.js';
import { TextField } from '../components/fields.js';
import { useListLabels } from '../list/labels.js';
import { DATE_RANGE_PRESETS, presetRange, shanghaiToday, type DateRangeValue } from './dateRange.js';

export interface DateRangeInputProps {
  /** What the dates are (创建时间): the inputs are named "<label> 开始日期" / "<label> 结束日期". */
  label: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  id?: string;
  size?: 'sm' | 'md';
  /** Today for the presets (tests); default today in Asia/Shanghai. */
  today?: () => string;
}

export function DateRangeInput({ label, value, onChange, id, size = 'md', today }: DateRangeInputProps) {
  const L = useListLabels();
  const auto = useId();
  const fid = id ?? auto;
  const width = size === 'sm' ? 'w-36' : 'w-40';
  return (
    <fieldset className="flex items-end gap-1.5">
      <legend className="sr-only">{label}</legend>
      <TextField
        id={`${fid}-start`}
        type="date"
        size={size}
        label={`${label} ${L.dateFrom}`}
        value={value.start}
        max={value.end || undefined}
        onChange={(e) => onChange({ ...value, start: e.target.value })}
        wrapperClassName={width}
      />
      <span className={size === 'sm' ? 'pb-1.5 text-subtle' : 'pb-2 text-subtle'} aria-hidden="true">
        –
      </span>
      <TextField
        id={`${fid}-end`}
        type="date"
        size={size}
        label={`${label} ${L.dateTo}`}
        value={value.end}
        min={value.start || undefined}
        onChange={(e) => onChange({ ...value, end: e.target.value })}
        wrapperClassName={width}
      />
      <Dropdown
        label={`${label} ${L.dateRange}`}
        align="start"
        triggerClassName={size === 'sm' ? 'h-control-sm text-xs' : undefined}
        trigger={
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="2" y="3" width="12" height="11" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" stroke="currentColor" />
          </svg>
        }
        items={[
          ...DATE_RANGE_PRESETS.map((p) => ({
            key: p,
            label: L[p],
            onSelect: () => onChange(presetRange(p, (today ?? shanghaiToday)())),
          })),
          { key: 'sep', separator: true as const },
          { key: 'clear', label: L.clearDates, onSelect: () => onChange({ start: '', end: '' }) },
        ]}
      />
    </fieldset>
  );
}
