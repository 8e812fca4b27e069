import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { listMessages } from '../../app/list/messages';
import { masterMessages } from '../../app/masterMessages';
import { screenTest } from '../../app/screenTest';
import { Frontline } from './Area';
import Kjbonus from './Kjbonus';
import { payrollMessages } from './messages';

// The payroll screens that open on the latest period: the role areas and the class bonus (one file,
// as both mock the SDK and the app's test project shares modules between files).
const calls = vi.hoisted(() => ({
  latestPeriod: vi.fn(),
  areaPage: vi.fn(),
  areaList: vi.fn(),
  kjbonus: vi.fn(),
}));
vi.mock('../../app/sdk', () => ({
  sdk: {
    payroll: calls,
    organisation: {
      allSchoolItems: () =>
        Promise.resolve([
          { code: 'SH01', name: '上海一校', validstatus: 1 },
          { code: 'HZ01', name: '杭州一校', validstatus: 1 },
        ]),
    },
  },
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const slip = {
  employeeCode: 'E0005',
  employeeName: '陈思远',
  schoolItemCode: 'SH01',
  schoolItemName: '上海一校',
  role: 'teacher',
  postName: '教师',
  skillRankCode: null,
  computed: '1200.00',
  adjusted: '0.00',
  total: '1200.00',
  lines: 1,
};

function mount(url = '/staffsalary/frontline') {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <Frontline />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('payroll area screens', () => {
  screenTest({ messages: [listMessages, masterMessages, payrollMessages], waitMs: 8000 });

  it('open on the latest month holding payroll, and the payslip is of the month the user then chose', async () => {
    calls.latestPeriod.mockResolvedValue({ year: 2031, month: 2 });
    calls.areaPage.mockResolvedValue({ list: [slip], total: 1, pageIdx: 1, pageSize: 20 });
    calls.areaList.mockResolvedValue([]);
    mount();
    await screen.findByText('陈思远');
    expect(calls.latestPeriod).toHaveBeenCalledWith({ query: { area: 'frontline' } });
    expect(calls.areaPage).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ year: 2031, month: 2 }) }),
    );
    // The latest month is the one shown: no note pointing elsewhere.
    expect(screen.queryByRole('button', { name: '查看该月' })).toBeNull();

    // The user picks January and searches; the payslip opened is January's.
    fireEvent.change(screen.getByLabelText('月份'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await vi.waitFor(() =>
      expect(calls.areaPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ query: expect.objectContaining({ year: 2031, month: 1 }) }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('陈思远 的工资条（2031-01）')).toBeTruthy();
    expect(calls.areaList).toHaveBeenCalledWith({
      params: { area: 'frontline' },
      query: { year: 2031, month: 1, schoolItemCode: 'SH01', employeeCode: 'E0005' },
    });
    // Away from the latest month, the screen says where the latest payroll is.
    expect(screen.getByText(/最近一期薪资在 2031年2月/)).toBeTruthy();
  });

  it('say so when no payroll has been computed yet, and open on the current month', async () => {
    calls.latestPeriod.mockResolvedValue(null);
    calls.areaPage.mockResolvedValue({ list: [], total: 0, pageIdx: 1, pageSize: 20 });
    mount();
    await screen.findByText(/尚未计算过薪资/);
    const now = new Date();
    await vi.waitFor(() =>
      expect(calls.areaPage).toHaveBeenCalledWith(
        expect.objectContaining({
          query: expect.objectContaining({ year: now.getFullYear(), month: now.getMonth() + 1 }),
        }),
      ),
    );
  });
});

const bonus = {
  employeeCode: 'E0105',
  employeeName: '沈佳怡',
  schoolItemCode: 'HZ01',
  hours: 66,
  threshold: 60,
  bonus: '500.00',
};

function mountBonus(url = '/staffsalary/kjbonus') {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <Kjbonus />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('class bonus screen', () => {
  screenTest({ messages: [listMessages, masterMessages, payrollMessages], waitMs: 8000 });

  it('opens on the latest month holding class bonuses, over all of the user’s campuses', async () => {
    calls.latestPeriod.mockResolvedValue({ year: 2031, month: 2 });
    calls.kjbonus.mockResolvedValue([bonus]);
    mountBonus();
    await screen.findByText('沈佳怡');
    // Asked for the bonus's latest period, not the latest payroll (a later month may hold no bonus).
    expect(calls.latestPeriod).toHaveBeenCalledWith({ query: { item: 'kjbonus' } });
    expect(calls.kjbonus).toHaveBeenCalledWith({
      query: { year: 2031, month: 2, schoolItemCode: undefined },
    });
    expect(screen.queryByRole('button', { name: '查看该月' })).toBeNull();
  });

  it('keeps the period and campus of the URL, and says where the latest class bonuses are', async () => {
    calls.latestPeriod.mockResolvedValue({ year: 2031, month: 2 });
    calls.kjbonus.mockResolvedValue([]);
    mountBonus('/staffsalary/kjbonus?year=2030&month=11&schoolItemCode=HZ01');
    await screen.findByText('最近一期课酬奖金在 2031年2月');
    expect(screen.getByRole('button', { name: '查看该月' })).toBeTruthy();
    expect(calls.kjbonus).toHaveBeenCalledWith({
      query: { year: 2030, month: 11, schoolItemCode: 'HZ01' },
    });
    expect(calls.kjbonus).not.toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ month: 2 }) }),
    );
  });

  it('says so when no class bonus exists yet', async () => {
    calls.latestPeriod.mockResolvedValue(null);
    calls.kjbonus.mockResolvedValue([]);
    mountBonus();
    await screen.findByText(/尚无课酬奖金/);
  });
});
