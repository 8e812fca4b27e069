// Amount entry (spec §5): digits and one dot, at most 7 integer digits and 2 decimals while typing.
import { type InputHTMLAttributes, type Ref } from 'react';
import { AMOUNT_DECIMALS, AMOUNT_MAX_INT_DIGITS, parseAmountInput } from '@bo/domain';
import { InputFrame, inputClass, splitFrame, useInputFrame, type InputFrameProps } from './shell.js';

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'size' | 'prefix' | 'id' | 'required'
>;

export interface AmountInputProps extends InputFrameProps, NativeInput {
  /** The amount as typed text, e.g. '1234.5' ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  maxIntDigits?: number;
  decimals?: number;
  /** The input element (a form focuses the first invalid field). */
  ref?: Ref<HTMLInputElement>;
}

/** Controlled amount input: `<AmountInput label="金额" value={v} onChange={setV} />`; typing 'abc12345678.999' gives '1234567.99'. */
export function AmountInput(props: AmountInputProps) {
  const [
    frame,
    {
      value,
      onChange,
      ref,
      maxIntDigits = AMOUNT_MAX_INT_DIGITS,
      decimals = AMOUNT_DECIMALS,
      className,
      ...rest
    },
  ] = splitFrame(props);
  const { id, control } = useInputFrame(frame);
  return (
    <InputFrame frame={frame} id={id}>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        {...rest}
        {...control}
        ref={ref}
        className={inputClass(`tabular-nums ${className ?? ''}`)}
        value={value}
        onChange={(e) => onChange(parseAmountInput(e.target.value, maxIntDigits, decimals))}
      />
    </InputFrame>
  );
}
