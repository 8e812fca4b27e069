// 确认课时 asks first everywhere, the timetable's lesson popup included (issue 34 §4): confirming
// locks the lesson.
import type { TLessonRow } from '@bo/api-sdk';
import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { screenTest } from '../../app/screenTest';
import { I18nProvider } from '../../i18n';
import { LessonDialog } from './LessonDialog';
import { teachingMessages } from './messages';

const calls = vi.hoisted(() => ({ planConfirm: vi.fn(), remainHours: vi.fn() }));
vi.mock('../../app/sdk', () => ({
  sdk: { teaching: calls },
  errorText: (e: unknown) => String(e),
}));
vi.mock('../../app/permissions', () => ({ useCanOpen: () => false, useHolds: () => false }));

const lesson: TLessonRow = {
  id: 41,
  schoolItemCode: 'SH01',
  courseCode: 'C001',
  courseName: '感统训练',
  teacherCode: 'E0001',
  teacherName: '陈思远',
  classroomId: null,
  classroomName: null,
  classId: null,
  className: null,
  kind: 'oneToOne',
  seriesId: null,
  lessonDate: '2026-11-30',
  startTime: '09:00',
  endTime: '10:00',
  hours: 1,
  status: 1,
  confirmed: false,
  confirmedAt: null,
  version: 1,
  students: [],
};

describe('a lesson opened from the timetable', () => {
  screenTest({ messages: [teachingMessages], waitMs: 8000 });

  it('asks before 确认课时, confirms nothing when declined and the lesson when accepted', async () => {
    calls.planConfirm.mockResolvedValue(true);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>
              <MemoryRouter>
                <LessonDialog lesson={lesson} onClose={() => undefined} />
              </MemoryRouter>
            </ConfirmProvider>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '确认课时' }));
    const asked = await screen.findByRole('dialog', { name: '确认课时' });
    expect(within(asked).getByText(/确认后课程锁定/)).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: '确认课时' })).toBeNull());
    expect(calls.planConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '确认课时' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '确认课时' })).getByRole('button', { name: '确定' }),
    );
    await vi.waitFor(() => expect(calls.planConfirm).toHaveBeenCalledWith({ body: { ids: [41] } }));
  });
});
