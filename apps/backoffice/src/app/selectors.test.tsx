import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n';
import { CampusSelect, RegionSelect } from './selectors';
import { session } from './session';
import { testUser } from './testUser';

function Harness({ kind, type }: { kind: 'region' | 'campus'; type: 1 | 2 }) {
  const [v, setV] = useState<string | number | ''>('');
  return (
    <I18nProvider>
      {kind === 'region' ? (
        <RegionSelect type={type} value={v} onChange={setV} />
      ) : (
        <CampusSelect type={type} value={v} onChange={setV} />
      )}
      <output>{String(v)}</output>
    </I18nProvider>
  );
}

const optionTexts = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);

/** The choices a combobox offers once opened. */
async function comboboxTexts(label: string) {
  await act(async () => {
    fireEvent.focus(screen.getByRole('combobox', { name: label }));
  });
  return screen.getAllByRole('option').map((o) => o.textContent);
}

// jsdom has no ResizeObserver; Headless UI's combobox watches its input's size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('region and campus selectors', () => {
  afterEach(() => {
    cleanup();
    session.clear();
  });

  it('type 1 offers All (code 0) and preselects a single own region', () => {
    session.signIn(testUser());
    render(<Harness kind="region" type={1} />);
    expect(optionTexts('区域')).toEqual(['全部', '华东']);
    expect(screen.getByRole('status').textContent).toBe('HD');
  });
  it('type 2 has no All, lists only the own campuses and opens on the first', async () => {
    session.signIn(
      testUser({
        schoolItems: [
          { code: 'SH01', name: '上海一校', provincetypecode: 'HD' },
          { code: 'HZ01', name: '杭州一校', provincetypecode: 'HD' },
        ],
      }),
    );
    render(<Harness kind="campus" type={2} />);
    // One campus at a time: the list opens on the first of the user's campuses, not empty.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('SH01'));
    expect(await comboboxTexts('校区')).toEqual(['请选择', '上海一校', '杭州一校']);
  });
});
