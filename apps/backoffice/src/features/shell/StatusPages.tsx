// /noauth, /err and the not-found page.
import { Button, Icon } from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n';
import { homePath } from '../../app/guard';
import { hasScreen } from '../../app/registry';
import { useSession } from '../../app/session';
import { logout } from './logout';
import { goToLogin } from '../../app/sdk';

function StatusPage({
  code,
  title,
  text,
  icon,
  actions,
  embedded,
}: {
  code: string;
  title: string;
  text: string;
  icon: string;
  actions: ReactNode;
  embedded?: boolean;
}) {
  return (
    <div
      className={
        embedded
          ? 'flex min-h-full items-center justify-center p-8'
          : 'flex min-h-screen items-center justify-center bg-canvas p-8'
      }
    >
      <div className="max-w-md text-center">
        <div className="relative mx-auto mb-6 flex size-24 items-center justify-center">
          <span className="absolute inset-0 rounded-full bg-brand-50" aria-hidden="true" />
          <span className="absolute inset-3 rounded-full bg-brand-100/70" aria-hidden="true" />
          <Icon name={icon} size={36} className="relative text-brand-500" />
        </div>
        <p className="font-mono text-xs tracking-[0.2em] text-subtle">{code}</p>
        {embedded ? (
          <h2 className="mt-1 text-2xl font-semibold text-ink">{title}</h2>
        ) : (
          <h1 className="mt-1 text-2xl font-semibold text-ink">{title}</h1>
        )}
        <p className="mt-2 text-sm text-muted">{text}</p>
        <div className="mt-6 flex justify-center gap-2">{actions}</div>
      </div>
    </div>
  );
}

function HomeButton() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Button variant="primary" onClick={() => Promise.resolve(navigate('/home')).catch(() => undefined)}>
      {t('common.backHome')}
    </Button>
  );
}

export function NoAuth() {
  const t = useT();
  const { permissions } = useSession();
  // A role that holds no screen at all: "back home" would lead here again; say so and offer to sign out.
  const noScreen = permissions !== null && homePath(permissions, hasScreen) === null;
  return (
    <StatusPage
      code="403"
      icon="shield"
      title={t('noauth.title')}
      text={t(noScreen ? 'noauth.noScreen' : 'noauth.text')}
      actions={
        noScreen ? (
          <Button variant="primary" onClick={() => void logout().then(() => goToLogin())}>
            {t('shell.logout')}
          </Button>
        ) : (
          <HomeButton />
        )
      }
    />
  );
}

export function ErrPage() {
  const t = useT();
  return (
    <StatusPage
      code="ERROR"
      icon="alert"
      title={t('err.title')}
      text={t('err.text')}
      actions={
        <>
          <Button onClick={() => window.location.assign('/home')}>{t('err.retry')}</Button>
          <HomeButton />
        </>
      }
    />
  );
}

export function NotFound({ embedded }: { embedded?: boolean }) {
  const t = useT();
  return (
    <StatusPage
      code="404"
      icon="search"
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={<HomeButton />}
      embedded={embedded}
    />
  );
}
