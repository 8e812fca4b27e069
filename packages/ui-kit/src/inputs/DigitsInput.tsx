// Digits-only entry (spec §5 number inputs): every non-digit is stripped as it is typed.
import { type InputHTMLAttributes } from 'react';
import { digitsOnly } from '@bo/domain';
import { InputFrame, inputClass, splitFrame, useInputFrame, type InputFrameProps } from './shell.js';

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'size' | 'prefix' | 'id' | 'required'
>;

export interface DigitsInputProps extends InputFrameProps, NativeInput {
  value: string;
  onChange: (value: string) => void;
}

/** Controlled digits-only input: `<DigitsInput label="手机号" maxLength={11} value={v} onChange={setV} />`; 'a1-2 3' gives '123'. */
export function DigitsInput(props: DigitsInputProps) {
  const [frame, { value, onChange, className, ...rest }] = splitFrame(props);
  const { id, control } = useInputFrame(frame);
  return (
    <InputFrame frame={frame} id={id}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        {...rest}
        {...control}
        className={inputClass(`tabular-nums ${className ?? ''}`)}
        value={value}
        onChange={(e) => {
          const next = digitsOnly(e.target.value);
          onChange(
            rest.maxLength !== undefined && rest.maxLength >= 0 ? next.slice(0, rest.maxLength) : next,
          );
        }}
      />
    </InputFrame>
  );
}
