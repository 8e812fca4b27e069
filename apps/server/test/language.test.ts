// One language per answer: the server answers each message in the caller's language
// (Accept-Language, which the SDK sends), and a schema refusal names the field in words, never
// in zod's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, TOKEN_FAILED_MESSAGE, createSdk, type Locale } from '@bo/api-sdk';
import { expectApiError, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let adminToken: string;
let teacherToken: string;
const CJK = /[\u3400-\u9fff]/;

beforeAll(async () => {
  t = await startTestServer();
  adminToken = await t.login('admin');
  teacherToken = await t.login('teacher');
});
afterAll(async () => t?.close());

const sdkIn = (locale: Locale, token: string) =>
  createSdk({ baseURL: t.baseURL, getToken: () => token, locale });

/** A raw call, as a browser or curl makes it, with or without a language. */
async function raw(path: string, body: unknown, language?: string) {
  const res = await fetch(`${t.baseURL}${path}?v=1.1`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      token: adminToken,
      ...(language ? { 'accept-language': language } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; field?: string };
}

describe('the caller’s language', () => {
  it('answers a refusal in zh-CN or English as the SDK asks, both halves to a caller naming none', async () => {
    const zh = await expectApiError(
      sdkIn('zh-CN', teacherToken).system.roles({ query: {} }),
      ErrorCode.noPermission,
    );
    expect(zh.message).toBe('没有权限');
    const en = await expectApiError(
      sdkIn('en', teacherToken).system.roles({ query: {} }),
      ErrorCode.noPermission,
    );
    expect(en.message).toBe('no permission');
    const teacher = await t.as('teacher');
    const both = await expectApiError(teacher.system.roles({ query: {} }), ErrorCode.noPermission);
    expect(both.message).toBe('没有权限 / no permission');
  });

  it('names a missing record once in each language', async () => {
    const zh = await expectApiError(
      sdkIn('zh-CN', adminToken).students.studentDetail({ query: { code: 'NO-SUCH-1' } }),
      ErrorCode.notFound,
    );
    expect(zh.message).toBe('学员不存在');
    const en = await expectApiError(
      sdkIn('en', adminToken).students.studentDetail({ query: { code: 'NO-SUCH-1' } }),
      ErrorCode.notFound,
    );
    expect(en.message).toBe('student not found');
  });

  it('keeps spec §8’s token failure text in every language', async () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const e = await expectApiError(sdkIn(locale, 'no-such-token').system.roles({ query: {} }), 401);
      expect(e.message).toBe(TOKEN_FAILED_MESSAGE);
    }
  });

  it('reads a browser’s header: en-US is English, zh-TW and others Chinese or as written', async () => {
    const en = await raw('/setting/saveorupdateschoolitem', {}, 'en-US,en;q=0.9');
    const zh = await raw('/setting/saveorupdateschoolitem', {}, 'zh-TW,zh;q=0.9');
    const none = await raw('/setting/saveorupdateschoolitem', {});
    expect(en.code).toBe(ErrorCode.validation);
    expect(CJK.test(en.message)).toBe(false);
    expect(CJK.test(zh.message)).toBe(true);
    expect(zh.message).not.toContain(' / ');
    expect(none.message).toBe(`${zh.message} / ${en.message}`);
  });
});

describe('a schema refusal', () => {
  const ZOD_TEXT = /Too (small|big)|Invalid|expected|received|Required/;

  it('names the field in words in each language, with zod’s text nowhere', async () => {
    const bodies: [string, unknown][] = [
      ['/setting/saveorupdateschoolitem', {}],
      ['/setting/saveorupdateschoolitem', { code: 'X'.repeat(500), name: 'n' }],
      ['/setting/saveorupdateschoolitem', { code: 7, name: ['x'] }],
    ];
    for (const [path, body] of bodies) {
      const zh = await raw(path, body, 'zh-CN');
      const en = await raw(path, body, 'en');
      expect(zh.field).toMatch(/^body\./);
      expect(zh.message).not.toMatch(ZOD_TEXT);
      expect(en.message).not.toMatch(ZOD_TEXT);
      expect(zh.message).not.toContain('body.');
      expect(CJK.test(zh.message)).toBe(true);
      expect(CJK.test(en.message)).toBe(false);
    }
  });

  it('says an empty required text is to be filled in, naming it: 请填写 … / … is required', async () => {
    const zh = await raw('/setting/saveorupdateschoolitem', {}, 'zh-CN');
    const en = await raw('/setting/saveorupdateschoolitem', {}, 'en');
    expect(zh.field).toBe('body.code');
    expect(zh.message).toBe('请填写 编码');
    expect(en.message).toBe('code is required');
  });
});

describe('the demo roles', () => {
  it('are described in the demo’s language, naming no endpoint', async () => {
    const admin = await t.as('admin');
    const roles = await admin.system.roles({ query: {} });
    const seeded = roles.filter((r) => r.description);
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    for (const r of seeded) {
      expect(r.description, r.name).toMatch(CJK);
      expect(r.description, r.name).not.toMatch(/\/[a-z]/i);
    }
  });
});
