// The signed-in user (token + token object in localStorage) and the loaded permissions (memory only:
// every page load fetches them again, spec §2 guard). A tiny external store read with useSyncExternalStore.
import { STORAGE_KEYS } from '@bo/domain';
import type { TMenuEntry, TUserToken } from '@bo/api-sdk';
import { useSyncExternalStore } from 'react';

export const USER_KEY = 'userToken';
export const CALL_TOKEN_KEY = 'callToken';
/** sessionStorage: the OAuth `state` the QR sign-in sent, checked by /auth on return. */
export const QR_STATE_KEY = 'qrLoginState';

export interface Permissions {
  forbidden: readonly string[];
  menu: readonly TMenuEntry[];
}

interface State {
  token: string | null;
  user: TUserToken | null;
  permissions: Permissions | null;
}

function read(): State {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as TUserToken) : null;
    return { token: token || null, user: token ? user : null, permissions: null };
  } catch {
    return { token: null, user: null, permissions: null };
  }
}

let state: State = read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((f) => f());

export const session = {
  get: (): State => state,
  subscribe(f: () => void): () => void {
    listeners.add(f);
    return () => listeners.delete(f);
  },
  token: (): string | null => state.token,
  /** Stores a fresh sign-in. Permissions are reloaded by the guard. */
  signIn(user: TUserToken): void {
    localStorage.setItem(STORAGE_KEYS.token, user.token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    state = { token: user.token, user, permissions: null };
    emit();
  },
  setPermissions(p: Permissions): void {
    state = { ...state, permissions: p };
    emit();
  },
  /** Clears login and permissions (tabs are cleared by the caller: they belong to the shell). */
  clear(): void {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(USER_KEY);
    state = { token: null, user: null, permissions: null };
    emit();
  },
  /** Re-reads storage (tests; another tab signing out). */
  reload(): void {
    state = read();
    emit();
  },
};

export function useSession(): State {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

export function useUser(): TUserToken | null {
  return useSession().user;
}
