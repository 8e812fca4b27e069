// Error element of the router: chunk failures and DOMExceptions reload once, anything else → /err.
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { reloadOnce, wantsReload } from './reload';

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    if (wantsReload(error) && reloadOnce()) return;
    console.error(error);
    Promise.resolve(navigate('/err', { replace: true })).catch(() => undefined);
  }, [error, navigate]);
  return null;
}
