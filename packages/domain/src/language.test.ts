import { describe, expect, it } from 'vitest';
import { fieldLabel } from './fieldLabels.js';
import { halves, inLanguage, languageOfHeader, say } from './language.js';
import { issueText, issueTexts } from './validation.js';

describe('one language per text', () => {
  it('splits the convention on its first separator and keeps a text without one whole', () => {
    expect(halves('没有权限 / no permission')).toEqual(say('没有权限', 'no permission'));
    expect(halves('a / b / c').en).toBe('b / c');
    expect(inLanguage('Token验证失败!', 'en')).toBe('Token验证失败!');
    expect(inLanguage(say('合计', 'Total'), null)).toBe('合计 / Total');
  });

  it('reads the language of an Accept-Language header', () => {
    expect(languageOfHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageOfHeader('zh-CN')).toBe('zh-CN');
    expect(languageOfHeader('fr-FR,zh;q=0.5')).toBe('zh-CN');
    expect(languageOfHeader(undefined)).toBeNull();
  });
});

describe('fields in words', () => {
  it('names listed fields, composes others from their words, and says which item of a list', () => {
    expect(fieldLabel('body.courseCode')).toEqual(say('课程', 'course'));
    expect(fieldLabel('targetYear')).toEqual(say('目标年份', 'target year'));
    expect(fieldLabel(['items', 1, 'quantity'])).toEqual(say('第2项的数量', 'quantity of item 2'));
    expect(fieldLabel('legacyCode')).toEqual(say('legacy code', 'legacy code'));
  });

  it('says what is wrong with the field, never in zod’s words', () => {
    const tooSmall = {
      code: 'too_small',
      origin: 'string',
      minimum: 1,
      message: 'Too small: expected string',
    };
    expect(issueTexts(tooSmall, fieldLabel('courseCode'), '')).toEqual(
      say('请填写 课程', 'course is required'),
    );
    expect(
      issueText({ code: 'too_big', origin: 'number', maximum: 10, inclusive: true }, '数量', 11, 'zh-CN'),
    ).toBe('数量 不能大于 10');
    expect(issueText({ code: 'invalid_value', message: 'Invalid option' }, 'kind', 'x', 'en')).toBe(
      'kind is not one of the allowed values',
    );
    expect(
      issueText({ code: 'custom', message: '金额须为数字 / the amount must be a number' }, '金额', 'x', 'en'),
    ).toBe('the amount must be a number');
  });
});
