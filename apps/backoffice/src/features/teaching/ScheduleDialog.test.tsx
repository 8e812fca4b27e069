import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPlanMine, TPlanOrderRow } from '@bo/api-sdk';
import { ToastProvider } from '@bo/ui-kit';
import { I18nProvider } from '../../i18n';
import { masterMessages } from '../../app/masterMessages';
import { screenTest } from '../../app/screenTest';
import { ScheduleDialog, type SchedulePrefill } from './ScheduleDialog';
import { teachingMessages } from './messages';

const calls = vi.hoisted(() => ({
  teaching: {
    planMine: vi.fn(),
    planOrders: vi.fn(),
    planTeachers: vi.fn(),
    classPage: vi.fn(),
    classroomList: vi.fn(),
    planInsert: vi.fn(),
    planInsertPreview: vi.fn(),
  },
}));
vi.mock('../../app/sdk', () => ({ sdk: calls, errorText: (e: unknown) => String(e) }));

const row = (studentId: number, studentName: string, courseCode: string, courseName: string, h: number) =>
  ({
    studentId,
    studentCode: `S0000000${studentId}`,
    studentName,
    schoolItemCode: 'SH01',
    courseCode,
    courseName,
    boughtHours: h,
    giftHours: 0,
    consumedHours: 0,
    refundedHours: 0,
    remainingHours: h,
    scheduledHours: 0,
    schedulableHours: h,
    remainingValue: '',
    authorised: false,
  }) satisfies TPlanOrderRow;

/** 周小鹿 holds 语言训练 (C001) only; 林一一 holds two courses, one fully booked, one authorised. */
const orders: TPlanOrderRow[] = [
  row(3, '周小鹿', 'C001', '语言训练', 6),
  row(4, '林一一', 'C001', '语言训练', 0),
  { ...row(4, '林一一', 'C002', '感统训练', 0), authorised: true },
  row(5, '王小树', 'C009', '音乐治疗', 4),
];
const planner: TPlanMine = { kinds: ['oneToOne', 'group', 'trial', 'assessment'], teacher: null };

function mount(props: { prefill?: SchedulePrefill; kinds?: ('oneToOne' | 'trial' | 'assessment')[] }) {
  const onClose = vi.fn();
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ScheduleDialog campus="SH01" onClose={onClose} {...props} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return onClose;
}

function given(mine: TPlanMine, rows = orders) {
  calls.teaching.planMine.mockResolvedValue(mine);
  calls.teaching.planOrders.mockResolvedValue(rows);
  calls.teaching.classroomList.mockResolvedValue([]);
  calls.teaching.classPage.mockResolvedValue({ list: [], total: 0, pageIdx: 1, pageSize: 200 });
  calls.teaching.planTeachers.mockImplementation(({ query }: { query: { courseCode: string } }) =>
    Promise.resolve(
      query.courseCode === 'C001'
        ? [{ code: 'E0005', name: '陈思远' }]
        : [
            { code: 'E0007', name: '赵琳' },
            { code: 'E0005', name: '陈思远' },
          ],
    ),
  );
  calls.teaching.planInsert.mockResolvedValue({ lessonIds: [11], skipped: [] });
}

