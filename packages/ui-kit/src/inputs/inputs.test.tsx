import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AmountInput, CappedNumberInput, DigitsInput, TextWithCounter } from './index.js';

afterEach(cleanup);

/** Types text one character at a time, as a person would, through change events. */
function typeInto(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  for (const ch of text) fireEvent.change(el, { target: { value: el.value + ch } });
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

describe('AmountInput', () => {
  function Harness({ initial = '' }: { initial?: string }) {
    const [v, setV] = useState(initial);
    return <AmountInput label="金额" value={v} onChange={setV} />;
  }

  it('keeps 7 integer digits and 2 decimals while typing', () => {
    render(<Harness />);
    const el = input('金额');
    typeInto(el, 'abc12345678.999');
    expect(el.value).toBe('1234567.99');
  });

  it('cleans a pasted value in one go', () => {
    render(<Harness />);
    const el = input('金额');
    fireEvent.change(el, { target: { value: 'abc12345678.999' } });
    expect(el.value).toBe('1234567.99');
    fireEvent.change(el, { target: { value: '.5' } });
    expect(el.value).toBe('0.5');
  });

  it('reports the cleaned string', () => {
    const seen: string[] = [];
    render(<AmountInput label="金额" value="" onChange={(v) => seen.push(v)} />);
    fireEvent.change(input('金额'), { target: { value: '12a.345' } });
    expect(seen).toEqual(['12.34']);
  });

  it('can hide the label and still be named', () => {
    render(<AmountInput label="税额" hideLabel value="" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: '税额' })).toBeTruthy();
    expect(screen.queryByText('税额')).toBeNull();
  });

  it('wires the error to the control', () => {
    render(<AmountInput label="金额" error="必填" value="" onChange={() => undefined} />);
    const el = input('金额');
    expect(el.getAttribute('aria-invalid')).toBe('true');
    expect(el.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });
});

describe('DigitsInput', () => {
  function Harness({ maxLength }: { maxLength?: number }) {
    const [v, setV] = useState('');
    return <DigitsInput label="手机号" value={v} onChange={setV} maxLength={maxLength} />;
  }

  it('strips non-digits', () => {
    render(<Harness />);
    const el = input('手机号');
    typeInto(el, '1a3-8 0.');
    expect(el.value).toBe('1380');
    fireEvent.change(el, { target: { value: '+86 138-0013-8000' } });
    expect(el.value).toBe('8613800138000');
  });

  it('respects maxLength on a paste', () => {
    render(<Harness maxLength={11} />);
    const el = input('手机号');
    fireEvent.change(el, { target: { value: '1380013800099' } });
    expect(el.value).toBe('13800138000');
  });
});

describe('CappedNumberInput', () => {
  function Harness({
    min,
    max,
    onValue,
  }: {
    min?: number;
    max?: number;
    onValue?: (v: number | '') => void;
  }) {
    const [v, setV] = useState<number | ''>('');
    return (
      <CappedNumberInput
        label="人数"
        min={min}
        max={max}
        value={v}
        onChange={(x) => {
          setV(x);
          onValue?.(x);
        }}
      />
    );
  }

  it('clamps to max', () => {
    const seen: (number | '')[] = [];
    render(<Harness max={100} onValue={(v) => seen.push(v)} />);
    const el = input('人数');
    typeInto(el, '120');
    expect(el.value).toBe('100');
    expect(seen.at(-1)).toBe(100);
  });

  it('is empty below min but lets a larger number be typed through', () => {
    const seen: (number | '')[] = [];
    render(<Harness min={5} max={50} onValue={(v) => seen.push(v)} />);
    const el = input('人数');
    typeInto(el, '1');
    expect(seen.at(-1)).toBe('');
    expect(el.value).toBe('1');
    typeInto(el, '5');
    expect(seen.at(-1)).toBe(15);
    fireEvent.change(el, { target: { value: '3' } });
    fireEvent.blur(el);
    expect(el.value).toBe('');
  });

  it('drops a minus sign and letters with the default min 0', () => {
    const seen: (number | '')[] = [];
    render(<Harness onValue={(v) => seen.push(v)} />);
    const el = input('人数');
    fireEvent.change(el, { target: { value: '-3' } });
    expect(seen.at(-1)).toBe(3);
    fireEvent.change(el, { target: { value: 'abc' } });
    expect(seen.at(-1)).toBe('');
    fireEvent.change(el, { target: { value: '0' } });
    expect(seen.at(-1)).toBe(0);
  });

  it('shows the value when not editing', () => {
    render(<CappedNumberInput label="人数" value={42} onChange={() => undefined} />);
    expect(input('人数').value).toBe('42');
  });
});

describe('TextWithCounter', () => {
  function Harness({ limit, multiline }: { limit: number; multiline?: boolean }) {
    const [v, setV] = useState('');
    return <TextWithCounter label="内容" limit={limit} multiline={multiline} value={v} onChange={setV} />;
  }

  it('counts CJK characters as 2 and shows n/limit', () => {
    render(<Harness limit={10} />);
    const el = screen.getByLabelText<HTMLTextAreaElement>('内容');
    expect(el.tagName).toBe('TEXTAREA');
    expect(screen.getByText('0/10')).toBeTruthy();
    typeInto(el, 'ab中文');
    expect(screen.getByText('6/10')).toBeTruthy();
    expect(el.getAttribute('aria-describedby')).toContain(screen.getByText('6/10').id);
  });

  it('refuses input beyond the limit', () => {
    render(<Harness limit={5} />);
    const el = screen.getByLabelText<HTMLTextAreaElement>('内容');
    typeInto(el, 'abc中');
    expect(el.value).toBe('abc中');
    typeInto(el, 'd');
    expect(el.value).toBe('abc中');
    expect(screen.getByText('5/5')).toBeTruthy();
    fireEvent.change(el, { target: { value: 'abc中文' } });
    expect(el.value).toBe('abc中');
  });

  it('can be a single-line input', () => {
    render(<Harness limit={4} multiline={false} />);
    const el = input('内容');
    expect(el.tagName).toBe('INPUT');
    typeInto(el, '中文x');
    expect(el.value).toBe('中文');
    expect(screen.getByText('4/4')).toBeTruthy();
  });
});
