// Content tabs (Headless UI TabGroup): arrow keys move, role=tablist/tab/tabpanel.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx.js';

export interface TabItem {
  key: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: ReadonlyArray<TabItem>;
  /** Controlled selected key. */
  value?: string;
  onChange?: (key: string) => void;
  className?: string;
  /** Keep inactive panels mounted. */
  keepMounted?: boolean;
}

export function Tabs({ items, value, onChange, className, keepMounted }: TabsProps) {
  const index =
    value === undefined
      ? undefined
      : Math.max(
          0,
          items.findIndex((i) => i.key === value),
        );
  return (
    <TabGroup
      selectedIndex={index}
      onChange={(i) => {
        const it = items[i];
        if (it) onChange?.(it.key);
      }}
      className={className}
    >
      <TabList className="flex gap-5 border-b border-line">
        {items.map((it) => (
          <Tab
            key={it.key}
            disabled={it.disabled}
            className={cx(
              '-mb-px border-b-2 border-transparent px-0.5 pt-1 pb-2 text-sm font-medium text-muted transition-colors outline-none',
              'hover:text-ink data-selected:border-brand-500 data-selected:text-brand-600 data-disabled:cursor-not-allowed data-disabled:text-disabled data-focus:text-ink',
            )}
          >
            {it.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {items.map((it) => (
          <TabPanel key={it.key} unmount={!keepMounted} className="outline-none">
            {it.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
