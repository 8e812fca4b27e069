// /home: a welcome with the user's name, roles, campuses and quick links to their screens.
import { Badge, Card, Icon } from '@bo/ui-kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../app/session';
import { useLocale, useT, type MessageKey } from '../../i18n';
import { useMenu } from '../shell/useMenu';

/** Quick entries shown before a group folds the rest behind "more". */
const FOLDED = 8;

/** A group's entries: the first eight, and a toggle for the rest so no screen is out of reach. */
function QuickLinks({ items, title }: { items: readonly { path: string; title: string }[]; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, FOLDED);
  return (
    <ul className="flex flex-wrap gap-1.5">
      {shown.map((i) => (
        <li key={i.path}>
          <Link
            to={i.path}
            className="inline-flex h-7 items-center gap-1 rounded-md bg-canvas px-2.5 text-xs text-ink-2 transition-colors hover:bg-brand-50 hover:text-brand-600"
          >
            {i.title}
          </Link>
        </li>
      ))}
      {items.length > FOLDED && (
        <li>
          <button
            type="button"
            aria-expanded={open}
            aria-label={
              open
                ? t('home.lessOf', { group: title })
                : t('home.moreOf', { group: title, n: items.length - FOLDED })
            }
            onClick={() => setOpen((v) => !v)}
            className="inline-flex h-7 items-center gap-1 rounded-md px-2.5 text-xs text-brand-600 transition-colors hover:bg-brand-50"
          >
            {open ? t('home.less') : t('home.more', { n: items.length - FOLDED })}
          </button>
        </li>
      )}
    </ul>
  );
}

function greetingKey(hour: number): MessageKey {
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

export default function Home() {
  const t = useT();
  const [locale] = useLocale();
  const user = useUser();
  const groups = useMenu();
  const now = new Date();
  const date = now.toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
  });

  return (
    <div className="mx-auto max-w-[1200px] space-y-4">
      <section className="relative overflow-hidden rounded-xl border border-line bg-surface px-6 py-6 shadow-card">
        <div
          className="pointer-events-none absolute -top-20 right-0 size-64 rounded-full bg-brand-100/60 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative flex flex-wrap items-center gap-5">
          <span
            className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-400 to-brand-600 text-xl font-semibold text-white shadow-[0_6px_20px_-4px_rgb(51_112_255/0.55)]"
            aria-hidden="true"
          >
            {(user?.name ?? '?').slice(0, 1)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-semibold tracking-tight text-ink">
              {t(greetingKey(now.getHours()), { name: user?.name ?? '' })}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('home.subtitle', { date })}</p>
          </div>
        </div>
        <dl className="relative mt-5 grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
          <div>
            <dt className="mb-1.5 text-xs font-medium text-subtle">{t('home.roles')}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {(user?.roles ?? []).map((r) => (
                <Badge key={r.code} tone="brand">
                  {r.name}
                </Badge>
              ))}
            </dd>
          </div>
          <div>
            <dt className="mb-1.5 text-xs font-medium text-subtle">{t('home.campuses')}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {user && user.schoolItems.length > 0 ? (
                user.schoolItems.map((s) => <Badge key={s.code}>{s.name}</Badge>)
              ) : (
                <span className="text-sm text-muted">{t('home.allCampuses')}</span>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <Card title={t('home.quickLinks')}>
        {groups.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('home.noLinks')}</p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {groups.map((g) => (
              <section
                key={g.key}
                aria-label={g.title}
                className="rounded-lg border border-line p-3.5 transition-colors hover:border-brand-200"
              >
                <header className="mb-2.5 flex items-center gap-2.5">
                  <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-500">
                    <Icon name={g.icon} size={16} />
                  </span>
                  <div>
                    <h3 className="text-sm font-semibold text-ink">{g.title}</h3>
                    <p className="text-2xs text-subtle">{t('home.screens', { n: g.items.length })}</p>
                  </div>
                </header>
                <QuickLinks items={g.items} title={g.title} />
              </section>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
