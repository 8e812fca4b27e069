// Text entry with a live length counter 'n/limit' where non-single-byte characters count 2
// (spec §5 text length). Input that would pass the limit is refused: the text stays as it was.
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { isWithinTextLength, textLength } from '@bo/domain';
import { controlClass } from '../components/fields.js';
import { cx } from '../components/cx.js';
import { InputFrame, inputClass, splitFrame, useInputFrame, type InputFrameProps } from './shell.js';

type Shared = 'value' | 'defaultValue' | 'onChange' | 'id' | 'required' | 'maxLength';

export interface TextWithCounterProps
  extends
    InputFrameProps,
    Omit<
      TextareaHTMLAttributes<HTMLTextAreaElement> & InputHTMLAttributes<HTMLInputElement>,
      Shared | 'type' | 'size' | 'prefix'
    > {
  value: string;
  onChange: (value: string) => void;
  /** Limit counted by `textLength` (CJK characters count 2). */
  limit: number;
  /** A textarea (default) or a single-line input. */
  multiline?: boolean;
}

/** Controlled text with a counter: `<TextWithCounter label="内容" limit={3000} value={v} onChange={setV} />` shows '0/3000'. */
export function TextWithCounter(props: TextWithCounterProps) {
  const [frame, { value, onChange, limit, multiline = true, className, ...rest }] = splitFrame(props);
  const counterId = `${useId()}-count`;
  const { id, control } = useInputFrame(frame, counterId);
  const used = textLength(value);
  const accept = (next: string) => {
    if (isWithinTextLength(next, limit)) onChange(next);
  };
  return (
    <InputFrame frame={frame} id={id}>
      {multiline ? (
        <textarea
          {...rest}
          {...control}
          className={cx(controlClass, 'min-h-24 resize-y py-1.5 leading-5', className)}
          value={value}
          onChange={(e) => accept(e.target.value)}
        />
      ) : (
        <input
          type="text"
          {...rest}
          {...control}
          className={inputClass(className)}
          value={value}
          onChange={(e) => accept(e.target.value)}
        />
      )}
      <p
        id={counterId}
        aria-live="polite"
        className={cx(
          'mt-0.5 text-right text-xs tabular-nums',
          used >= limit ? 'text-danger-600' : 'text-subtle',
        )}
      >
        {used}/{limit}
      </p>
    </InputFrame>
  );
}
