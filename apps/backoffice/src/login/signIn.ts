// The two calls of the sign-in page through the platform's fetch, not the SDK: the SDK's client
// brings the contract and zod (≈ 35 KiB gzip) for two requests whose shapes are checked here by hand.
// Requests and answers are the contract's (`system.login`, `system.loginOptions`); the server
// validates the input again.
import type { TUserToken } from '@bo/api-sdk';
import { safeRedirect } from '../app/pageLoad';
import { getLocale } from '../i18n/locale';

/** A refused sign-in: the server's message ('中文 / English') and the input field it names, if any. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly field: 'username' | 'password' | null,
  ) {
    super(message);
  }
}

/** What the page reads of `GET /api/auth/loginOptions`. */
export interface SignInMethods {
  /** The messenger's authorize page (QR code), or null when not configured. */
  qr: string | null;
  enterprise: boolean;
}

const FAILED = '登录失败，请稍后再试 / Sign-in failed, try again shortly';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The envelope's data when `code` is 0; otherwise a SignInError with the server's message and field. */
async function call(path: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    // The server answers its messages in the page's language (as the SDK asks it on every call).
    res = await fetch(`/api${path}`, {
      ...init,
      headers: { accept: 'application/json', 'accept-language': getLocale(), ...init.headers },
    });
  } catch {
    throw new SignInError(FAILED, null);
  }
  const env: unknown = await res.json().catch(() => null);
  if (!isRecord(env) || typeof env.code !== 'number') throw new SignInError(FAILED, null);
  if (env.code !== 0) {
    const raw = typeof env.field === 'string' ? env.field.replace(/^body\./, '') : '';
    const field = raw === 'username' || raw === 'password' ? raw : null;
    throw new SignInError(typeof env.message === 'string' && env.message ? env.message : FAILED, field);
  }
  return env.data;
}

function isUserToken(v: unknown): v is TUserToken {
  return (
    isRecord(v) &&
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.username === 'string' &&
    typeof v.name === 'string' &&
    Array.isArray(v.roles) &&
    Array.isArray(v.provinceTypes) &&
    Array.isArray(v.schoolItems) &&
    typeof v.mustChangePassword === 'boolean'
  );
}

/** `POST /api/auth/login`: the signed-in user, or a SignInError. */
export async function signIn(body: { username: string; password: string }): Promise<TUserToken> {
  const data = await call('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!isUserToken(data)) throw new SignInError(FAILED, null);
  return data;
}

/** `GET /api/auth/loginOptions`: the configured extra methods; none when the call fails. */
export async function signInMethods(): Promise<SignInMethods> {
  try {
    const data = await call('/auth/loginOptions', { method: 'GET' });
    if (!isRecord(data)) return { qr: null, enterprise: false };
    const ding = isRecord(data.dingQr) ? data.dingQr : {};
    const wxcp = isRecord(data.wxcp) ? data.wxcp : {};
    const url = ding.enabled === true && typeof ding.authorizeUrl === 'string' ? ding.authorizeUrl : '';
    return { qr: url || null, enterprise: wxcp.enabled === true };
  } catch {
    return { qr: null, enterprise: false };
  }
}

/** Where a fresh sign-in goes: the password change first when required, else back where the user was headed. */
export function afterSignIn(user: TUserToken, search: string): string {
  return user.mustChangePassword ? '/modifyPwd' : safeRedirect(new URLSearchParams(search).get('redirect'));
}
