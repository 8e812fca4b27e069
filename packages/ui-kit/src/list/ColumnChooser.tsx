// A popover of checkboxes choosing the visible columns; the list remembers the choice.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Checkbox } from '../components/fields.js';
import { useListLabels } from './labels.js';

export interface ColumnChooserProps {
  columns: ReadonlyArray<{ id: string; header: string }>;
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const L = useListLabels();
  return (
    <Popover className="relative">
      <PopoverButton className="inline-flex h-control items-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 text-sm text-ink hover:bg-hover">
        {L.columns}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 w-56 rounded-lg border border-line bg-surface p-2 shadow-pop [--anchor-gap:6px]"
      >
        <fieldset>
          <legend className="px-1 pb-1 text-xs text-subtle">{L.columnsHint}</legend>
          <div className="flex max-h-72 flex-col gap-1.5 overflow-y-auto px-1">
            {columns.map((c) => (
              <Checkbox
                key={c.id}
                label={c.header}
                checked={!hidden.includes(c.id)}
                onChange={(e) =>
                  onChange(e.target.checked ? hidden.filter((h) => h !== c.id) : [...hidden, c.id])
                }
              />
            ))}
          </div>
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}
