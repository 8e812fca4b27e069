// react-router 7 (history mode): public routes, the redirects of spec §2, and every other path
// through the guard into the layout shell, which picks the screen from the registry.
// Every page is a lazy route. /login is not one: it is a page of its own (login.html, src/login),
// which every way to the sign-in reaches by a full page load (goToLogin).
import { REDIRECTS } from '@bo/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [
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
  return createBrowserRouter(routes);
}
