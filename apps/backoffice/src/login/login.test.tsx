import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageLoad } from '../app/pageLoad';
import { session, USER_KEY } from '../app/session';
import { testUser } from '../app/testUser';
import { I18nProvider } from '../i18n';
import { LoginPage } from './LoginPage';

/** Answers /api/auth/loginOptions with nothing configured and /api/auth/login with `login`. */
function serve(login: { status: number; body: unknown }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = String(input instanceof Request ? input.url : input);
    const answer = url.endsWith('/auth/loginOptions')
      ? {
          status: 200,
          body: {
            code: 0,
            message: 'ok',
            data: {
              password: true,
              dingQr: { enabled: false, authorizeUrl: null, clientId: null },
              wxcp: { enabled: false, appIds: [] },
              dashboardSso: { enabled: false },
            },
          },
        }
      : login;
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('sign-in page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    session.clear();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('names each empty field and sends nothing until both are filled', async () => {
    const fetchSpy = serve({ status: 500, body: null });
    render(
      <I18nProvider>
        <LoginPage />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
      '请填写 用户名',
      '请填写 密码',
    ]);
    expect(screen.getByLabelText('用户名').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'sales' } });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请填写 密码']);
    const signIns = fetchSpy.mock.calls.filter(([url]) => /\/auth\/login(\?|$)/.test(String(url)));
    expect(signIns).toEqual([]);
  });

  it('shows a refusal in the UI language: on top, or under the field it names', async () => {
    serve({
      status: 401,
      body: { code: 401, message: '用户名或密码错误 / wrong username or password', data: null },
    });
    render(
      <I18nProvider>
        <LoginPage />
      </I18nProvider>,
    );
    fill('teacher', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码错误');
    expect(localStorage.getItem('token')).toBeNull();

    vi.restoreAllMocks();
    serve({
      status: 400,
      body: { code: 400, message: '用户名过长 / username too long', data: null, field: 'body.username' },
    });
    fill('x'.repeat(10), 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('用户名过长');
    expect(screen.getByLabelText('用户名').getAttribute('aria-invalid')).toBe('true');
  });

  it('stores the session as the app reads it and opens the page the user was headed to', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fclues%2FclueList%3Fa%3D1');
    const user = testUser();
    const fetchSpy = serve({ status: 200, body: { code: 0, message: 'ok', data: user } });
    const go = vi.spyOn(pageLoad, 'go').mockImplementation(() => undefined);
    render(
      <I18nProvider>
        <LoginPage />
      </I18nProvider>,
    );
    fill(' sales ', 'demo123456');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/clues/clueList?a=1', { replace: true }));
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ username: 'sales', password: 'demo123456' });
    expect(localStorage.getItem('token')).toBe(user.token);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(user);
  });

  it('sends an account that must change its password to /modifyPwd, whatever the redirect', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fhome');
    serve({ status: 200, body: { code: 0, message: 'ok', data: testUser({ mustChangePassword: true }) } });
    const go = vi.spyOn(pageLoad, 'go').mockImplementation(() => undefined);
    render(
      <I18nProvider>
        <LoginPage />
      </I18nProvider>,
    );
    fill('sales', 'demo123456');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/modifyPwd', { replace: true }));
  });
});
