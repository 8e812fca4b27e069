import { describe, expect, it } from 'vitest';
import { autoTitle } from './pageTitle';

describe('dynamic page titles', () => {
  it('clue and resource details carry the child name', () => {
    expect(autoTitle('/clues/clueDetail', '/clues/clueDetail?id=1', { childName: '小明' }, 'zh-CN')).toBe(
      '小明 线索详情',
    );
    expect(autoTitle('/clues/resourceDetail', '/clues/resourceDetail?id=1&childName=Tom', null, 'en')).toBe(
      'Tom – resource details',
    );
    expect(autoTitle('/clues/clueDetail', '/clues/clueDetail?id=1', null, 'zh-CN')).toBeUndefined();
  });
  it('AddDiscount says edit with an id, add without', () => {
    expect(autoTitle('/discount/addDiscount', '/discount/addDiscount?id=9', null, 'zh-CN')).toBe('编辑折扣');
    expect(autoTitle('/discount/addDiscount', '/discount/addDiscount', null, 'en')).toBe('Add discount');
  });
  it('details take the stored name', () => {
    expect(
      autoTitle('/discount/activityDetail', '/discount/activityDetail', { name: '暑期活动' }, 'zh-CN'),
    ).toBe('暑期活动');
    expect(autoTitle('/setting/campus', '/setting/campus', { name: 'x' }, 'zh-CN')).toBeUndefined();
  });
});
