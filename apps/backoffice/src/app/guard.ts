// The navigation guard of spec §2 as pure decisions, plus loading the permissions.
import { ApiError, ErrorCode } from '@bo/api-sdk';
import { SCREEN_DOORS, routeByPath } from '@bo/domain';
import { loginPath } from './pageLoad';
import type { Permissions } from './session';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load' };

export interface GuardInput {
  pathname: string;
  search?: string;
  token: string | null;
  permissions: Permissions | null;
  /** Whether this build has a screen for the path; a path without one is "not found" for everyone. */
  hasScreen?: (pathname: string) => boolean;
}

/** True for /auth, /login, /modifyPwd, /noauth, /err. */
export function isPublicPath(pathname: string): boolean {
  return routeByPath(pathname)?.public === true;
}

/**
 * Whether the user's forbidden list covers a pathname (a route pattern with :id matches too) and
 * no action privilege of `SCREEN_DOORS` the user holds opens it anyway.
 */
export function isForbidden(pathname: string, forbidden: readonly string[]): boolean {
  const def = routeByPath(pathname);
  const path = forbidden.includes(pathname) ? pathname : def?.path;
  if (path === undefined || !forbidden.includes(path)) return false;
  return !(SCREEN_DOORS[path] ?? []).some((code) => !forbidden.includes(code));
}

/** Whether the user holds a privilege itself (a screen or an action), doors aside. */
export function holdsPrivilege(code: string, forbidden: readonly string[]): boolean {
  return !forbidden.includes(code);
}

/**
 * Where "home" is for this user: /home when the role may open it, otherwise the first screen of the
 * user's menu (in the server's order) that this build has, otherwise null (the role holds no screen:
 * the no-access page says so instead of offering a way back that would loop).
 */
export function homePath(
  permissions: Permissions,
  hasScreen: (pathname: string) => boolean = () => true,
): string | null {
  if (!isForbidden(HOME, permissions.forbidden)) return HOME;
  for (const entry of permissions.menu)
    for (const p of entry.privileges) {
      const path = p.navigateurl;
      if (path && routeByPath(path)?.menu && hasScreen(path) && !isForbidden(path, permissions.forbidden))
        return path;
    }
  return null;
}
const HOME = '/home';

/**
 * What the guard does for a navigation:
 * public → allow; no token → /login (remembering where to return); token without permissions → load;
 * a path this build has no screen for → allow (the layout shows "not found", the same for every user,
 * rather than "no access" for a screen nobody could open); a forbidden /home → the user's own home
 * (homePath), so a role without the home screen lands on a screen it holds; forbidden path → /noauth;
 * otherwise allow.
 */
export function decide({ pathname, search = '', token, permissions, hasScreen }: GuardInput): GuardDecision {
  if (isPublicPath(pathname)) return { kind: 'allow' };
  const sso = dashboardSsoTarget(pathname, search);
  if (sso) return { kind: 'redirect', to: sso };
  if (!token) return { kind: 'redirect', to: loginPath(pathname, search) };
  if (!permissions) return { kind: 'load' };
  if (hasScreen && !hasScreen(pathname)) return { kind: 'allow' };
  if (isForbidden(pathname, permissions.forbidden)) {
    const home = pathname === HOME ? homePath(permissions, hasScreen) : null;
    return { kind: 'redirect', to: home ?? '/noauth' };
  }
  return { kind: 'allow' };
}

export interface PermissionSource {
  forbiddenRoutes: () => Promise<string[]>;
  menu: () => Promise<Permissions['menu']>;
}

/** Fetches the forbidden routes, then the menu (spec order). */
export async function loadPermissions(src: PermissionSource): Promise<Permissions> {
  const forbidden = await src.forbiddenRoutes();
  const menu = await src.menu();
  return { forbidden, menu };
}

/** Where a failed permission load leads: a token failure → /login (after clearing), anything else → /err. */
export function failureTarget(e: unknown): '/login' | '/err' {
  return e instanceof ApiError && e.code === ErrorCode.tokenInvalid ? '/login' : '/err';
}

/** The one screen the mobile-chat single sign-on opens (spec §2: `?dd_code=`). */
export const DASHBOARD_SSO_PATH = '/dataStatistics/incomeGM';

/**
 * `/dataStatistics/incomeGM?dd_code=…` goes to /auth to exchange the code, coming back without it
 * (a code is spent once; the link's person signs in even over an older session on this browser).
 */
export function dashboardSsoTarget(pathname: string, search: string): string | null {
  if (pathname !== DASHBOARD_SSO_PATH) return null;
  const params = new URLSearchParams(search);
  const code = params.get('dd_code');
  if (!code) return null;
  params.delete('dd_code');
  const rest = params.toString();
  const back = `${pathname}${rest ? `?${rest}` : ''}`;
  return `/auth?dd_code=${encodeURIComponent(code)}&redirect=${encodeURIComponent(back)}`;
}
