// 查询 on the case list always reloads, even with the keyword already shown (issue 34 §4).
import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { masterMessages } from '../../app/masterMessages';
import { screenTest } from '../../app/screenTest';
import { I18nProvider } from '../../i18n';
import { dashboardMessages } from '../dashboards/messages';
import CaseConsumption from './CaseConsumption';
import { reportMessages } from './messages';

const calls = vi.hoisted(() => ({ caseConsumption: vi.fn() }));
vi.mock('../../app/sdk', () => {
  // The filter bar's selectors read campuses and regions: any other call answers an empty list.
  const empty = new Proxy({}, { get: () => () => Promise.resolve([]) });
  return {
    sdk: new Proxy({ reports: calls } as Record<string, unknown>, { get: (o, k) => o[String(k)] ?? empty }),
    errorText: (e: unknown) => String(e),
  };
});

const answer = (total: number) => ({
  list: [],
  total,
  pageIdx: 1,
  pageSize: 20,
  consumedCents: 0,
  consumedHours: 0,
});

describe('case consumption', () => {
  screenTest({ messages: [reportMessages, dashboardMessages, masterMessages], waitMs: 8000 });

  it('reads the cases again when 查询 is pressed with the keyword already shown', async () => {
    calls.caseConsumption.mockResolvedValue(answer(3));
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/dataStatistics/caseConsumption?cc.keyword=%E5%B0%8F%E6%98%8E']}>
              <CaseConsumption />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    await vi.waitFor(() => expect(calls.caseConsumption).toHaveBeenCalledTimes(1));
    expect(calls.caseConsumption.mock.calls[0]?.[0]).toMatchObject({ query: { keyword: '小明' } });
    fireEvent.click(await screen.findByRole('button', { name: '查询' }));
    await vi.waitFor(() => expect(calls.caseConsumption).toHaveBeenCalledTimes(2));
    expect(calls.caseConsumption.mock.calls[1]?.[0]).toMatchObject({ query: { keyword: '小明' } });
  });
});
