// /modifyPwd: old, new, confirm. Signed in: /auth/chgpwd; signed out: /auth/chgpass with the username.
// Afterwards the user signs in again.
import { NewPassword } from '@bo/api-sdk';
import { Button, TextField, useToast } from '@bo/ui-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearLogin, errorText, queryClient, sdk } from '../../app/sdk';
import { useSession } from '../../app/session';
import { useT } from '../../i18n';
import { AuthFrame } from './AuthFrame';

export function ModifyPwd() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const [username, setUsername] = useState('');
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('pwd.title')} · ${t('app.name')}`;
  }, [t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ((!token && !username.trim()) || !oldPassword || !newPassword || !confirm)
      return setError(t('pwd.required'));
    if (newPassword !== confirm) return setError(t('pwd.mismatch'));
    if (newPassword === oldPassword) return setError(t('pwd.same'));
    const rule = NewPassword.safeParse(newPassword);
    if (!rule.success) return setError(errorText(new Error(rule.error.issues[0]?.message ?? t('pwd.rule'))));
    setBusy(true);
    setError(null);
    try {
      if (token) await sdk.system.changePassword({ body: { oldPassword, newPassword } });
      else
        await sdk.system.chgpass({
          body: { username: username.trim(), oldpassword: oldPassword, newpassword: newPassword },
        });
      if (token) {
        try {
          await sdk.system.logout();
        } catch {
          /* the change already revoked other sessions */
        }
      }
      clearLogin();
      queryClient.clear();
      toast.success(t('pwd.done'));
      Promise.resolve(navigate('/login', { replace: true })).catch(() => undefined);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
    return undefined;
  };

  return (
    <AuthFrame>
      <h1 className="text-2xl font-semibold text-ink">{t('pwd.title')}</h1>
      <p className="mt-1.5 mb-6 text-sm text-muted">
        {user?.mustChangePassword ? t('pwd.forced') : t('pwd.subtitle')}
      </p>
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate aria-label={t('pwd.title')}>
        {token ? (
          <TextField label={t('pwd.username')} value={user?.username ?? ''} readOnly disabled />
        ) : (
          <TextField
            label={t('pwd.username')}
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        )}
        <TextField
          label={t('pwd.old')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOld(e.target.value)}
        />
        <TextField
          label={t('pwd.new')}
          type="password"
          autoComplete="new-password"
          hint={t('pwd.rule')}
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
        <TextField
          label={t('pwd.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {error && (
          <p
            role="alert"
            className="rounded-md bg-danger-50 px-3 py-2 text-sm text-danger-700 ring-1 ring-danger-100 ring-inset"
          >
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" size="lg" loading={busy} className="w-full">
          {t('pwd.submit')}
        </Button>
      </form>
      <Button
        variant="link"
        className="mt-4"
        onClick={() => Promise.resolve(navigate(token ? '/home' : '/login')).catch(() => undefined)}
      >
        {t('pwd.back')}
      </Button>
    </AuthFrame>
  );
}
