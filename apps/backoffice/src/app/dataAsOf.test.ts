import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetDataAsOf, noteDataAsOf, useDataAsOf } from './dataAsOf';

describe('the time report data is from', () => {
  it('is the oldest lagging answer, cleared when each answers current or the screen changes', () => {
    const { result } = renderHook(() => useDataAsOf());
    expect(result.current).toBeNull();
    act(() => {
      noteDataAsOf('dashboards.revenueSummary', new Date('2026-11-29T06:00:05Z'));
      noteDataAsOf('dashboards.revenueSchoolTrend', new Date('2026-11-29T06:00:01Z'));
    });
    expect(result.current).toEqual(new Date('2026-11-29T06:00:01Z'));
    act(() => noteDataAsOf('dashboards.revenueSchoolTrend', null));
    expect(result.current).toEqual(new Date('2026-11-29T06:00:05Z'));
    act(() => forgetDataAsOf());
    expect(result.current).toBeNull();
  });
});
