import { describe, expect, it } from 'vitest';
import { listMessages } from '../app/list/messages';
import { masterMessages } from '../app/masterMessages';
import { messageLoaders } from '../features';
import { shellMessages } from '../features/shell/messages';
import { addMessages, getCatalogue, isMessageKey, loadMessages, subscribeCatalogue } from './catalogue';
import { format } from './format';
import { tCode, translate } from './I18nProvider';
import { defineMessages, type Messages } from './types';

/** The catalogue of a language as plain text by key (test keys are not part of the app's union). */
const texts = (locale: 'zh-CN' | 'en'): Readonly<Record<string, string | undefined>> =>
  getCatalogue()[locale];

describe('catalogue', () => {
  it('has the same keys in both languages, in every message set', async () => {
    const sets: Messages[] = [shellMessages, listMessages, masterMessages];
    for (const load of Object.values(messageLoaders)) sets.push(await load());
    for (const m of sets) expect(Object.keys(m.en).sort()).toEqual(Object.keys(m['zh-CN']).sort());
  });
  it('starts with the shell texts only; a feature brings its own when loaded, once', async () => {
    expect(texts('zh-CN')['update.title']).toBe('提示');
    expect(texts('en')['update.later']).toBe('Got it, I will refresh manually later');
    expect(texts('zh-CN')['feedback.empty']).toBe('请先填写问题和意见');
    expect(texts('en')['login.username']).toBe('Username');
    expect(translate('home.morning', { name: 'A' })).toBe('home.morning');
    let changes = 0;
    const stop = subscribeCatalogue(() => (changes += 1));
    await Promise.all([loadMessages([messageLoaders.home]), loadMessages([messageLoaders.home])]);
    stop();
    expect(changes).toBe(1);
    expect(translate('home.morning', { name: 'A' })).toBe('早上好，A');
  });
  it('gives the catalogue a new identity when texts are added, so `t` changes with it', () => {
    const before = getCatalogue();
    addMessages({ 'zh-CN': { 'test.x': '甲' }, en: { 'test.x': 'A' } });
    expect(getCatalogue()).not.toBe(before);
    expect(texts('zh-CN')['test.x']).toBe('甲');
    expect((before['zh-CN'] as Record<string, string | undefined>)['test.x']).toBeUndefined();
  });
  it('tries a failed download again on the next screen', async () => {
    let calls = 0;
    const flaky = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ 'zh-CN': { 'test.y': '乙' }, en: { 'test.y': 'B' } });
    };
    await expect(loadMessages([flaky])).rejects.toThrow('offline');
    await loadMessages([flaky]);
    expect(texts('zh-CN')['test.y']).toBe('乙');
  });
  it('takes only declared keys: a typo fails the type check, a code-built key falls back to the code', async () => {
    await loadMessages([messageLoaders.clues]);
    // @ts-expect-error a key no feature declares is refused by the compiler
    expect(translate('clue.noSuchKey')).toBe('clue.noSuchKey');
    expect(isMessageKey('clue.state.assessed')).toBe(true);
    expect(isMessageKey('clue.state.noSuchState')).toBe(false);
    expect(tCode(translate, 'clue.state.noSuchState', 'noSuchState')).toBe('noSuchState');
    expect(tCode(translate, 'clue.state.assessed')).toBe(texts('zh-CN')['clue.state.assessed']);
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
    expect(pickLanguage('等待 周敏（财务经理）审批 / awaiting 周敏 (财务经理)', 'en')).toBe(
      'awaiting 周敏 (财务经理)',
    );
    expect(pickLanguage('中文 / 中文', 'en')).toBe('中文 / 中文');
    expect(pickLanguage('Token验证失败!', 'en')).toBe('Token验证失败!');
  });
});
