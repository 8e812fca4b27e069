import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx.js';
import { Spinner } from './Spinner.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  icon?: ReactNode;
  /** Square icon-only button; give it an aria-label. */
  iconOnly?: boolean;
}

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-500 text-white hover:bg-brand-600 active:bg-brand-700 shadow-[inset_0_-1px_0_rgb(0_0_0/0.12)] disabled:bg-brand-300',
  secondary:
    'bg-surface text-ink border border-line-strong hover:bg-hover hover:border-subtle/60 active:bg-line disabled:text-disabled disabled:bg-surface',
  ghost: 'bg-transparent text-ink-2 hover:bg-hover hover:text-ink active:bg-line disabled:text-disabled',
  danger: 'bg-danger-500 text-white hover:bg-danger-600 active:bg-danger-700 disabled:bg-danger-100',
  link: 'bg-transparent text-brand-500 hover:text-brand-700 hover:underline px-0! h-auto!',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'h-control-sm px-2.5 text-xs gap-1 rounded-sm',
  md: 'h-control px-3.5 text-sm gap-1.5 rounded-md',
  lg: 'h-control-lg px-5 text-base gap-2 rounded-md',
};
const iconSizes: Record<ButtonSize, string> = {
  sm: 'w-control-sm px-0!',
  md: 'w-control px-0!',
  lg: 'w-control-lg px-0!',
};

/** The one button. `loading` disables it and shows a spinner (aria-busy). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'secondary',
    size = 'md',
    loading = false,
    icon,
    iconOnly,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex shrink-0 select-none items-center justify-center whitespace-nowrap font-medium transition-colors duration-100 disabled:cursor-not-allowed',
        variants[variant],
        sizes[size],
        iconOnly && iconSizes[size],
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner size={size === 'sm' ? 12 : 14} /> : icon}
      {children}
    </button>
  );
});
