import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAssessScaleRow, TAssessTaskDetail } from '@bo/api-sdk';
import { ToastProvider } from '@bo/ui-kit';
import { I18nProvider } from '../../i18n';
import { ClassTasks, TaskDialog } from './AssessTasksDialog';
import { teachingMessages } from './messages';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  teaching: {
    assessTaskList: vi.fn(),
    assessTaskInfo: vi.fn(),
    assessTaskRecord: vi.fn(),
    assessTaskCancel: vi.fn(),
  },
  clueSettings: { assessScaleAll: vi.fn() },
}));
vi.mock('../../app/sdk', () => ({ sdk: calls, errorText: (e: unknown) => String(e) }));

const scale: TAssessScaleRow = {
  id: 1,
  code: 'S_LANG',
  name: '语言发育评估量表',
  remark: null,
  validstatus: 1,
  sort: 0,
  version: 1,
  ageFrom: 12,
  ageTo: 84,
  items: [
    { name: '语言理解', maxScore: 30 },
    { name: '语言表达', maxScore: 30 },
  ],
};
const member = {
  studentCode: 'S1',
  inClass: true,
  score: null,
  assessedOn: null,
  answers: [],
  conclusion: '',
  suggestion: '',
};
const task: TAssessTaskDetail = {
  id: 4,
  schoolItemCode: 'SH01',
  schoolItemName: '上海徐汇校区',
  classId: 9,
  className: '周末小组',
  scaleCode: 'S_LANG',
  scaleName: '语言发育评估量表',
  assessorCode: 'E0005',
  assessorName: '陈思远',
  dueDate: '2026-12-01',
  remark: '',
  memberCount: 2,
  doneCount: 1,
  state: 'pending',
  cancelReason: '',
  cancelledAt: null,
  version: 3,
  createdAt: '2026-11-24T00:00:00.000Z',
  members: [
    { ...member, studentId: 1, studentName: '周小鹿', assessmentId: 11, status: 'draft', version: 1 },
    {
      ...member,
      studentId: 2,
      studentName: '林一一',
      studentCode: 'S2',
      inClass: false,
      assessmentId: 12,
      status: 'submitted',
      score: 40,
      version: 2,
    },
  ],
};
const cls = {
  id: 9,
  name: '周末小组',
  schoolItemCode: 'SH01',
  teacherCode: 'E0005',
  courseName: '言语小组课',
  teacherName: '陈思远',
};

function mount(quiet = false) {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ClassTasks cls={cls} canCreate={false} quiet={quiet} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('a class’s assessment tasks', () => {
  screenTest({ messages: [teachingMessages], waitMs: 3000 });

  it('shows members done or pending and records a pending member’s result by its version', async () => {
    const { id: _id, members: _m, ...row } = task;
    calls.teaching.assessTaskList.mockResolvedValue({
      list: [{ id: 4, ...row }],
      total: 1,
      pageIdx: 1,
      pageSize: 100,
    });
    calls.teaching.assessTaskInfo.mockResolvedValue(task);
    calls.teaching.assessTaskRecord.mockResolvedValue(task);
    calls.clueSettings.assessScaleAll.mockResolvedValue([scale]);
    mount();
    expect(await screen.findByText('已完成 1/2')).toBeTruthy();
    // Without the planner screen there is no new-task form.
    expect(screen.queryByRole('button', { name: '创建任务' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看 语言发育评估量表 2026-12-01' }));
    const members = await screen.findByRole('table', { name: '任务学员' });
    const rows = [...members.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('待评估');
    expect(rows[1]).toContain('已完成');
    expect(rows[1]).toContain('（已离班）');
    // A done member is not recorded again.
    expect(screen.queryByRole('button', { name: '录入结果 林一一' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '录入结果 周小鹿' }));
    const form = await screen.findByRole('form', { name: '录入 周小鹿 的评估结果' });
    fireEvent.change(screen.getByLabelText('语言表达 得分（0–30）'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('语言理解 得分（0–30）'), { target: { value: '20' } });
    expect(form.textContent).toContain('总分：32');
    fireEvent.click(screen.getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(calls.teaching.assessTaskRecord).toHaveBeenCalledTimes(1));
    expect(calls.teaching.assessTaskRecord).toHaveBeenCalledWith({
      body: expect.objectContaining({
        taskId: 4,
        studentId: 1,
        version: 1,
        submit: true,
        answers: [
          { name: '语言理解', score: 20 },
          { name: '语言表达', score: 12 },
        ],
      }),
    });
  });

  it('shows nothing on a lesson whose class has no task for the caller', async () => {
    calls.teaching.assessTaskList.mockResolvedValue({ list: [], total: 0, pageIdx: 1, pageSize: 100 });
    calls.clueSettings.assessScaleAll.mockResolvedValue([scale]);
    mount(true);
    await waitFor(() => expect(calls.teaching.assessTaskList).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('table', { name: '评估任务列表' })).toBeNull();
    expect(screen.queryByText('该班级还没有评估任务')).toBeNull();
  });

  it('cancels a wrong task with a reason by its version, and shows it read-only afterwards', async () => {
    const cancelled: TAssessTaskDetail = {
      ...task,
      state: 'cancelled',
      cancelReason: '量表选错',
      cancelledAt: '2026-11-24T02:00:00.000Z',
      version: 4,
      memberCount: 1,
      members: task.members.filter((m) => m.status === 'submitted'),
    };
    calls.teaching.assessTaskInfo.mockResolvedValueOnce(task).mockResolvedValue(cancelled);
    calls.teaching.assessTaskCancel.mockResolvedValue(cancelled);
    calls.clueSettings.assessScaleAll.mockResolvedValue([scale]);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <TaskDialog id={4} title="周末小组 · 语言发育评估量表" canCancel onClose={() => undefined} />
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '取消任务' }));
    const form = screen.getByRole('form', { name: '取消任务' });
    const confirm = screen.getByRole('button', { name: '确认取消任务' });
    // A reason is needed.
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('取消原因'), { target: { value: '量表选错' } });
    expect(form.textContent).toContain('已提交的结果保留');
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.teaching.assessTaskCancel).toHaveBeenCalledWith({
        body: { id: 4, version: 3, reason: '量表选错' },
      }),
    );
    expect(await screen.findByText('已取消：量表选错')).toBeTruthy();
    // Read-only: no recording and no second cancel; the recorded result is still shown.
    expect(screen.queryByRole('button', { name: /录入结果/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消任务' })).toBeNull();
    expect(screen.getByRole('table', { name: '任务学员' }).textContent).toContain('林一一');
  });

  it('offers no cancelling to an assessor without the planner screen', async () => {
    calls.teaching.assessTaskInfo.mockResolvedValue(task);
    calls.clueSettings.assessScaleAll.mockResolvedValue([scale]);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <TaskDialog id={4} title="周末小组" canCancel={false} onClose={() => undefined} />
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(await screen.findByRole('button', { name: '录入结果 周小鹿' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消任务' })).toBeNull();
  });
});
