import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TStudentPlanTargetRow } from '@bo/api-sdk';
import { session } from '../../app/session';
import { I18nProvider } from '../../i18n';
import { addMessages } from '../../i18n/catalogue';
import { studentMessages } from './messages';
import { StudentPlan } from './StudentPlan';

const calls = vi.hoisted(() => ({
  studentPlan: vi.fn(),
  studentPlanTargetSave: vi.fn(),
  planStrategyList: vi.fn(),
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
  beforeAll(() => {
    addMessages(studentMessages);
    configure({ asyncUtilTimeout: 3000 });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows a recorder (plans.record, not plans.edit) only the record button', async () => {
    calls.studentPlan.mockResolvedValue([row]);
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
});
