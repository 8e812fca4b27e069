import { columnValue, type ListColumn } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dictItems } from '../../features/settings/Operate';
import { addMessages } from '../../i18n/catalogue';
import { listMessages } from './messages';
import { clueColumns } from '../../features/clues/common';
import type { TClueRow } from '../../features/clues/types';
import { I18nProvider, translate } from '../../i18n';
import { CodeName, useCodeName, useNamedColumns } from './codeNames';

function withNames(sets: Record<string, Array<{ code: string; name: string }>>) {
  const qc = new QueryClient();
  // Name sets already fetched: the hook reads them without calling the server.
  for (const [source, list] of Object.entries(sets)) qc.setQueryData(['master', 'names', source], list);
  return ({ children }: { children: ReactNode }) => (
    <I18nProvider>
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </I18nProvider>
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

describe('settings lists name their codes (the column declares names, the kit resolves them)', () => {
  beforeAll(() => addMessages(listMessages));

  it('shows a dictionary type by its name with the key beside it, and exports the key the import reads', () => {
    const { result } = renderHook(() => useNamedColumns(dictItems.columns(translate)), {
      wrapper: withNames({}),
    });
    const dictType = result.current.find((c) => c.id === 'dictType');
    if (!dictType?.cell || typeof dictType.exportValue !== 'function') throw new Error('a named code column');
    const gender = { id: 1, dictType: 'gender', code: '1', name: '男' } as Parameters<
      typeof dictType.cell
    >[0];
    expect(columnValue(dictType, gender)).toBe('性别');
    expect(dictType.exportValue(gender)).toBe('gender');
    render(<>{dictType.cell(gender)}</>);
    expect(screen.getByText('性别')).toBeTruthy();
    expect(screen.getByText('gender')).toBeTruthy();
    // A type an administrator added keeps its key.
    expect(columnValue(dictType, { ...gender, dictType: 'school_bus' })).toBe('school_bus');
  });

  it("shows a buy type's income type by name from the income types, the code as secondary text", () => {
    const cols: ListColumn<{ incometypecode: string | null }>[] = [
      { id: 'incometypecode', header: '收入类型', names: 'incomeType', namesWithCode: true },
    ];
    const { result } = renderHook(() => useNamedColumns(cols), {
      wrapper: withNames({ incomeType: [{ code: 'SR01', name: '课程收入' }] }),
    });
    const [income] = result.current;
    expect(income && columnValue(income, { incometypecode: 'SR01' })).toBe('课程收入');
    expect(income && columnValue(income, { incometypecode: null })).toBeNull();
  });
});
