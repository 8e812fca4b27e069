// A bar or card click opens the rows behind a figure below the charts: the panel scrolls into view,
// or the click would seem lost (issue 34 §4).
import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screenTest } from '../../app/screenTest';
import { I18nProvider } from '../../i18n';
import { dashboardMessages } from './messages';
import { DrillPanel, useDrill } from './parts';

const calls = vi.hoisted(() => ({ drillPage: vi.fn(), drillExport: vi.fn() }));
vi.mock('../../app/sdk', () => ({
  sdk: { dashboards: calls },
  errorText: (e: unknown) => String(e),
}));

function Screen() {
  const drill = useDrill();
  return (
    <>
      <button type="button" onClick={() => drill.open('received')}>
        bar
      </button>
      <DrillPanel filter={{}} drill={drill} figureName={() => '收款'} />
    </>
  );
}

describe('the drill-down of a dashboard figure', () => {
  screenTest({ messages: [dashboardMessages], waitMs: 8000 });

  it('scrolls the rows behind the clicked figure into view', async () => {
    calls.drillPage.mockResolvedValue({ list: [], total: 0, sumCents: 0, sumHours: 0 });
    // jsdom has no scrollIntoView: one for this test, taken away after it.
    const scrolled = vi.fn();
    const before = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true });
    onTestFinished(() => {
      if (before) Object.defineProperty(Element.prototype, 'scrollIntoView', before);
      else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/dataStatistics/incomeGM']}>
              <Screen />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(scrolled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'bar' }));
    expect(await screen.findByText('收款 · 明细')).toBeTruthy();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBeInstanceOf(HTMLElement);
    expect((scrolled.mock.contexts[0] as HTMLElement).textContent).toContain('收款 · 明细');
  });
});
