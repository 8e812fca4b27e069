import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadPinyin } from './pinyin.js';
import { SearchSelect } from './SearchSelect.js';

afterEach(cleanup);
beforeAll(async () => {
  // jsdom has no ResizeObserver; Headless UI watches the input's size to place the options.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  await loadPinyin();
});

const people = [
  { value: 'E1', label: '张丽云', keywords: 'E1' },
  { value: 'E2', label: '王建国', keywords: 'E2' },
  { value: 'E3', label: '李晓燕', keywords: 'E3' },
];

function Harness({ seen }: { seen: string[] }) {
  const [v, setV] = useState<string>('');
  return (
    <SearchSelect
      label="员工"
      options={people}
      value={v}
      placeholder="全部"
      onChange={(x) => {
        seen.push(x);
        setV(x);
      }}
    />
  );
}

describe('SearchSelect', () => {
  it('is a labelled combobox that filters by pinyin initials and picks with the keyboard', async () => {
    const seen: string[] = [];
    render(<Harness seen={seen} />);
    const box = screen.getByRole('combobox', { name: '员工' });
    await act(async () => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: 'zly' } });
    });
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['张丽云']));
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(seen).toEqual(['E1']);
    expect((box as HTMLInputElement).value).toBe('张丽云');
  });

  it('matches the keywords (a code) and says when nothing matches', async () => {
    render(<Harness seen={[]} />);
    const box = screen.getByRole('combobox', { name: '员工' });
    await act(async () => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: 'e2' } });
    });
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['王建国']));
    await act(async () => {
      fireEvent.change(box, { target: { value: 'qqq' } });
    });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    expect(screen.getByRole('status').textContent).toBe('无匹配项');
  });

  it('tells the caller what is typed, so it can fetch the options by it', async () => {
    const typed: string[] = [];
    function Remote() {
      const [opts, setOpts] = useState<typeof people>([]);
      return (
        <SearchSelect
          label="学员"
          options={opts}
          value=""
          onChange={() => undefined}
          onQueryChange={(q) => {
            typed.push(q);
            setOpts(people.filter((p) => p.label.includes(q)));
          }}
        />
      );
    }
    render(<Remote />);
    const box = screen.getByRole('combobox', { name: '学员' });
    await act(async () => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: '王' } });
    });
    expect(typed).toEqual(['王']);
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['王建国']));
  });
});
