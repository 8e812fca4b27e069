import { describe, expect, it } from 'vitest';
import { catalogue, isMessageKey, messageSets } from './catalogue';
import { tCode, translate } from './I18nProvider';
import { defineMessages } from './types';
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
  it('takes only declared keys: a typo fails the type check, a code-built key falls back to the code', () => {
    // @ts-expect-error a key no feature declares is refused by the compiler
    expect(translate('clue.noSuchKey')).toBe('clue.noSuchKey');
    expect(isMessageKey('clue.state.assessed')).toBe(true);
    expect(isMessageKey('clue.state.noSuchState')).toBe(false);
    expect(tCode(translate, 'clue.state.noSuchState', 'noSuchState')).toBe('noSuchState');
    expect(tCode(translate, 'clue.state.assessed')).toBe(catalogue['zh-CN']['clue.state.assessed']);
  });
  it('declares both languages with the same keys (checked by the compiler)', () => {
    // @ts-expect-error the English half misses a key of the Chinese half
    const missing = defineMessages({ 'zh-CN': { 'x.a': '甲', 'x.b': '乙' }, en: { 'x.a': 'A' } });
    // @ts-expect-error the English half has a key the Chinese half does not
    const extra = defineMessages({ 'zh-CN': { 'x.a': '甲' }, en: { 'x.a': 'A', 'x.c': 'C' } });
    expect(Object.keys(missing.en)).toEqual(['x.a']);
    expect(Object.keys(extra.en)).toEqual(['x.a', 'x.c']);
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
