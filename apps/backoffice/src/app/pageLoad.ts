// Leaving the app by a full page load: the sign-in page is a page of its own (login.html), and the
// app opens after a sign-in the same way. One seam, so tests can see where a page load would go
// (jsdom cannot navigate). No imports: both pages load this module first.
export const pageLoad = {
  go(url: string, o: { replace?: boolean } = {}): void {
    if (o.replace) window.location.replace(url);
    else window.location.assign(url);
  },
};

/** The sign-in page, remembering where to return (nothing to remember for the home page). */
export function loginPath(pathname: string, search = ''): string {
  return pathname === '/' || pathname === '/home'
    ? '/login'
    : `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Whether a target is the sign-in page, which the app opens by a full page load. */
export function isLoginPath(to: string): boolean {
  return to === '/login' || to.startsWith('/login?');
}

/** A safe redirect target from ?redirect= (same-origin paths only, never back to /login). */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/home';
  return raw;
}
