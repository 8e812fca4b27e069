import type { ReactNode } from 'react';
import { cx } from './cx.js';

export type Tone =
  'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info' | 'orange' | 'blue' | 'green' | 'grey';

const tones: Record<Tone, string> = {
  neutral: 'bg-hover text-ink-2 ring-line-strong/60',
  grey: 'bg-hover text-muted ring-line-strong/60',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  info: 'bg-info-50 text-info-700 ring-info-100',
  blue: 'bg-info-50 text-info-700 ring-info-100',
  success: 'bg-success-50 text-success-700 ring-success-100',
  green: 'bg-success-50 text-success-700 ring-success-100',
  warning: 'bg-warning-50 text-warning-700 ring-warning-100',
  orange: 'bg-warning-50 text-warning-700 ring-warning-100',
  danger: 'bg-danger-50 text-danger-700 ring-danger-100',
};

export interface BadgeProps {
  tone?: Tone;
  children: ReactNode;
  dot?: boolean;
  className?: string;
}

/** A status label (e.g. activity status: orange/blue/green/grey of spec §4). */
export function Badge({ tone = 'neutral', children, dot, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex h-5 items-center gap-1 rounded-sm px-1.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {dot && <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />}
      {children}
    </span>
  );
}

/** A small numeric counter (menu items, tabs); `max` caps the display (e.g. 999+). */
export function CountBadge({
  count,
  max = 999,
  tone = 'danger',
  className,
  label,
}: {
  count: number;
  max?: number;
  tone?: 'danger' | 'brand' | 'warning';
  className?: string;
  label?: string;
}) {
  const bg = tone === 'danger' ? 'bg-danger-500' : tone === 'warning' ? 'bg-warning-500' : 'bg-brand-500';
  return (
    <span
      aria-label={label}
      className={cx(
        'inline-flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-2xs leading-none font-semibold text-white tabular-nums',
        bg,
        className,
      )}
    >
      {count > max ? `${max}+` : count}
    </span>
  );
}
