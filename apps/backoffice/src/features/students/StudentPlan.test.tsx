import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TStudentPlanTargetRow } from '@bo/api-sdk';
import { session } from '../../app/session';
import { I18nProvider } from '../../i18n';
import { studentMessages } from './messages';
import { StudentPlan } from './StudentPlan';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  studentPlan: vi.fn(),
  studentPlanTargetSave: vi.fn(),
  planStrategyList: vi.fn(),
  studentAssessments: vi.fn(),
}));
vi.mock('../../app/sdk', () => ({
  sdk: { teaching: calls },
  errorText: (e: unknown) => String(e),
}));

const row: TStudentPlanTargetRow = {
  id: 5,
  studentId: 3,
  schoolItemCode: 'SH01',
  courseTypeCode: '1',
  courseTypeName: '个训课',
  targetId: 9,
  targetCode: 'T9',
  targetName: '仿说双音节词',
  domain: '语言',
  mastery: null,
  strategyIds: [],
  strategyNames: [],
  baseline: '需全辅助',
  goal: '正确率≥60%',
  startOn: '2026-11-01',
  expectedEndOn: null,
  status: 'active',
  statusOn: null,
  latestScore: null,
  latestOn: null,
  progressCount: 0,
  version: 4,
};

function mount(forbidden: string[]) {
  session.setPermissions({ forbidden, menu: [] });
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <StudentPlan studentId={3} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the individual plan tab', () => {
  screenTest({ messages: [studentMessages], waitMs: 3000 });

  it('shows a recorder (plans.record, not plans.edit) only the record button', async () => {
    calls.studentPlan.mockResolvedValue([row]);
    calls.studentAssessments.mockResolvedValue([]);
    mount(['/students/studentDetail', 'plans.edit']);
    expect(await screen.findByRole('button', { name: '记录进度 仿说双音节词' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加目标' })).toBeNull();
    expect(screen.queryByRole('button', { name: '修改 仿说双音节词' })).toBeNull();
    expect(screen.queryByRole('button', { name: '达成' })).toBeNull();
  });

  it('lets an editor change a target’s baseline and goal by its version', async () => {
    calls.studentPlan.mockResolvedValue([row]);
    calls.planStrategyList.mockResolvedValue({ list: [], total: 0 });
    calls.studentPlanTargetSave.mockResolvedValue({ ...row, goal: '独立仿说，正确率≥80%', version: 5 });
    calls.studentAssessments.mockResolvedValue([]);
    mount([]);
    const edit = await screen.findByRole('button', { name: '修改 仿说双音节词' });
    expect(screen.getByRole('button', { name: '添加目标' })).toBeTruthy();
    fireEvent.click(edit);
    const goal = await screen.findByLabelText('目标标准', { exact: false });
    fireEvent.change(goal, { target: { value: '独立仿说，正确率≥80%' } });
    fireEvent.change(screen.getByLabelText('基线', { exact: false }), { target: { value: '需半辅助' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.studentPlanTargetSave).toHaveBeenCalledTimes(1));
    expect(calls.studentPlanTargetSave).toHaveBeenCalledWith({
      body: expect.objectContaining({
        id: 5,
        version: 4,
        studentId: 3,
        targetId: 9,
        baseline: '需半辅助',
        goal: '独立仿说，正确率≥80%',
      }),
    });
  });

  it('lists the child’s assessments under the plan: entrance evaluations and task results, pending or done', async () => {
    calls.studentPlan.mockResolvedValue([]);
    const base = {
      studentId: 3,
      studentCode: 'S3',
      studentName: '小明',
      schoolItemCode: 'SH01',
      schoolItemName: '上海一校',
      scaleCode: 'S_LANG',
      scaleName: '语言发育评估量表',
      version: 1,
    };
    calls.studentAssessments.mockResolvedValue([
      {
        ...base,
        id: 2,
        origin: 'student',
        clueId: null,
        assessorName: '陈思远',
        assessedOn: '2026-11-20',
        status: 'draft',
        score: null,
      },
      {
        ...base,
        id: 1,
        origin: 'entrance',
        clueId: 8,
        assessorName: '李晓燕',
        assessedOn: '2026-09-01',
        status: 'submitted',
        score: 41,
      },
    ]);
    mount(['plans.edit']);
    const table = await screen.findByRole('table', { name: '评估记录' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(2));
    const [pending, entrance] = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent ?? '');
    expect(pending).toContain('教学评估');
    expect(pending).toContain('待完成');
    expect(entrance).toContain('入学评估');
    expect(entrance).toContain('41');
    expect(calls.studentAssessments).toHaveBeenCalledWith({ query: { studentId: 3 } });
  });
});
