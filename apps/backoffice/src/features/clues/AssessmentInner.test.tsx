import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@bo/api-sdk';
import { I18nProvider } from '../../i18n';
import { clueMessages } from './messages';
import { RecordForm } from './AssessmentInner';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({ matriculationSave: vi.fn() }));
vi.mock('../../app/sdk', () => ({ sdk: { clues: calls }, errorText: (e: unknown) => String(e) }));

function mount() {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RecordForm clueId={42} preset="入学评估" />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('recording an entrance assessment (form kit, the endpoint schema)', () => {
  screenTest({ messages: [clueMessages], waitMs: 3000 });

  it('refuses an empty conclusion without calling the server, then sends the typed values and starts again', async () => {
    calls.matriculationSave.mockResolvedValue({ id: 1 });
    mount();
    fireEvent.click(screen.getByRole('button', { name: '保存评估' }));
    expect((await screen.findAllByText('请填写 评估结论')).length).toBeGreaterThan(0);
    expect(calls.matriculationSave).not.toHaveBeenCalled();

    fireEvent.change(field('评估结论'), { target: { value: '语言发育迟缓' } });
    fireEvent.change(field('评分'), { target: { value: '86' } });
    fireEvent.click(screen.getByRole('button', { name: '保存评估' }));
    await waitFor(() => expect(calls.matriculationSave).toHaveBeenCalledTimes(1));
    expect(calls.matriculationSave).toHaveBeenCalledWith({
      body: expect.objectContaining({
        clueId: 42,
        matriculationType: '入学评估',
        conclusion: '语言发育迟缓',
        score: 86,
      }),
    });
    await waitFor(() => expect((field('评估结论') as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows the server refusal in the form', async () => {
    calls.matriculationSave.mockRejectedValue(
      new ApiError(1, '线索状态已变更 / The clue has moved on', '/ifree/matriculationResult/save'),
    );
    mount();
    fireEvent.change(field('评估结论'), { target: { value: '正常' } });
    fireEvent.click(screen.getByRole('button', { name: '保存评估' }));
    expect(await screen.findByText(/线索状态已变更/)).toBeTruthy();
  });
});
