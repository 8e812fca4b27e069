// Top bar (spec §2): collapse toggle, page title, refresh, feedback, help centre, user menu.
import { Button, Dropdown, Icon, Tooltip, useConfirm } from '@bo/ui-kit';
import { shanghaiDateTime } from '@bo/domain';
import { useNavigate } from 'react-router';
import { useDataAsOf } from '../../app/dataAsOf';
import { goToLogin } from '../../app/sdk';
import { useSession } from '../../app/session';
import { useLocale, useT } from '../../i18n';
import { logout } from './logout';

const HELP_URL: string =
  (import.meta.env.VITE_HELP_CENTER_URL as string | undefined) ?? 'https://docs.qq.com/';

export interface TopBarProps {
  title: string;
  collapsed: boolean;
  onToggle: () => void;
  onRefresh: () => void;
  onFeedback: () => void;
  canSeeFeedbackList: boolean;
}

export function TopBar({
  title,
  collapsed,
  onToggle,
  onRefresh,
  onFeedback,
  canSeeFeedbackList,
}: TopBarProps) {
  const t = useT();
  const [locale, setLocale] = useLocale();
  const { user } = useSession();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const dataAsOf = useDataAsOf();
  const go = (to: string) => {
    Promise.resolve(navigate(to)).catch(() => undefined);
  };

  const onLogout = async () => {
    if (
      !(await confirm({
        title: t('shell.logout'),
        message: t('shell.logoutConfirm'),
        okText: t('shell.logout'),
      }))
    )
      return;
    await logout();
    goToLogin();
  };

  const initial = (user?.name ?? '?').slice(0, 1);

  return (
    <header className="flex h-13 shrink-0 items-center gap-1 border-b border-line bg-surface pr-3 pl-2">
      <Button
        variant="ghost"
        iconOnly
        aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
        aria-expanded={!collapsed}
        onClick={onToggle}
        icon={<Icon name={collapsed ? 'menuUnfold' : 'menuFold'} size={18} />}
      />
      <h1 className="ml-1 truncate text-[15px] font-semibold text-ink">{title}</h1>
      <Tooltip content={t('shell.refresh')} side="bottom">
        <Button
          variant="ghost"
          size="sm"
          iconOnly
          aria-label={t('shell.refresh')}
          onClick={onRefresh}
          icon={<Icon name="refresh" size={15} />}
          className="ml-1 text-subtle"
        />
      </Tooltip>
      {dataAsOf && (
        <span role="status" className="ml-3 rounded bg-warning-50 px-2 py-0.5 text-xs text-warning-700">
          {t('shell.dataAsOf', { time: shanghaiDateTime(dataAsOf).slice(11) })}
        </span>
      )}
      <div className="flex-1" />
      <Dropdown
        label={t('shell.feedback')}
        trigger={
          <>
            <Icon name="feedback" size={16} />
            <span className="hidden sm:inline">{t('shell.feedback')}</span>
          </>
        }
        items={[
          {
            key: 'new',
            label: t('shell.feedbackNew'),
            onSelect: onFeedback,
            icon: <Icon name="plus" size={14} />,
          },
          ...(canSeeFeedbackList
            ? [
                {
                  key: 'list',
                  label: t('shell.feedbackList'),
                  onSelect: () => go('/operation/feedback'),
                  icon: <Icon name="file" size={14} />,
                },
              ]
            : []),
        ]}
      />
      <a
        href={HELP_URL}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-control items-center gap-1.5 rounded-md px-2 text-sm text-ink-2 hover:bg-hover hover:text-ink"
      >
        <Icon name="help" size={16} />
        <span className="hidden sm:inline">{t('shell.help')}</span>
      </a>
      <div className="mx-1.5 h-5 w-px bg-line" aria-hidden="true" />
      <Dropdown
        label={t('shell.userMenu')}
        triggerClassName="pl-1 pr-2"
        trigger={
          <>
            <span
              className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
              aria-hidden="true"
            >
              {user?.avatar ? (
                <img src={user.avatar} alt="" className="size-7 rounded-full object-cover" />
              ) : (
                initial
              )}
            </span>
            <span className="max-w-28 truncate text-sm text-ink">{user?.name}</span>
            <Icon name="chevronDown" size={13} className="text-subtle" />
          </>
        }
        items={[
          {
            key: 'who',
            heading: (
              <span>
                <span className="font-medium text-ink">{user?.name}</span> · {user?.username}
              </span>
            ),
          },
          { key: 's1', separator: true },
          { key: 'lang-h', heading: t('shell.language') },
          {
            key: 'zh',
            label: '简体中文',
            hint: locale === 'zh-CN' ? '✓' : undefined,
            onSelect: () => setLocale('zh-CN'),
            icon: <Icon name="globe" size={14} />,
          },
          {
            key: 'en',
            label: 'English',
            hint: locale === 'en' ? '✓' : undefined,
            onSelect: () => setLocale('en'),
            icon: <Icon name="globe" size={14} />,
          },
          { key: 's2', separator: true },
          {
            key: 'pwd',
            label: t('shell.changePassword'),
            onSelect: () => go('/modifyPwd'),
            icon: <Icon name="lock" size={14} />,
          },
          {
            key: 'out',
            label: t('shell.logout'),
            onSelect: () => void onLogout(),
            danger: true,
            icon: <Icon name="logout" size={14} />,
          },
        ]}
      />
    </header>
  );
}
