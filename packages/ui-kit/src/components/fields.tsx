// Form controls with visible labels, hints and errors wired by id (aria-describedby, aria-invalid).
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx.js';

export const controlClass =
  'block w-full rounded-md border border-line-strong bg-surface px-2.5 text-sm text-ink placeholder:text-subtle transition-[border-color,box-shadow] duration-100 ' +
  'hover:border-subtle focus:border-brand-500 focus:shadow-focus focus:outline-none disabled:cursor-not-allowed disabled:bg-canvas disabled:text-subtle ' +
  'aria-[invalid=true]:border-danger-500 aria-[invalid=true]:focus:shadow-[0_0_0_3px_rgb(245_74_69/0.18)]';

export interface FieldShellProps {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Label beside the control instead of above (compact search forms). */
  inline?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label + control + hint/error. Used by every field; exported for custom controls. */
export function FieldShell({
  id,
  label,
  hint,
  error,
  required,
  inline,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={cx(inline ? 'flex items-center gap-2' : 'flex flex-col gap-1', className)}>
      {label !== undefined && (
        // The required mark sits beside the <label>, so the label's text is the field's name alone.
        <span className={cx('text-xs font-medium text-ink-2', inline && 'shrink-0 whitespace-nowrap')}>
          {required && (
            <span className="mr-0.5 text-danger-500" aria-hidden="true">
              *
            </span>
          )}
          <label htmlFor={id}>{label}</label>
        </span>
      )}
      <div className={cx(inline && 'min-w-0 flex-1')}>{children}</div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

interface FieldBits {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  inline?: boolean;
  wrapperClassName?: string;
}

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'>, FieldBits {
  size?: 'sm' | 'md';
  prefix?: ReactNode;
  suffix?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    hint,
    error,
    inline,
    wrapperClassName,
    id,
    className,
    size = 'md',
    prefix,
    suffix,
    required,
    ...rest
  },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const input = (
    <input
      ref={ref}
      id={fid}
      required={required}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(fid, error, hint)}
      className={cx(
        controlClass,
        size === 'sm' ? 'h-control-sm text-xs' : 'h-control',
        prefix ? 'pl-8' : '',
        suffix ? 'pr-8' : '',
        className,
      )}
      {...rest}
    />
  );
  return (
    <FieldShell
      id={fid}
      label={label}
      hint={hint}
      error={error}
      required={required}
      inline={inline}
      className={wrapperClassName}
    >
      {prefix || suffix ? (
        <div className="relative">
          {prefix && (
            <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-subtle">
              {prefix}
            </span>
          )}
          {input}
          {suffix && (
            <span className="absolute inset-y-0 right-2.5 flex items-center text-subtle">{suffix}</span>
          )}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldBits {
  /** Shows "n / max" under the box when maxLength is set. */
  showCount?: boolean;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    hint,
    error,
    inline,
    wrapperClassName,
    id,
    className,
    showCount,
    maxLength,
    value,
    required,
    ...rest
  },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  const count = typeof value === 'string' ? value.length : 0;
  return (
    <FieldShell
      id={fid}
      label={label}
      hint={hint}
      error={error}
      required={required}
      inline={inline}
      className={wrapperClassName}
    >
      <div className="relative">
        <textarea
          ref={ref}
          id={fid}
          value={value}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          className={cx(
            controlClass,
            'min-h-24 resize-y py-1.5 leading-5',
            showCount && maxLength ? 'pb-6' : '',
            className,
          )}
          {...rest}
        />
        {showCount && maxLength !== undefined && (
          <span
            className="pointer-events-none absolute right-2.5 bottom-1.5 text-2xs tabular-nums text-subtle"
            aria-hidden="true"
          >
            {count} / {maxLength}
          </span>
        )}
      </div>
    </FieldShell>
  );
});

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps<V extends string | number = string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'size'>, FieldBits {
  options: ReadonlyArray<SelectOption<V>>;
  value: V | '' | null | undefined;
  onChange: (value: V | '') => void;
  /** Text of the empty option; omit to have none. */
  placeholder?: string;
  size?: 'sm' | 'md';
}

/** A native select (fast, accessible, keyboard-friendly in dense forms) with a label. */
export function Select<V extends string | number = string>({
  label,
  hint,
  error,
  inline,
  wrapperClassName,
  id,
  className,
  options,
  value,
  onChange,
  placeholder,
  size = 'md',
  required,
  ...rest
}: SelectProps<V>) {
  const auto = useId();
  const fid = id ?? auto;
  const numeric = options.length > 0 && options.every((o) => typeof o.value === 'number');
  return (
    <FieldShell
      id={fid}
      label={label}
      hint={hint}
      error={error}
      required={required}
      inline={inline}
      className={wrapperClassName}
    >
      <div className="relative">
        <select
          id={fid}
          required={required}
          value={value === null || value === undefined ? '' : String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fid, error, hint)}
          onChange={(e) => {
            const raw = e.target.value;
            onChange((raw === '' ? '' : numeric ? Number(raw) : raw) as V | '');
          }}
          className={cx(
            controlClass,
            'appearance-none pr-8',
            size === 'sm' ? 'h-control-sm text-xs' : 'h-control',
            value === '' || value == null ? 'text-subtle' : '',
            className,
          )}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled} className="text-ink">
              {typeof o.label === 'string' || typeof o.label === 'number' ? o.label : String(o.value)}
            </option>
          ))}
        </select>
        <svg
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-subtle"
          width="12"
          height="12"
          viewBox="0 0 12 12"
          aria-hidden="true"
        >
          <path
            d="M3 4.5 6 7.5 9 4.5"
            stroke="currentColor"
            strokeWidth="1.5"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </FieldShell>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  indeterminate?: boolean;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, id, className, indeterminate, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <label
      htmlFor={fid}
      className={cx(
        'inline-flex cursor-pointer items-center gap-2 text-sm text-ink select-none has-disabled:cursor-not-allowed has-disabled:text-subtle',
        className,
      )}
    >
      <input
        ref={(el) => {
          if (el) el.indeterminate = Boolean(indeterminate);
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        id={fid}
        type="checkbox"
        className="size-3.5 cursor-pointer rounded-xs border-line-strong accent-brand-500 disabled:cursor-not-allowed"
        {...rest}
      />
      {label}
    </label>
  );
});
