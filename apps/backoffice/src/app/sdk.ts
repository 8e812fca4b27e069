// The app's one SDK instance and React Query client. UI effects of the error catalogue (spec §8)
// are injected here: popups through the toast bridge, token failure back to /login.
import { ErrorCode, createLazySdk, type ApiError } from '@bo/api-sdk';
import { toastBridge } from '@bo/ui-kit';
import { noteDataAsOf } from './dataAsOf';
import { pickLanguage } from '../i18n/bilingual';
import { getLocale, subscribeLocale } from '../i18n/locale';
import { NarrowQueryClient, noteCall } from './invalidation';
import { loginPath, pageLoad } from './pageLoad';
import { session } from './session';
import { clearTabs } from './tabs';

/**
 * Opens the sign-in page (`/login`, or `/login?redirect=…` from loginPath). It is a page of its own
 * (login.html, not a route of this app), so this is a full page load.
 */
export function goToLogin(to = '/login'): void {
  pageLoad.go(to);
}

/** Clears login, permissions and tabs. */
export function clearLogin(): void {
  session.clear();
  clearTabs();
}

/** Calls whose screens show the error in place (a form message) instead of a popup. */
export const SILENT_ENDPOINTS = new Set([
  'system.login',
  'system.dingQrLogin',
  'system.wxcpLogin',
  'system.changePassword',
  'system.chgpass',
  'system.loginOptions',
  'feedback.create',
  'feedback.upload',
  // The pay-online dialog shows these in place, and its poll would repeat a popup.
  'payments.cuspay',
  'payments.queryResult',
  // The agent panel shows the call centre's answers in place.
  'calls.centre',
  'calls.tencentLogin',
  'calls.tencentKeepAlive',
  'calls.tencentFlashMsg',
  'calls.zhichiLogin',
  // The week view and its dialogs show refusals (what collides) in place.
  'teaching.planAdjust',
  'teaching.planInsert',
  'teaching.sign',
  'teaching.signCancel',
  'teaching.planConfirm',
  'teaching.planCancel',
]);

let lastTokenFailure = 0;

// Each slice's contract (and zod) downloads on its first call, not with the first page.
export const sdk = createLazySdk({
  baseURL: '/api',
  getToken: () => session.token(),
  locale: getLocale,
  hooks: {
    // Which slices queries read and commands change: refreshes stay narrow (app/invalidation.ts).
    onCall: noteCall,
    // Reports answered by a lagging read replica: the top bar says when their data is from.
    onDataAsOf: noteDataAsOf,
    onError: (message: string, error: ApiError) => {
      if (!SILENT_ENDPOINTS.has(error.endpoint))
        toastBridge.current?.error(pickLanguage(message, getLocale()));
    },
    onTokenInvalid: () => {
      // Several queries fail together when a session ends: act once.
      const now = Date.now();
      if (now - lastTokenFailure < 1000) return;
      lastTokenFailure = now;
      clearLogin();
      queryClient.clear();
      goToLogin(loginPath(window.location.pathname, window.location.search));
    },
  },
});

export type AppSdk = typeof sdk;

/** The text of a failed call in the UI language (server messages are '中文 / English'). */
export function errorText(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return pickLanguage(msg, getLocale());
}

const isClientError = (e: unknown) => {
  const code = (e as Partial<ApiError> | null)?.code;
  return typeof code === 'number' && code >= 400 && code < 500 && code !== ErrorCode.tooMany;
};

export const queryClient = new NarrowQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      // Transport hiccups get one retry; refusals (4xx) never.
      retry: (count, e) => count < 1 && !isClientError(e),
    },
    mutations: { retry: false },
  },
});

// The server says its texts in the UI's language (the SDK sends it): what was read in the other one
// is read again when the user switches.
subscribeLocale(() => void queryClient.invalidateQueries());
