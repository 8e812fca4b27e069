import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n';
import { UpdateChecker } from './UpdateChecker';

const page = (name: string) => `<script type="module" crossorigin src="/assets/${name}.js"></script>`;

describe('update prompt', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('asks to refresh when the served build changed, and stays quiet after "later"', async () => {
    // The prompt is its own chunk, which the page fetches soon after it is up: here, at once.
    await import('./UpdateDialog');
    document.head.innerHTML = page('index-OLD');
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(page('index-NEW')));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <I18nProvider>
        <UpdateChecker intervalMs={1000} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('dialog', { name: '提示' })).toBeTruthy();
    expect(screen.getByText('系统有更新，请点击刷新按钮刷新页面')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了，稍后手动刷新' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Loading the prompt's module (ui-kit's dialog) takes seconds on a busy machine.
  }, 20_000);
});
