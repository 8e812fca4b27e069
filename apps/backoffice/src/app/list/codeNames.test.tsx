import { columnValue, type ListColumn } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { clueColumns } from '../../features/clues/common';
import type { TClueRow } from '../../features/clues/types';
import { translate } from '../../i18n';
import { CodeName, useCodeName, useNamedColumns } from './codeNames';

function withNames(sets: Record<string, Array<{ code: string; name: string }>>) {
  const qc = new QueryClient();
  // Name sets already fetched: the hook reads them without calling the server.
  for (const [source, list] of Object.entries(sets)) qc.setQueryData(['master', 'names', source], list);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
}

const row = { clueId: 1, childName: '小明', channel: 'WECHAT_MP', flowState: 'NEW' } as unknown as TClueRow;

describe('code columns shown as names', () => {
  it('gives the clue list and its export the channel name, not the code', () => {
    const { result } = renderHook(() => useNamedColumns(clueColumns(translate)), {
      wrapper: withNames({ channel: [{ code: 'WECHAT_MP', name: '微信公众号' }] }),
    });
    const channel = result.current.find((c) => c.id === 'channel');
    expect(channel && columnValue(channel, row)).toBe('微信公众号');
  });

  it('shows an unknown code as it is, and leaves columns without names alone', () => {
    const cols: ListColumn<{ channel: string; name: string }>[] = [
      { id: 'channel', header: 'c', names: 'channel' },
      { id: 'name', header: 'n' },
    ];
    const { result } = renderHook(() => useNamedColumns(cols), {
      wrapper: withNames({ channel: [{ code: 'A', name: '甲' }] }),
    });
    const [channel, name] = result.current;
    expect(channel && columnValue(channel, { channel: 'B', name: 'x' })).toBe('B');
    expect(channel && columnValue(channel, { channel: 'A', name: 'x' })).toBe('甲');
    expect(name).toBe(cols[1]);
  });
});

describe('a code shown as its name on a detail screen', () => {
  it('names the channel, the campus with its code beside, and keeps an unknown code', () => {
    const wrapper = withNames({
      channel: [{ code: 'BAIDU', name: '百度推广' }],
      campus: [{ code: 'SH01', name: '上海徐汇校区' }],
    });
    expect(renderHook(() => useCodeName('channel', 'BAIDU'), { wrapper }).result.current).toBe('百度推广');
    expect(renderHook(() => useCodeName('channel', 'NEW1'), { wrapper }).result.current).toBe('NEW1');
    expect(renderHook(() => useCodeName('channel', ''), { wrapper }).result.current).toBeNull();
    render(<CodeName source="campus" code="SH01" withCode />, { wrapper });
    expect(screen.getByText('上海徐汇校区')).toBeTruthy();
    expect(screen.getByText('SH01')).toBeTruthy();
  });
});
