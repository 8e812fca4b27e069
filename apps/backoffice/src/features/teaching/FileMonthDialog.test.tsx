import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TClassHourCheck } from '@bo/api-sdk';
import { ToastProvider } from '@bo/ui-kit';
import { I18nProvider } from '../../i18n';
import { masterMessages } from '../../app/masterMessages';
import { screenTest } from '../../app/screenTest';
import { FileMonthDialog } from './FileMonthDialog';
import { teachingMessages } from './messages';

const calls = vi.hoisted(() => ({
  classHours: { check: vi.fn(), submit: vi.fn() },
  employees: { teachersByMinRank: vi.fn() },
}));
vi.mock('../../app/sdk', () => ({ sdk: calls, errorText: (e: unknown) => String(e) }));

const lesson = (lessonId: number, confirmation: TClassHourCheck['lessons'][number]['confirmation']) => ({
  lessonId,
  lessonDate: '2026-11-20',
  time: '12:00-13:00',
  courseCode: 'C001',
  courseName: '语言训练',
  kind: 'oneToOne',
  hours: 1,
  students: 1,
  paidAttendances: 1,
  confirmed: true,
  problem: null,
  confirmation,
});

/** The month's original (four lessons) passed; two lessons confirmed after it are not covered yet. */
const check: TClassHourCheck = {
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  teacherName: '陈思远',
  lessonCount: 2,
  hours: 2,
  lessons: [
    lesson(1, { id: 7, approvalId: 70, status: 20, kind: 'original' }),
    lesson(5, null),
    lesson(6, null),
  ],
  problems: 0,
  live: { id: 7, approvalId: 70, status: 20, kind: 'original', lessonCount: 4, hours: 4 },
  confirmations: [{ id: 7, approvalId: 70, status: 20, kind: 'original', lessonCount: 4, hours: 4 }],
  kind: 'supplementary',
  canSubmit: true,
};

function mount(onClose = vi.fn()) {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <FileMonthDialog campus="SH01" teacher="E0005" month="2026-11" onClose={onClose} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return onClose;
}

describe('filing a month’s class hours', () => {
  screenTest({ messages: [teachingMessages, masterMessages], waitMs: 8000 });

  it('files the lessons confirmed after the passed original as a supplementary confirmation', async () => {
    calls.employees.teachersByMinRank.mockResolvedValue([{ code: 'E0005', name: '陈思远' }]);
    calls.classHours.check.mockResolvedValue(check);
    calls.classHours.submit.mockResolvedValue({ id: 8, approvalId: 81 });
    const onClose = mount();
    expect((await screen.findByRole('status')).textContent).toBe('将提交补充确认：2 节已确认的课，2 课时');
    expect(screen.getByRole('list', { name: '本月已提交的课时确认' }).textContent).toContain('原始确认');
    expect(calls.classHours.check).toHaveBeenCalledWith({
      query: { schoolItemCode: 'SH01', teacherCode: 'E0005', year: 2026, month: 11 },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交补充确认' }));
    await waitFor(() =>
      expect(calls.classHours.submit).toHaveBeenCalledWith({
        body: { schoolItemCode: 'SH01', teacherCode: 'E0005', year: 2026, month: 11, remark: '' },
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says which lessons hold the filing back and offers no submission', async () => {
    calls.employees.teachersByMinRank.mockResolvedValue([{ code: 'E0005', name: '陈思远' }]);
    calls.classHours.check.mockResolvedValue({
      ...check,
      kind: 'original',
      live: null,
      confirmations: [],
      problems: 1,
      canSubmit: false,
      lessons: [{ ...lesson(9, null), confirmed: false, problem: 'unsigned' as const }],
    });
    mount();
    expect((await screen.findByRole('alert')).textContent).toContain('还有 1 节课需先考勤或确认');
    expect(screen.getByRole('alert').textContent).toContain('未考勤');
    expect((screen.getByRole('button', { name: '提交课时确认' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
