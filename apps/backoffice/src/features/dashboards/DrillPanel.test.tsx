// A bar or card click opens the rows behind a figure below the charts: the panel scrolls into view,
// or the click would seem lost (issue 34 §4). Gross profit opens on the latest ended month holding
// costs (one file: both mock the SDK, and the app's test project shares modules between files).
import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screenTest } from '../../app/screenTest';
import { I18nProvider } from '../../i18n';
import { dashboardMessages } from './messages';
import GrossProfit from './GrossProfit';
import { DrillPanel, useDrill } from './parts';

const calls = vi.hoisted(() => ({
  drillPage: vi.fn(),
  drillExport: vi.fn(),
  profitLatestMonth: vi.fn(),
  profitSummary: vi.fn(),
  profitCampusDistribution: vi.fn(),
  profitCostRatio: vi.fn(),
}));
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

const figures = { revenueCents: 500_000, schoolCostCents: 120_000, payrollCents: 80_000 };
const profit = (period: { startDate: string; endDate: string }) => ({
  period,
  ...figures,
  costCents: 200_000,
  profitCents: 300_000,
  marginPct: 60,
});

function mountProfit(url = '/dataStatistics/grossProfit') {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <GrossProfit />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('gross profit', () => {
  screenTest({ messages: [dashboardMessages], waitMs: 8000 });
  const october = { startDate: '2031-10-01', endDate: '2031-10-31' };
  const answer = (q: { query: { startDate?: string; endDate?: string } }) => {
    const period = { startDate: q.query.startDate ?? '2031-11-01', endDate: q.query.endDate ?? '2031-11-30' };
    return Promise.resolve(profit(period));
  };
  const mockFigures = () => {
    calls.profitSummary.mockImplementation(answer);
    calls.profitCampusDistribution.mockImplementation((q: { query: typeof october }) =>
      Promise.resolve({
        period: q.query,
        rows: [],
        total: { schoolItemCode: '', schoolItemName: '合计', ...profit(q.query) },
      }),
    );
    calls.profitCostRatio.mockImplementation((q: { query: typeof october }) =>
      Promise.resolve({ period: q.query, totalCents: 0, rows: [] }),
    );
  };

  it('opens on the latest ended month holding costs, never first on the month running', async () => {
    calls.profitLatestMonth.mockResolvedValue(october);
    mockFigures();
    mountProfit();
    expect(await screen.findByText(/2031-10-01 ~ 2031-10-31/)).toBeTruthy();
    expect(await screen.findByText('¥3,000.00')).toBeTruthy();
    for (const call of [calls.profitSummary, calls.profitCampusDistribution, calls.profitCostRatio])
      expect(call.mock.calls.map((c: unknown[]) => (c[0] as { query: unknown }).query)).toEqual([october]);
  });

  it('keeps a period named in the URL', async () => {
    calls.profitLatestMonth.mockResolvedValue(october);
    mockFigures();
    mountProfit('/dataStatistics/grossProfit?ds.startDate=2031-06-01&ds.endDate=2031-07-31');
    expect(await screen.findByText(/2031-06-01 ~ 2031-07-31/)).toBeTruthy();
    expect(calls.profitSummary).toHaveBeenCalledWith({
      query: { startDate: '2031-06-01', endDate: '2031-07-31' },
    });
    expect(calls.profitSummary).not.toHaveBeenCalledWith({ query: october });
  });

  it('opens on the current month while no ended month holds costs', async () => {
    calls.profitLatestMonth.mockResolvedValue(null);
    mockFigures();
    mountProfit();
    expect(await screen.findByText(/2031-11-01 ~ 2031-11-30/)).toBeTruthy();
    expect(calls.profitSummary).toHaveBeenCalledWith({ query: {} });
  });
});
