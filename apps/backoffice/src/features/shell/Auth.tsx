// /auth: the sign-in provider's return page (?code=&state= for the QR login, ?code=&appid= for the enterprise
// one, ?dd_code=&redirect= for the income dashboard's mobile-chat link, sent here by the guard).
import { ApiError, type TUserToken } from '@bo/api-sdk';
import { Button, Spinner } from '@bo/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/pageLoad';
import { errorText, goToLogin, queryClient, sdk } from '../../app/sdk';
import { QR_STATE_KEY, session } from '../../app/session';
import { useT } from '../../i18n';
import { AuthFrame } from './AuthFrame';

/** After the provider's sign-in: store the session and go where the user was headed (or to change the password). */
function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (user: TUserToken) => {
    queryClient.clear();
    session.signIn(user);
    const to = user.mustChangePassword ? '/modifyPwd' : safeRedirect(params.get('redirect'));
    Promise.resolve(navigate(to, { replace: true })).catch(() => undefined);
  };
}

export function Auth() {
  const t = useT();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const dd = params.get('dd_code');
    if (dd) {
      sdk.system
        .loginDashboard({ query: { code: dd } })
        .then(finish)
        .catch((e: unknown) => setError(e instanceof ApiError ? errorText(e) : t('auth.failed')));
      return;
    }
    const code = params.get('code') ?? params.get('authCode');
    const appid = params.get('appid');
    const state = params.get('state');
    const expected = sessionStorage.getItem(QR_STATE_KEY);
    sessionStorage.removeItem(QR_STATE_KEY);
    if (!code) {
      setError(t('auth.missingCode'));
      return;
    }
    // The QR sign-in must come back with the state this browser sent: a missing or different one is
    // a forged or replayed return (login CSRF), refused before the code is spent.
    if (!appid && (!expected || state !== expected)) {
      setError(t('auth.failed'));
      return;
    }
    const call = appid
      ? sdk.system.wxcpLogin({ params: { appid }, query: { code } })
      : sdk.system.dingQrLogin({ body: { code, type: 2 } });
    call
      .then(finish)
      .catch((e: unknown) => setError(e instanceof ApiError ? errorText(e) : t('auth.failed')));
  }, [params, finish, t]);

  return (
    <AuthFrame>
      {error ? (
        <div>
          <h1 className="text-xl font-semibold text-ink">{t('auth.failed')}</h1>
          <p role="alert" className="mt-3 rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
            {error}
          </p>
          <Button variant="primary" className="mt-6 w-full" onClick={() => goToLogin()}>
            {t('auth.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 text-brand-500">
          <Spinner size={28} label={t('auth.working')} />
          <p className="text-sm text-muted">{t('auth.working')}</p>
        </div>
      )}
    </AuthFrame>
  );
}
