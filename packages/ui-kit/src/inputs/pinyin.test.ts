import { beforeAll, describe, expect, it } from 'vitest';
import { loadPinyin, matchesPinyin, matchesPlain, type PinyinReader } from './pinyin.js';

let read: PinyinReader;
beforeAll(async () => {
  read = await loadPinyin();
});

const matches = (q: string, label: string) => matchesPinyin(q, read(label));

describe('pinyin matching', () => {
  it('finds a name by the initials of its characters', () => {
    expect(matches('zly', '张丽云')).toBe(true);
    expect(matches('ZLY', '张丽云')).toBe(true);
    expect(matches('ly', '张丽云')).toBe(true);
    expect(matches('zyl', '张丽云')).toBe(false);
  });

  it('finds a name by its full pinyin, with or without spaces', () => {
    expect(matches('zhangliyun', '张丽云')).toBe(true);
    expect(matches('zhang li yun', '张丽云')).toBe(true);
    expect(matches('liyun', '张丽云')).toBe(true);
    expect(matches('zhangliyuan', '张丽云')).toBe(false);
  });

  it('finds a name by a mix of characters, syllables and initials', () => {
    expect(matches('张ly', '张丽云')).toBe(true);
    expect(matches('zhangly', '张丽云')).toBe(true);
    expect(matches('zl云', '张丽云')).toBe(true);
    expect(matches('zhangyun', '张丽云')).toBe(false);
  });

  it('reads polyphones in context and by any of their readings', () => {
    expect(matches('cq', '重庆')).toBe(true);
    expect(matches('zengxiaoming', '曾晓明')).toBe(true);
    expect(matches('cengxiaoming', '曾晓明')).toBe(true);
    expect(matches('lvfang', '吕芳')).toBe(true);
  });

  it('matches the Latin letters and digits of a mixed label', () => {
    expect(matches('sh01', 'SH01 上海徐汇校区')).toBe(true);
    expect(matches('shxh', '上海徐汇校区')).toBe(true);
    expect(matches('xhxq', '上海徐汇校区')).toBe(true);
    expect(matches('bjxh', '上海徐汇校区')).toBe(false);
  });

  it('lets an empty query match everything', () => {
    expect(matches('  ', '张丽云')).toBe(true);
    expect(matchesPlain('', 'x')).toBe(true);
  });

  it('falls back to a case-insensitive substring without the dictionary', () => {
    expect(matchesPlain('dir', '王建国 (Director)')).toBe(true);
    expect(matchesPlain('zly', '张丽云')).toBe(false);
  });
});
