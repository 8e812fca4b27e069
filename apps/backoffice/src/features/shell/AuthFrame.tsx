// The two-pane frame of the public sign-in pages: brand panel left, the form card right.
import { Icon } from '@bo/ui-kit';
import type { ReactNode } from 'react';
import { useLocale, useT } from '../../i18n';

const FEATURES = [
  { icon: 'target', zh: '线索跟进、公海与转介绍', en: 'Clue follow-up, high-sea pool and referrals' },
  { icon: 'calendar', zh: '一对一与集体课排课', en: 'One-to-one and group scheduling' },
  { icon: 'wallet', zh: '订单、审批与对账', en: 'Orders, approvals and statements' },
  { icon: 'chart', zh: '经营看板与报表', en: 'Dashboards and reports' },
];

export function AuthFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const [locale, setLocale] = useLocale();
  return (
    <div className="flex min-h-screen bg-surface">
      <aside className="relative hidden w-[44%] max-w-[640px] overflow-hidden bg-[#0f1c3f] lg:flex lg:flex-col lg:justify-between">
        <div className="pointer-events-none absolute inset-0" aria-hidden="true">
          <div className="absolute -top-32 -left-24 size-[420px] rounded-full bg-brand-500/40 blur-[100px]" />
          <div className="absolute right-[-120px] bottom-[-80px] size-[380px] rounded-full bg-[#22b8cf]/25 blur-[110px]" />
          <svg className="absolute inset-0 size-full opacity-[0.07]" aria-hidden="true">
            <defs>
              <pattern id="grid" width="32" height="32" patternUnits="userSpaceOnUse">
                <path d="M32 0H0V32" fill="none" stroke="white" strokeWidth="1" />
              </pattern>
            </defs>
            <rect width="100%" height="100%" fill="url(#grid)" />
          </svg>
        </div>
        <div className="relative flex items-center gap-3 px-12 pt-10">
          <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-400 to-brand-600 text-base font-bold text-white shadow-[0_4px_16px_rgb(51_112_255/0.5)]">
            教
          </span>
          <span className="text-base font-semibold tracking-wide text-white">{t('app.name')}</span>
        </div>
        <div className="relative px-12">
          <h2 className="max-w-md text-3xl leading-tight font-semibold text-balance text-white">
            {t('app.tagline')}
          </h2>
          <ul className="mt-8 space-y-3.5">
            {FEATURES.map((f) => (
              <li key={f.icon} className="flex items-center gap-3 text-sm text-white/75">
                <span className="flex size-8 items-center justify-center rounded-lg bg-white/8 text-brand-200 ring-1 ring-white/10">
                  <Icon name={f.icon} size={16} />
                </span>
                {locale === 'en' ? f.en : f.zh}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative px-12 pb-8 text-xs text-white/40">
          © {new Date().getFullYear()} · {t('login.footer')}
        </p>
      </aside>
      <main className="relative flex flex-1 items-center justify-center px-6 py-12">
        <div
          className="absolute top-5 right-6 flex gap-1 text-xs"
          role="group"
          aria-label={t('shell.language')}
        >
          <button
            type="button"
            aria-pressed={locale === 'zh-CN'}
            onClick={() => setLocale('zh-CN')}
            className={
              locale === 'zh-CN'
                ? 'rounded-md bg-hover px-2 py-1 font-medium text-ink'
                : 'rounded-md px-2 py-1 text-muted hover:text-ink'
            }
          >
            简体中文
          </button>
          <button
            type="button"
            aria-pressed={locale === 'en'}
            onClick={() => setLocale('en')}
            className={
              locale === 'en'
                ? 'rounded-md bg-hover px-2 py-1 font-medium text-ink'
                : 'rounded-md px-2 py-1 text-muted hover:text-ink'
            }
          >
            English
          </button>
        </div>
        <div className="w-full max-w-[360px]">{children}</div>
      </main>
    </div>
  );
}
