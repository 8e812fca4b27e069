// A settings screen of several lists, one per tab. The open tab is in the URL (?tab=), and every
// list keeps its own filters there under its key, so switching tabs and coming back keeps them.
import { Tabs } from '@bo/ui-kit';
import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';

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
