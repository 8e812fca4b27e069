import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  padded?: boolean;
}

/** A white panel with an optional header (title left, actions right). */
export function Card({ title, extra, padded = true, className, children, ...rest }: CardProps) {
  return (
    <section className={cx('rounded-lg border border-line bg-surface shadow-card', className)} {...rest}>
      {(title !== undefined || extra !== undefined) && (
        <header className="flex min-h-11 items-center justify-between gap-3 border-b border-line px-4 py-2">
          {title !== undefined && <h2 className="text-sm font-semibold text-ink">{title}</h2>}
          {extra !== undefined && <div className="flex items-center gap-2">{extra}</div>}
        </header>
      )}
      <div className={cx(padded && 'p-4')}>{children}</div>
    </section>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: ReactNode;
  className?: string;
}

/** The title row of a screen: h1, a line of description, actions on the right. */
export function PageHeader({ title, description, actions, breadcrumb, className }: PageHeaderProps) {
  return (
    <div className={cx('mb-4 flex flex-wrap items-end justify-between gap-3', className)}>
      <div className="min-w-0">
        {breadcrumb && <div className="mb-1 text-xs text-subtle">{breadcrumb}</div>}
        <h1 className="truncate text-xl font-semibold tracking-tight text-ink">{title}</h1>
        {/* A div, not a p: a description may hold a filter form or blocks. */}
        {description && <div className="mt-0.5 text-sm text-muted">{description}</div>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/**
 * What an empty list or a finished search says. Marked `data-empty-state`, so the screen walk
 * (e2e/tests/system/oneLanguage.spec.ts) finds the screens that open empty.
 */
export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div
      data-empty-state=""
      className={cx('flex flex-col items-center justify-center px-6 py-12 text-center', className)}
    >
      <div className="mb-3 text-disabled" aria-hidden="true">
        {icon ?? (
          <svg width="56" height="44" viewBox="0 0 56 44" fill="none">
            <rect x="6" y="10" width="44" height="30" rx="4" fill="currentColor" opacity="0.18" />
            <path d="M6 22h14l3 5h10l3-5h14" stroke="currentColor" strokeWidth="1.6" />
            <path d="M12 10l5-7h22l5 7" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        )}
      </div>
      <p className="text-sm font-medium text-ink-2">{title}</p>
      {description && <p className="mt-1 max-w-sm text-xs text-subtle">{description}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
