// /login: username and password; QR and enterprise sign-in when the server has them configured.
import type { TUserToken } from '@bo/api-sdk';
// The system slice alone: the whole contract (every slice) would triple what /login downloads.
import { system } from '@bo/api-sdk/contract/system';
import { Button, FormText, FormView, Icon, SubmitButton } from '@bo/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bodyOf, useCommandForm } from '../../app/form';
import { safeRedirect } from '../../app/guard';
import { queryClient, sdk } from '../../app/sdk';
import { session } from '../../app/session';
import { useT } from '../../i18n';
import { AuthFrame } from './AuthFrame';

export const QR_STATE_KEY = 'qrLoginState';

/** After any sign-in: store the session and go where the user was headed (or to change the password). */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (user: TUserToken) => {
    queryClient.clear();
    session.signIn(user);
    const to = user.mustChangePassword ? '/modifyPwd' : safeRedirect(params.get('redirect'));
    Promise.resolve(navigate(to, { replace: true })).catch(() => undefined);
  };
}

/** An unguessable OAuth `state` (128 bits from the browser's CSPRNG), checked on return by /auth. */
function newOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function qrUrl(authorizeUrl: string): string {
  const state = newOAuthState();
  sessionStorage.setItem(QR_STATE_KEY, state);
  const u = new URL(authorizeUrl, window.location.origin);
  if (!u.searchParams.has('redirect_uri'))
    u.searchParams.set('redirect_uri', `${window.location.origin}/auth`);
  u.searchParams.set('state', state);
  return u.toString();
}

// The sign-in body (the endpoint also takes it as a query, hence the optional wrapper).
const SignIn = bodyOf(system.login).unwrap();

export function Login() {
  const t = useT();
  const finish = useFinishSignIn();
  const [mode, setMode] = useState<'password' | 'qr' | 'enterprise'>('password');
  const form = useCommandForm({
    schema: SignIn,
    defaultValues: { username: '', password: '' },
    onSubmit: (body) => sdk.system.login({ body }),
    // A new session starts from an empty cache (finish clears it), so nothing to refresh here.
    refresh: false,
    onDone: (user) => finish(user),
  });

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  const options = useQuery({
    queryKey: ['system', 'loginOptions'],
    queryFn: () => sdk.system.loginOptions(),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const qr =
    options.data?.dingQr.enabled && options.data.dingQr.authorizeUrl
      ? options.data.dingQr.authorizeUrl
      : null;
  const enterprise = Boolean(options.data?.wxcp.enabled);

  return (
    <AuthFrame>
      {mode === 'password' && (
        <>
          <h1 className="text-2xl font-semibold text-ink">{t('login.welcome')}</h1>
          <p className="mt-1.5 mb-8 text-sm text-muted">{t('login.subtitle')}</p>
          <FormView form={form} className="space-y-4" aria-label={t('login.title')}>
            <FormText
              form={form}
              name="username"
              label={t('login.username')}
              autoComplete="username"
              autoFocus
              inputClassName="h-control-lg text-base"
              placeholder={t('login.usernamePlaceholder')}
              prefix={<Icon name="user" size={15} />}
            />
            <FormText
              form={form}
              name="password"
              type="password"
              label={t('login.password')}
              autoComplete="current-password"
              inputClassName="h-control-lg text-base"
              placeholder={t('login.passwordPlaceholder')}
              prefix={<Icon name="lock" size={15} />}
            />
            <SubmitButton form={form} size="lg" className="w-full">
              {t('login.submit')}
            </SubmitButton>
          </FormView>
          <div className="mt-4 flex justify-end text-xs">
            <Link to="/modifyPwd" className="text-muted hover:text-brand-600">
              {t('login.forgot')}
            </Link>
          </div>
          {(qr || enterprise) && (
            <div className="mt-8">
              <div className="flex items-center gap-3 text-xs text-subtle">
                <span className="h-px flex-1 bg-line" />
                {t('login.or')}
                <span className="h-px flex-1 bg-line" />
              </div>
              <div className="mt-4 grid gap-2">
                {qr && (
                  <Button onClick={() => setMode('qr')} icon={<Icon name="qrcode" size={15} />}>
                    {t('login.qr')}
                  </Button>
                )}
                {enterprise && (
                  <Button onClick={() => setMode('enterprise')} icon={<Icon name="building" size={15} />}>
                    {t('login.enterprise')}
                  </Button>
                )}
              </div>
            </div>
          )}
        </>
      )}
      {mode === 'qr' && qr && (
        <section aria-label={t('login.qr')}>
          <h1 className="text-2xl font-semibold text-ink">{t('login.qr')}</h1>
          <div className="mt-6 flex flex-col items-center rounded-xl border border-line bg-canvas p-6 text-center">
            <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-500">
              <Icon name="qrcode" size={32} />
            </span>
            <p className="mt-4 text-sm text-muted">{t('login.qrHint')}</p>
            <Button
              variant="primary"
              className="mt-5 w-full"
              onClick={() => window.location.assign(qrUrl(qr))}
            >
              {t('login.qrGo')}
            </Button>
          </div>
          <Button variant="link" className="mt-4" onClick={() => setMode('password')}>
            {t('login.backToPassword')}
          </Button>
        </section>
      )}
      {mode === 'enterprise' && (
        <section aria-label={t('login.enterprise')}>
          <h1 className="text-2xl font-semibold text-ink">{t('login.enterprise')}</h1>
          <div className="mt-6 rounded-xl border border-line bg-canvas p-6 text-sm text-muted">
            {t('login.enterpriseHint')}
          </div>
          <Button variant="link" className="mt-4" onClick={() => setMode('password')}>
            {t('login.backToPassword')}
          </Button>
        </section>
      )}
    </AuthFrame>
  );
}