const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}(\\s*\\*)?$`) });
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the one scheduling form', () => {
  screenTest({ messages: [teachingMessages, masterMessages], waitMs: 8000 });

  it('from the timetable (a student’s week, a double-clicked hour): the student, their only course and its only authorised teacher are chosen', async () => {
    given(planner);
    const onClose = mount({
      prefill: { studentId: 3, date: '2026-12-01', startTime: '15:00', endTime: '16:00' },
    });
    await waitFor(() => expect((select('教师') as HTMLSelectElement).value).toBe('E0005'));
    expect((select('学员') as HTMLSelectElement).value).toBe('3');
    expect((select('课程') as HTMLSelectElement).value).toBe('C001');
    expect(optionsOf('课程')).toContain('语言训练 · 可排 6 课时');
    // Only the course's authorised teachers are offered, asked for the campus and the course.
    expect(calls.teaching.planTeachers).toHaveBeenCalledWith({
      query: { schoolItemCode: 'SH01', courseCode: 'C001' },
    });
    expect(optionsOf('教师').filter((o) => o !== '请选择教师')).toEqual(['陈思远（E0005）']);
    fireEvent.click(screen.getByRole('button', { name: '排课' }));
    await waitFor(() =>
      expect(calls.teaching.planInsert).toHaveBeenCalledWith({
        body: expect.objectContaining({
          schoolItemCode: 'SH01',
          kind: 'oneToOne',
          courseCode: 'C001',
          teacherCode: 'E0005',
          studentIds: [3],
          lessonDate: '2026-12-01',
          startTime: '15:00',
          endTime: '16:00',
        }),
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('from 一对一排课 (a teacher filtered): the teacher stays chosen, the courses are the student’s bookable ones', async () => {
    given(planner);
    mount({ kinds: ['oneToOne'], prefill: { kind: 'oneToOne', teacherCode: 'E0007', date: '2026-12-02' } });
    expect(await screen.findByRole('dialog', { name: '一对一排课' })).toBeTruthy();
    // No kind choice on the one-to-one screen; a student is chosen, then a course of theirs.
    expect(screen.queryByRole('combobox', { name: /^课程类型/ })).toBeNull();
    await waitFor(() => expect(optionsOf('学员')).toContain('林一一（S00000004）'));
    fireEvent.change(select('学员'), { target: { value: '4' } });
    // The fully booked course is not offered; the authorised one is, saying so.
    await waitFor(() => expect(optionsOf('课程')).toEqual(['请选择课程', '感统训练 · 已授权排课']));
    await waitFor(() => expect((select('课程') as HTMLSelectElement).value).toBe('C002'));
    await waitFor(() => expect(optionsOf('教师')).toContain('赵琳（E0007）'));
    expect((select('教师') as HTMLSelectElement).value).toBe('E0007');
    expect(screen.getAllByDisplayValue('2026-12-02')).toHaveLength(2);
  });

  it('names the missing fields in words, and says what to do when there is nothing to book', async () => {
    given(planner);
    mount({ kinds: ['oneToOne'] });
    await waitFor(() => expect(optionsOf('学员').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('button', { name: '排课' }));
    // Each message under its field (the placeholders hold the same words).
    await waitFor(() => expect(select('学员').getAttribute('aria-invalid')).toBe('true'));
    expect(select('课程').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('请选择学员')).toHaveLength(2);
    expect(screen.getAllByText('请选择课程')).toHaveLength(2);
    expect(screen.queryByText(/Too small|expected/)).toBeNull();
    expect(calls.teaching.planInsert).not.toHaveBeenCalled();

    // Two mounts in one test: the first dialog leaves before the second opens.
    cleanup();
    given(planner, []);
    mount({ kinds: ['oneToOne'] });
    expect((await screen.findByRole('status')).textContent).toContain('本校区暂无可排课的学员');
    expect((screen.getByRole('button', { name: '排课' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a teacher sees first what they may book, is chosen themself and offered only their courses', async () => {
    given({
      kinds: ['trial', 'assessment'],
      teacher: { code: 'E0005', name: '陈思远', courses: [{ code: 'C001', name: '语言训练' }] },
    });
    mount({ prefill: { date: '2026-12-03' } });
    const note = await screen.findByRole('note');
    await waitFor(() => expect(note.textContent).toContain('您可以预约：试听课、测评课。'));
    expect(note.textContent).toContain('您有授课权限的课程：语言训练。');
    await waitFor(() => expect(optionsOf('课程类型').filter(Boolean)).toEqual(['试听课', '测评课']));
    expect((select('课程类型') as HTMLSelectElement).value).toBe('trial');
    // 王小树 holds only a course the teacher may not teach: not offered.
    await waitFor(() => expect(optionsOf('学员')).toContain('周小鹿（S00000003）'));
    expect(optionsOf('学员')).not.toContain('王小树（S00000005）');
    fireEvent.change(select('学员'), { target: { value: '3' } });
    await waitFor(() => expect((select('课程') as HTMLSelectElement).value).toBe('C001'));
    await waitFor(() => expect((select('教师') as HTMLSelectElement).value).toBe('E0005'));
  });
});
