// A settings screen of several lists, one per tab. The open tab is in the URL (?tab=), and every
// list keeps its own filters there under its key, so switching tabs and coming back keeps them.
import { Tabs } from '@bo/ui-kit';
import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ListScreenView, type ListScreenDef } from '../../app/list';

export interface ScreenTab {
  key: string;
  label: string;
  content: ReactNode;
}

export function TabbedScreen({ tabs }: { tabs: ScreenTab[] }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.key ?? '';
  const current = tabs.some((t) => t.key === params.get('tab')) ? (params.get('tab') ?? first) : first;
  return (
    <Tabs
      items={tabs}
      value={current}
      onChange={(key) => {
        const next = new URLSearchParams(params);
        if (key === first) next.delete('tab');
        else next.set('tab', key);
        setParams(next);
      }}
    />
  );
}

/** A tab holding a declared list; its URL parameters are prefixed with the tab's key. */
export function listTab<Row, S extends z.ZodType<FieldValues>>(
  key: string,
  label: string,
  def: ListScreenDef<Row, S>,
): ScreenTab {
  return { key, label, content: <ListScreenView def={def} paramPrefix={key} /> };
}
