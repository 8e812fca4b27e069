import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchForm } from '../list/SearchForm.js';
import { presetRange, shanghaiToday } from './dateRange.js';

afterEach(cleanup);
// jsdom has no ResizeObserver; Headless UI's menu watches its button to place the items.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('date range presets', () => {
  it('count back from today, both ends included', () => {
    expect(presetRange('today', '2026-03-15')).toEqual({ start: '2026-03-15', end: '2026-03-15' });
    expect(presetRange('last7Days', '2026-03-03')).toEqual({ start: '2026-02-25', end: '2026-03-03' });
    expect(presetRange('last30Days', '2026-03-15')).toEqual({ start: '2026-02-14', end: '2026-03-15' });
  });

  it('take whole calendar months, across a year and a leap day', () => {
    expect(presetRange('thisMonth', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-05')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });

  it("take today in Shanghai, not the browser's zone", () => {
    // 17:00 UTC on 31 Jan is already 1 Feb in Shanghai (UTC+8).
    expect(shanghaiToday(new Date('2026-01-31T17:00:00Z'))).toBe('2026-02-01');
    expect(shanghaiToday(new Date('2026-01-31T15:59:00Z'))).toBe('2026-01-31');
  });
});

describe('the date range of a search form', () => {
  it('fills both dates from a preset and submits them under their own names', async () => {
    const submitted: Record<string, string>[] = [];
    render(
      <SearchForm
        fields={[{ kind: 'dateRange', name: 'created', label: '创建时间', startName: 'from', endName: 'to' }]}
        values={{}}
        onSubmit={(v) => submitted.push(v)}
        onReset={() => undefined}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '创建时间 日期范围' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: '今天' }));
    });
    const today = shanghaiToday();
    expect(screen.getByLabelText<HTMLInputElement>('创建时间 开始日期').value).toBe(today);
    expect(screen.getByLabelText<HTMLInputElement>('创建时间 结束日期').value).toBe(today);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '查询' }));
    });
    expect(submitted).toEqual([{ from: today, to: today }]);
  });
});
