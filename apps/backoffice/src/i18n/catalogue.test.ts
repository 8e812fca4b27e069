import { describe, expect, it } from 'vitest';
import { catalogue, messageSets } from './catalogue';
import { format } from './format';

describe('catalogue', () => {
  it('has the same keys in both languages, in every feature', () => {
    for (const m of messageSets) expect(Object.keys(m.en).sort()).toEqual(Object.keys(m['zh-CN']).sort());
    expect(Object.keys(catalogue.en).length).toBe(Object.keys(catalogue['zh-CN']).length);
  });
  it('carries the spec texts', () => {
    expect(catalogue['zh-CN']['update.title']).toBe('提示');
    expect(catalogue.en['update.later']).toBe('Got it, I will refresh manually later');
    expect(catalogue['zh-CN']['feedback.empty']).toBe('请先填写问题和意见');
    expect(catalogue.en['login.username']).toBe('Username');
  });
  it('fills placeholders', () => {
    expect(format('共 {n} 条', { n: 3 })).toBe('共 3 条');
    expect(format('{a}{b}', { a: 1 })).toBe('1{b}');
  });
});

describe('bilingual server messages', () => {
  it('picks the half of the UI language', async () => {
    const { pickLanguage } = await import('./bilingual');
    expect(pickLanguage('用户名或密码错误 / wrong username or password', 'en')).toBe(
      'wrong username or password',
    );
    expect(pickLanguage('用户名或密码错误 / wrong username or password', 'zh-CN')).toBe('用户名或密码错误');
    expect(pickLanguage('a / b', 'en')).toBe('a / b');
    expect(pickLanguage('Token验证失败!', 'en')).toBe('Token验证失败!');
  });
});
