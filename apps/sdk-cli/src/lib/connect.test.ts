import { describe, expect, it } from 'vitest';
import { ApiError } from '@bo/api-sdk';
import { ConnectionOptions, describeError } from './connect.js';
import { fileError } from './errors.js';

describe('what an operator is told', () => {
  it('names the way out of a server that cannot be reached, a --url that is not the API and an ended session', () => {
    const url = 'http://127.0.0.1:4999/api';
    expect(
      describeError(new ApiError(-1, 'unreachable', 'system.login', undefined, 'transport'), url),
    ).toContain(`cannot reach ${url}; is it running?`);
    const notApi = describeError(
      new ApiError(
        -1,
        'the server answered in an unexpected shape (system.login, HTTP 404)',
        'system.login',
        undefined,
        'response',
      ),
      'http://127.0.0.1:3000/',
    );
    expect(notApi).toContain("is http://127.0.0.1:3000/ the API's address, e.g. http://127.0.0.1:3000/api?");
    expect(describeError(new ApiError(401, 'Token验证失败!', 'system.roles'))).toContain('sign in again');
    expect(describeError(new ApiError(400, 'wrong username or password', 'system.login', 'password'))).toBe(
      'system.login: wrong username or password [password] (code 400)',
    );
  });

  it('turns a missing file or folder into one line naming it (exit code 2), and leaves other errors alone', () => {
    const missing = Object.assign(new Error("ENOENT: no such file or directory, stat '/x/a.xlsx'"), {
      code: 'ENOENT',
      path: '/x/a.xlsx',
    });
    expect(fileError(missing)).toMatchObject({ message: '/x/a.xlsx: no such file or folder', exitCode: 2 });
    const folder = Object.assign(new Error('EISDIR'), { code: 'EISDIR', path: '/x' });
    expect(fileError(folder)?.message).toBe('/x: is a folder, not a file');
    expect(fileError(new Error('other'))).toBeNull();
  });
});

describe('the language of the server’s messages', () => {
  it('is zh-CN unless English is asked for (--lang / BO_LANG)', () => {
    expect(ConnectionOptions.parse({}).lang).toBe('zh-CN');
    expect(ConnectionOptions.parse({ lang: 'en' }).lang).toBe('en');
    expect(ConnectionOptions.parse({ lang: 'en-US' }).lang).toBe('en');
    expect(ConnectionOptions.parse({ lang: 'zh' }).lang).toBe('zh-CN');
  });
});
