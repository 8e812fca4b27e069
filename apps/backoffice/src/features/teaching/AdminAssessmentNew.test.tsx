import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type TAssessmentDetail, type TAssessScaleRow } from '@bo/api-sdk';
import { I18nProvider } from '../../i18n';
import { orderMessages } from '../orders/messages';
import { AssessmentForm } from './AdminAssessmentNew';
import { answersOf, editable, totalOf } from './assessmentForm';
import { teachingMessages } from './messages';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({ assessmentSave: vi.fn() }));
vi.mock('../../app/sdk', () => ({
  sdk: { teaching: calls, students: { byName: () => Promise.resolve([]) } },
  errorText: (e: unknown) => String(e),
}));

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

const draft: TAssessmentDetail = {
  id: 7,
  origin: 'student',
  studentId: 3,
  studentCode: 'S00000003',
  studentName: '周小鹿',
  clueId: null,
  schoolItemCode: 'SH01',
  schoolItemName: '上海一校',
  scaleCode: 'S_LANG',
  scaleName: '语言发育评估量表',
  assessorName: '王建国',
  assessedOn: '2026-11-20',
  status: 'draft',
  score: 12,
  version: 2,
  answers: [{ name: '语言表达', score: 12 }],
  conclusion: '',
  suggestion: '',
};

function mount() {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <AssessmentForm scales={[scale]} initial={draft} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the new-assessment form', () => {
  screenTest({ messages: [teachingMessages, orderMessages], waitMs: 3000 });

  it('totals the scale’s items as they are typed and saves the draft by its version, answers in the scale’s order', async () => {
    calls.assessmentSave.mockResolvedValue({ ...draft, version: 3, score: 32 });
    mount();
    expect(screen.getByRole('status').textContent).toBe('总分：12');
    fireEvent.change(screen.getByLabelText('语言理解 得分（0–30）'), { target: { value: '20' } });
    expect(screen.getByRole('status').textContent).toBe('总分：32');
    fireEvent.change(screen.getByLabelText('评估结论', { exact: false }), { target: { value: '表达落后' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(calls.assessmentSave).toHaveBeenCalledTimes(1));
    expect(calls.assessmentSave).toHaveBeenCalledWith({
      body: expect.objectContaining({
        id: 7,
        version: 2,
        studentId: 3,
        scaleCode: 'S_LANG',
        answers: [
          { name: '语言理解', score: 20 },
          { name: '语言表达', score: 12 },
        ],
        conclusion: '表达落后',
        submit: false,
      }),
    });
  });

  it('submits with submit set and shows the server’s refusal of the answers in the form', async () => {
    calls.assessmentSave.mockRejectedValue(
      new ApiError(400, '请为「语言理解」评分 / score the item “语言理解”', '/plan/manage/save', 'answers'),
    );
    mount();
    fireEvent.click(screen.getByRole('button', { name: '提交评估' }));
    expect(await screen.findByText(/请为「语言理解」评分/)).toBeTruthy();
    expect(calls.assessmentSave).toHaveBeenCalledWith({ body: expect.objectContaining({ submit: true }) });
  });

  it('drops empty and non-whole inputs, and lets only a student’s draft change', () => {
    const answers = answersOf(scale.items, { 语言表达: '7', 语言理解: '', 其他: '5' });
    expect(answers).toEqual([{ name: '语言表达', score: 7 }]);
    expect(answersOf(scale.items, { 语言理解: '2.5' })).toEqual([]);
    expect(totalOf([...answers, { name: '语言理解', score: 3 }])).toBe(10);
    expect(editable({ status: 'draft', origin: 'student' })).toBe(true);
    expect(editable({ status: 'submitted', origin: 'student' })).toBe(false);
    expect(editable({ status: 'draft', origin: 'entrance' })).toBe(false);
  });
});
