// Role checks for the UI (spec §5 permission directive, §6 helpers) and the click throttle.
import { assertRoleList, createClickThrottle, hasAnyRole, hasNoRole } from '@bo/domain';
import { useMemo, useRef, type ReactNode } from 'react';
import { holdsPrivilege, isForbidden } from './guard';
import { useSession, useUser } from './session';

export interface CanProps {
  /** Numeric role codes; children render only when the user holds one of them. */
  roles: readonly (number | string)[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** Removes its children unless the user holds one of `roles`; an empty or missing list is a configuration error. */
export function Can({ roles, children, fallback = null }: CanProps) {
  assertRoleList(roles);
  const user = useUser();
  return <>{hasAnyRole(user, roles) ? children : fallback}</>;
}

/** Whether the user holds one role code. */
export function useHasRole(code: number | string): boolean {
  const user = useUser();
  return hasAnyRole(user, [code]);
}

/** Whether the user holds at least one of the codes. */
export function useHasAnyRole(codes: readonly (number | string)[]): boolean {
  const user = useUser();
  return hasAnyRole(user, codes);
}

/**
 * Whether the user may open a screen (its route privilege is not forbidden): a button leading to
 * another screen, or running that screen's command in place, shows only then. The server decides.
 */
export function useCanOpen(path: string): boolean {
  const { permissions } = useSession();
  return permissions !== null && !isForbidden(path, permissions.forbidden);
}

/**
 * Whether the user holds a privilege (an action such as `plans.edit`, or a screen without the
 * doors other privileges open to it): a button whose command the server would refuse shows only then.
 */
export function useHolds(code: string): boolean {
  const { permissions } = useSession();
  return permissions !== null && holdsPrivilege(code, permissions.forbidden);
}

/** Whether the user holds none of the codes. */
export function useHasNoRole(codes: readonly (number | string)[]): boolean {
  const user = useUser();
  return hasNoRole(user, codes);
}

/**
 * A click handler that swallows repeats inside the window (default 2000 ms, spec §5).
 * `const onSave = useThrottledClick(() => save())`.
 */
export function useThrottledClick<A extends unknown[]>(
  fn: (...args: A) => unknown,
  windowMs?: number,
): (...args: A) => void {
  const latest = useRef(fn);
  latest.current = fn;
  return useMemo(() => {
    const throttled = createClickThrottle(windowMs === undefined ? {} : { windowMs })((...args: A) =>
      latest.current(...args),
    );
    return (...args: A) => {
      throttled(...args);
    };
  }, [windowMs]);
}
