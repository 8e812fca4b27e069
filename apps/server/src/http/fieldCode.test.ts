import { describe, expect, it } from 'vitest';
import { badInput, conflict } from './errors.js';

describe('a message naming its field by code', () => {
  it('is said without the code: the field travels in `field`', () => {
    const e = badInput('amount', 'amount: 开票金额须大于0 / the amount must be above 0');
    expect(e.texts).toEqual({ 'zh-CN': '开票金额须大于0', en: 'the amount must be above 0' });
    expect(e.field).toBe('amount');
    const q = badInput(
      'query.endDate',
      'query.endDate: 结束日期早于开始日期 / the end date is before the start date',
    );
    expect(q.texts['zh-CN']).toBe('结束日期早于开始日期');
  });

  it('keeps codes that are data and sentences with a colon', () => {
    expect(conflict('SH01: 校区已停用 / SH01: the campus is disabled').texts).toEqual({
      'zh-CN': 'SH01: 校区已停用',
      en: 'SH01: the campus is disabled',
    });
    expect(
      badInput('x', '坐席未登录 / the seat is not signed in: sign in to the call centre first').texts.en,
    ).toBe('the seat is not signed in: sign in to the call centre first');
  });
});
