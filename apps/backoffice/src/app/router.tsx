// react-router 7 (history mode): public routes, the redirects of spec §2, and every other path
// through the guard into the layout shell, which picks the screen from the registry.
// Every page is a lazy route: /login downloads the sign-in form, not the signed-in shell
// (menus, tables, dialogs) nor the contract.
import { REDIRECTS } from '@bo/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';
import { navigator } from './sdk';

export const routes: RouteObject[] = [
  {
    path: '/login',
    lazy: async () => ({ Component: (await import('../features/shell/Login')).Login }),
    errorElement: <RouteError />,
  },
  {
    path: '/auth',
    lazy: async () => ({ Component: (await import('../features/shell/Auth')).Auth }),
    errorElement: <RouteError />,
  },
  {
    path: '/modifyPwd',
    lazy: async () => ({ Component: (await import('../features/shell/ModifyPwd')).ModifyPwd }),
    errorElement: <RouteError />,
  },
  {
    path: '/noauth',
    lazy: async () => ({ Component: (await import('../features/shell/StatusPages')).NoAuth }),
  },
  {
    path: '/err',
    lazy: async () => ({ Component: (await import('../features/shell/StatusPages')).ErrPage }),
  },
  ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  {
    path: '*',
    lazy: async () => {
      const [{ Guard }, { Layout }] = await Promise.all([
        import('./Guard'),
        import('../features/shell/Layout'),
      ]);
      return {
        Component: () => (
          <Guard>
            <Layout />
          </Guard>
        ),
      };
    },
    errorElement: <RouteError />,
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  navigator.go = (to) => {
    // Failed navigations are swallowed (spec §2).
    router.navigate(to, { replace: true }).catch(() => undefined);
  };
  return router;
}
