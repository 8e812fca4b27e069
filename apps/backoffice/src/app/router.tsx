// react-router 7 (history mode): public routes, the redirects of spec §2, and every other path
// through the guard into the layout shell, which picks the screen from the registry.
import { REDIRECTS } from '@bo/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Auth } from '../features/shell/Auth';
import { Layout } from '../features/shell/Layout';
import { Login } from '../features/shell/Login';
import { ModifyPwd } from '../features/shell/ModifyPwd';
import { ErrPage, NoAuth } from '../features/shell/StatusPages';
import { Guard } from './Guard';
import { RouteError } from './RouteError';
import { navigator } from './sdk';

export const routes: RouteObject[] = [
  { path: '/login', element: <Login />, errorElement: <RouteError /> },
  { path: '/auth', element: <Auth />, errorElement: <RouteError /> },
  { path: '/modifyPwd', element: <ModifyPwd />, errorElement: <RouteError /> },
  { path: '/noauth', element: <NoAuth /> },
  { path: '/err', element: <ErrPage /> },
  ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  {
    path: '*',
    element: (
      <Guard>
        <Layout />
      </Guard>
    ),
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
