import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider } from '@bo/ui-kit';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import DataExport from './DataExport';
import { payopsMessages } from './messages';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  areaPage: vi.fn(),
  areaExport: vi.fn(),
  hoursPage: vi.fn(),
  hoursExport: vi.fn(),
  linesPage: vi.fn(),
  linesExport: vi.fn(),
  confirmedPage: vi.fn(),
  confirmedExport: vi.fn(),
  downloadBlob: vi.fn(),
}));
vi.mock('../../app/sdk', () => ({
  sdk: {
    payroll: calls,
    classHours: calls,
    organisation: { allSchoolItems: () => Promise.resolve([{ code: 'SH01', name: '上海一校' }]) },
  },
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));
vi.mock('../../app/list', () => ({ downloadBlob: calls.downloadBlob }));

const page = (total: number) => ({ list: [], total, pageIdx: 1, pageSize: 1 });

function mount(url = '/financial/dataExport') {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <MemoryRouter initialEntries={[url]}>
            <DataExport />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('finance data export', { timeout: 20_000 }, () => {
  screenTest({ messages: [payopsMessages], waitMs: 5000 });

  it("counts the chosen area's payslips of the month, then downloads the server's workbook of them all", async () => {
    calls.areaPage.mockResolvedValue(page(42));
    calls.areaExport.mockResolvedValue(new Blob(['xlsx']));
    mount();
    expect(screen.getByText('选择导出内容和期间后点击“查询”。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('导出内容'), { target: { value: 'slips:consult' } });
    fireEvent.change(screen.getByLabelText('年份'), { target: { value: '2031' } });
    fireEvent.change(screen.getByLabelText('月份'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('姓名/工号'), { target: { value: 'E0001' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));

    await screen.findByText('2031-03 共 42 行工资条 · 课程顾问符合条件，将全部导出。');
    expect(calls.areaPage).toHaveBeenCalledWith({
      params: { area: 'consult' },
      query: { year: 2031, month: 3, schoolItemCode: undefined, keyword: 'E0001', pageIdx: 1, pageSize: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await screen.findByText('已导出 42 行');
    expect(calls.areaExport).toHaveBeenCalledWith({
      params: { area: 'consult' },
      query: { year: 2031, month: 3, schoolItemCode: undefined, keyword: 'E0001' },
    });
    expect(calls.downloadBlob).toHaveBeenCalledTimes(1);
    expect(String(calls.downloadBlob.mock.calls[0]?.[1])).toMatch(/^工资条 · 课程顾问_2031-03_\d{8}\.xlsx$/);
  });

  it('exports every salary line and the confirmed lessons of a month through their own endpoints', async () => {
    calls.linesPage.mockResolvedValue(page(120));
    calls.linesExport.mockResolvedValue(new Blob(['xlsx']));
    mount('/financial/dataExport?kind=lines&year=2031&month=3&schoolItemCode=SH01');
    await screen.findByText('2031-03 共 120 行薪酬明细（逐行）符合条件，将全部导出。');
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await screen.findByText('已导出 120 行');
    expect(calls.linesExport).toHaveBeenCalledWith({
      query: { year: 2031, month: 3, schoolItemCode: 'SH01', keyword: undefined },
    });
    cleanup();

    calls.confirmedPage.mockResolvedValue(page(7));
    calls.confirmedExport.mockResolvedValue(new Blob(['xlsx']));
    mount('/financial/dataExport?kind=confirmed&year=2031&month=3&keyword=E0005');
    await screen.findByText('2031-03 共 7 行课时确认明细符合条件，将全部导出。');
    expect(calls.confirmedPage).toHaveBeenCalledWith({
      query: { year: 2031, month: 3, schoolItemCode: undefined, keyword: 'E0005', pageIdx: 1, pageSize: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await screen.findByText('已导出 7 行');
    expect(String(calls.downloadBlob.mock.calls.at(-1)?.[1])).toMatch(/^课时确认明细_2031-03_\d{8}\.xlsx$/);
  });

  it('says a large count is an estimate, and that every row was exported', async () => {
    calls.hoursPage.mockResolvedValue({ ...page(184654), totalEstimated: true });
    calls.hoursExport.mockResolvedValue(new Blob(['xlsx']));
    mount('/financial/dataExport?kind=hours&year=2031&month=3');
    await screen.findByText('2031-03 约 184654 行计薪课时明细符合条件（估计值），将全部导出。');
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await screen.findByText('已导出全部计薪课时明细');
  });

  it('counts again when 查询 is pressed with the filters already shown', async () => {
    calls.hoursPage.mockReset();
    calls.hoursPage.mockResolvedValueOnce(page(10)).mockResolvedValueOnce(page(11));
    mount('/financial/dataExport?kind=hours&year=2031&month=4');
    await screen.findByText('2031-04 共 10 行计薪课时明细符合条件，将全部导出。');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await screen.findByText('2031-04 共 11 行计薪课时明细符合条件，将全部导出。');
    expect(calls.hoursPage).toHaveBeenCalledTimes(2);
  });

  it('says when nothing matches instead of offering an empty workbook', async () => {
    calls.hoursPage.mockResolvedValue(page(0));
    mount('/financial/dataExport?kind=hours&year=2031&month=5&schoolItemCode=SH01');
    await screen.findByText('2031-05 没有符合条件的计薪课时明细');
    expect(calls.hoursPage).toHaveBeenCalledWith({
      query: { year: 2031, month: 5, schoolItemCode: 'SH01', keyword: undefined, pageIdx: 1, pageSize: 1 },
    });
    expect(screen.queryByRole('button', { name: '导出Excel' })).toBeNull();
  });

  it("shows the server's refusal of the export and lets finance try again", async () => {
    calls.hoursPage.mockResolvedValue(page(3));
    calls.hoursExport.mockRejectedValueOnce(new Error('没有权限')).mockResolvedValueOnce(new Blob(['xlsx']));
    mount('/financial/dataExport?kind=hours&year=2031&month=5');
    fireEvent.click(await screen.findByRole('button', { name: '导出Excel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('导出失败：没有权限');
    expect(calls.downloadBlob).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await screen.findByText('已导出 3 行');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.downloadBlob).toHaveBeenCalledTimes(1);
  });
});
