// Capped number entry (spec §5): values above `max` snap to `max`; below `min` (default 0) or
// non-numeric the value is '' (empty). While the field has focus the typed text is kept, so a
// number below `min` can be typed through ('1' on the way to '15' with min 5); on blur the field
// shows the value.
import { useState, type InputHTMLAttributes } from 'react';
import { clampNumber } from '@bo/domain';
import { InputFrame, inputClass, splitFrame, useInputFrame, type InputFrameProps } from './shell.js';

type NativeInput = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'size' | 'prefix' | 'id' | 'required' | 'min' | 'max'
>;

export interface CappedNumberInputProps extends InputFrameProps, NativeInput {
  value: number | '';
  onChange: (value: number | '') => void;
  min?: number;
  max?: number;
  /** Whole numbers only. */
  integer?: boolean;
}

function sanitize(text: string, allowNegative: boolean, integer: boolean): string {
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !dot && !integer) {
      dot = true;
      out += ch;
    } else if (ch === '-' && allowNegative && out === '') out += ch;
  }
  return out;
}

/** Controlled capped number input: `<CappedNumberInput label="人数" max={100} value={n} onChange={setN} />`; typing 120 gives 100. */
export function CappedNumberInput(props: CappedNumberInputProps) {
  const [frame, { value, onChange, min = 0, max, integer = false, className, onBlur, ...rest }] =
    splitFrame(props);
  const { id, control } = useInputFrame(frame);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <InputFrame frame={frame} id={id}>
      <input
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        {...rest}
        {...control}
        className={inputClass(`tabular-nums ${className ?? ''}`)}
        value={draft ?? String(value)}
        onChange={(e) => {
          let text = sanitize(e.target.value, min < 0, integer);
          const next = clampNumber(text, { min, max });
          if (next !== '' && max !== undefined && Number(text) > max) text = String(max);
          setDraft(text);
          onChange(next);
        }}
        onBlur={(e) => {
          setDraft(null);
          onBlur?.(e);
        }}
      />
    </InputFrame>
  );
}
