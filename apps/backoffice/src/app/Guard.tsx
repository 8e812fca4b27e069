// The navigation guard of spec §2 around every signed-in screen.
import { Spinner } from '@bo/ui-kit';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n';
import { decide, failureTarget, loadPermissions } from './guard';
import { isLoginPath } from './pageLoad';
import { hasScreen } from './registry';
import { clearLogin, goToLogin, sdk } from './sdk';
import { session, useSession } from './session';

let inFlight: Promise<void> | null = null;

/** Loads forbidden routes then the menu once, however many screens ask. */
function ensurePermissions(onFail: (to: '/login' | '/err') => void): void {
  if (inFlight) return;
  inFlight = loadPermissions({
    forbiddenRoutes: () => sdk.system.forbiddenRoutes({ query: { groupcode: 2 } }),
    menu: () => sdk.system.menu({ query: { groupcode: 2 } }),
  })
    .then((p) => session.setPermissions(p))
    .catch((e: unknown) => {
      const to = failureTarget(e);
      if (to === '/login') clearLogin();
      onFail(to);
    })
    .finally(() => {
      inFlight = null;
    });
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex h-screen items-center justify-center bg-canvas text-brand-500">
      <Spinner size={28} label={label} />
    </div>
  );
}

export function Guard({ children }: { children: ReactNode }) {
  const { token, permissions, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const d = decide({ pathname: location.pathname, search: location.search, token, permissions, hasScreen });

  useEffect(() => {
    if (d.kind !== 'load') return;
    ensurePermissions((to) => {
      if (to === '/login') goToLogin();
      // Failed navigations are swallowed (spec §2).
      else Promise.resolve(navigate(to, { replace: true })).catch(() => undefined);
    });
  }, [d.kind, navigate]);

  const toSignIn = d.kind === 'redirect' && isLoginPath(d.to) ? d.to : null;
  useEffect(() => {
    if (toSignIn) goToLogin(toSignIn);
  }, [toSignIn]);

  if (toSignIn) return <FullPageSpinner label={t('shell.loadingPermissions')} />;
  if (d.kind === 'redirect') return <Navigate to={d.to} replace />;
  if (user?.mustChangePassword) return <Navigate to="/modifyPwd" replace />;
  if (d.kind === 'load') return <FullPageSpinner label={t('shell.loadingPermissions')} />;
  return <>{children}</>;
}
