// /modifyPwd: old, new, confirm. Signed in: /auth/chgpwd; signed out: /auth/chgpass with the username.
// Afterwards the user signs in again.
import { ChangePasswordInput, ChgPassInput } from '@bo/api-sdk';
import { Button, FormText, FormView, SubmitButton, TextField } from '@bo/ui-kit';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useCommandForm } from '../../app/form';
import { clearLogin, goToLogin, queryClient, sdk } from '../../app/sdk';
import { pageLoad } from '../../app/pageLoad';
import { useSession } from '../../app/session';
import { useT, type TFunction } from '../../i18n';
import { AuthFrame } from './AuthFrame';

/** The change form: the contract's password rules, plus the confirmation and "not the same" checks. */
function pwdSchema(signedIn: boolean, t: TFunction) {
  return ChangePasswordInput.extend({
    // Signed in, the account is the session's; signed out, /auth/chgpass needs the username.
    username: signedIn ? ChgPassInput.shape.username.optional() : ChgPassInput.shape.username,
    confirm: z.string().min(1),
  })
    .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: t('pwd.mismatch') })
    .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: t('pwd.same') });
}

export function ModifyPwd() {
  const t = useT();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const schema = useMemo(() => pwdSchema(Boolean(token), t), [token, t]);

  useEffect(() => {
    document.title = `${t('pwd.title')} · ${t('app.name')}`;
  }, [t]);

  const form = useCommandForm({
    schema,
    defaultValues: { username: '', oldPassword: '', newPassword: '', confirm: '' },
    refresh: false,
    onSubmit: async ({ username, oldPassword, newPassword }) => {
      if (token) await sdk.system.changePassword({ body: { oldPassword, newPassword } });
      else
        await sdk.system.chgpass({
          body: { username: username ?? '', oldpassword: oldPassword, newpassword: newPassword },
        });
    },
    onDone: async () => {
      if (token) {
        try {
          await sdk.system.logout();
        } catch {
          /* the change already revoked other sessions */
        }
      }
      clearLogin();
      queryClient.clear();
      // The sign-in page says the password changed (the toast would not survive the page load).
      pageLoad.go('/login?changed=1', { replace: true });
    },
  });

  return (
    <AuthFrame>
      <h1 className="text-2xl font-semibold text-ink">{t('pwd.title')}</h1>
      <p className="mt-1.5 mb-6 text-sm text-muted">
        {user?.mustChangePassword ? t('pwd.forced') : t('pwd.subtitle')}
      </p>
      <FormView form={form} className="space-y-4" aria-label={t('pwd.title')}>
        {token ? (
          <TextField label={t('pwd.username')} value={user?.username ?? ''} readOnly disabled />
        ) : (
          <FormText form={form} name="username" label={t('pwd.username')} autoComplete="username" />
        )}
        <FormText
          form={form}
          name="oldPassword"
          label={t('pwd.old')}
          type="password"
          autoComplete="current-password"
        />
        <FormText
          form={form}
          name="newPassword"
          label={t('pwd.new')}
          type="password"
          autoComplete="new-password"
          hint={t('pwd.rule')}
        />
        <FormText
          form={form}
          name="confirm"
          label={t('pwd.confirm')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton form={form} size="lg" className="w-full">
          {t('pwd.submit')}
        </SubmitButton>
      </FormView>
      <Button
        variant="link"
        className="mt-4"
        onClick={() => (token ? Promise.resolve(navigate('/home')).catch(() => undefined) : goToLogin())}
      >
        {t('pwd.back')}
      </Button>
    </AuthFrame>
  );
}
