// Shared frame of the rule-backed inputs: a visible <label> (or aria-label when hidden), hint and error.
import { useId, type ReactNode } from 'react';
import { FieldShell, controlClass } from '../components/fields.js';
import { cx } from '../components/cx.js';

/** Props every rule-backed input takes besides its value. */
export interface InputFrameProps {
  /** Accessible name: a visible <label>, or `aria-label` when `hideLabel` is set. */
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  inline?: boolean;
  wrapperClassName?: string;
  id?: string;
}

/** Ids and aria attributes for the control inside an InputFrame. */
export function useInputFrame(
  { id, label, hideLabel, hint, error, required }: InputFrameProps,
  extraDescribedBy?: string,
) {
  const auto = useId();
  const fid = id ?? auto;
  const described = [error ? `${fid}-error` : hint ? `${fid}-hint` : undefined, extraDescribedBy]
    .filter(Boolean)
    .join(' ');
  return {
    id: fid,
    control: {
      id: fid,
      required,
      'aria-label': hideLabel ? label : undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': described || undefined,
    },
  };
}

/** The label, control and hint/error around an input. */
export function InputFrame({
  frame,
  id,
  children,
}: {
  frame: InputFrameProps;
  id: string;
  children: ReactNode;
}) {
  const { label, hideLabel, hint, error, required, inline, wrapperClassName } = frame;
  return (
    <FieldShell
      id={id}
      label={hideLabel ? undefined : label}
      hint={hint}
      error={error}
      required={required}
      inline={inline}
      className={wrapperClassName}
    >
      {children}
    </FieldShell>
  );
}

/** Class of a single-line control. */
export function inputClass(className?: string): string {
  return cx(controlClass, 'h-control', className);
}

/** Splits the frame props from the rest. */
export function splitFrame<P extends InputFrameProps>(
  props: P,
): [InputFrameProps, Omit<P, keyof InputFrameProps>] {
  const { label, hideLabel, hint, error, required, inline, wrapperClassName, id, ...rest } = props;
  return [{ label, hideLabel, hint, error, required, inline, wrapperClassName, id }, rest];
}
