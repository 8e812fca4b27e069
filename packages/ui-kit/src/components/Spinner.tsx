import { cx } from './cx.js';

export interface SpinnerProps {
  size?: number;
  className?: string;
  label?: string;
}

/** An indeterminate progress ring; `label` makes it announce itself (role=status). */
export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className={cx('inline-flex', className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        className="animate-spin"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
