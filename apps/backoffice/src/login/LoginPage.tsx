// /login, a page of its own (login.html): username and password; QR and enterprise sign-in when the
// server has them configured. No router, query cache or SDK: after sign-in a full page load opens
// the back office, which reads the session this page stored.
import { Button, Icon, TextField } from '@bo/ui-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { pageLoad } from '../app/pageLoad';
import { QR_STATE_KEY, session } from '../app/session';
import { pickLanguage } from '../i18n/bilingual';
import { useLocale, useT } from '../i18n';
import { AuthFrame } from '../features/shell/AuthFrame';
import { afterSignIn, signIn, signInMethods, SignInError, type SignInMethods } from './signIn';

/** After the sign-in: store the session as the back office reads it and open where the user was headed. */
function finish(user: Parameters<typeof session.signIn>[0]) {
  session.signIn(user);
  pageLoad.go(afterSignIn(user, window.location.search), { replace: true });
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

type SignInField = 'username' | 'password';
/** The bounds of the contract's LoginInput, which the server checks again. */
const MAX: Record<SignInField, number> = { username: 64, password: 128 };

/**
 * The sign-in form, on its own rather than on the form kit: the kit brings react-hook-form, zod and
 * the system contract (≈ 60 KiB gzip), more than the whole page; two required boxes need none of it.
 */
function useSignInForm() {
  const t = useT();
  const [locale] = useLocale();
  const [values, setValues] = useState<Record<SignInField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: SignInField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const body = { username: values.username.trim(), password: values.password };
    const missing: Partial<Record<SignInField, string>> = {};
    if (!body.username) missing.username = t('login.required', { field: t('login.username') });
    if (!body.password) missing.password = t('login.required', { field: t('login.password') });
    setErrors(missing);
    setProblem(null);
    const first = (['username', 'password'] as const).find((f) => missing[f]);
    if (first) {
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      finish(await signIn(body));
      // The page is being replaced: the button stays busy meanwhile.
    } catch (err) {
      // A refusal naming a field goes under it; the rest (wrong password, throttled) on top.
      const text = pickLanguage(err instanceof Error ? err.message : String(err), locale);
      const field = err instanceof SignInError ? err.field : null;
      if (field) setErrors({ [field]: text });
      else setProblem(text);
      setBusy(false);
    }
  };
  return { values, errors, problem, busy, set, submit };
}

export function LoginPage() {
  const t = useT();
  const [mode, setMode] = useState<'password' | 'qr' | 'enterprise'>('password');
  const form = useSignInForm();
  const [methods, setMethods] = useState<SignInMethods>({ qr: null, enterprise: false });

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('app.name')}`;
  }, [t]);

  useEffect(() => {
    let live = true;
    void signInMethods().then((m) => {
      if (live) setMethods(m);
    });
    return () => {
      live = false;
    };
  }, []);
  const { qr, enterprise } = methods;
  // ModifyPwd comes back here with ?changed=1 after the own password change.
  const passwordChanged = new URLSearchParams(window.location.search).get('changed') === '1';

  return (
    <AuthFrame>
      {mode === 'password' && (
        <>
          <h1 className="text-2xl font-semibold text-ink">{t('login.welcome')}</h1>
          <p className="mt-1.5 mb-8 text-sm text-muted">{t('login.subtitle')}</p>
          {passwordChanged && (
            <p role="status" className="mb-4 rounded-md bg-success-50 px-3 py-2 text-sm text-success-700">
              {t('pwd.done')}
            </p>
          )}
          <form
            noValidate
            aria-label={t('login.title')}
            className="space-y-4"
            onSubmit={(e) => void form.submit(e)}
          >
            {form.problem && (
              <div role="alert" className="rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700">
                {form.problem}
              </div>
            )}
            <TextField
              name="username"
              label={t('login.username')}
              required
              autoComplete="username"
              autoFocus
              maxLength={MAX.username}
              className="h-control-lg text-base"
              placeholder={t('login.usernamePlaceholder')}
              prefix={<Icon name="user" size={15} />}
              value={form.values.username}
              error={form.errors.username}
              onChange={(e) => form.set('username', e.target.value)}
            />
            <TextField
              name="password"
              type="password"
              label={t('login.password')}
              required
              autoComplete="current-password"
              maxLength={MAX.password}
              className="h-control-lg text-base"
              placeholder={t('login.passwordPlaceholder')}
              prefix={<Icon name="lock" size={15} />}
              value={form.values.password}
              error={form.errors.password}
              onChange={(e) => form.set('password', e.target.value)}
            />
            <Button type="submit" variant="primary" size="lg" className="w-full" loading={form.busy}>
              {t('login.submit')}
            </Button>
          </form>
          <div className="mt-4 flex justify-end text-xs">
            <a href="/modifyPwd" className="text-muted hover:text-brand-600">
              {t('login.forgot')}
            </a>
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
            <Button variant="primary" className="mt-5 w-full" onClick={() => pageLoad.go(qrUrl(qr))}>
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
