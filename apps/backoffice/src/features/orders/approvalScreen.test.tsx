import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, setLocale } from '../../i18n';
import { screenTest } from '../../app/screenTest';
import { orderMessages } from './messages';
import { DecideForm, Waiting } from './approvalScreen';

const approvals = vi.hoisted(() => ({ pass: vi.fn(), reject: vi.fn() }));
vi.mock('../../app/sdk', () => ({ sdk: { approvals }, errorText: (e: unknown) => String(e) }));

const awaited = [
  {
    step: 1,
    stepName: '财务审批',
    current: true,
    roles: ['财务'],
    approvers: [
      { id: 4, name: '张丽华' },
      { id: 9, name: '周敏' },
    ],
  },
  { step: 2, stepName: '财务经理', current: false, roles: ['财务'], approvers: [] },
];
const whyNot =
  '您不是当前步骤「财务审批」的审批人；等待 张丽华、周敏（财务审批）审批 / you are not an approver of the current step "财务审批"; awaiting 张丽华, 周敏 (财务审批)';

function mount(d: { canDecide: boolean; whyNot: string | null; awaited: typeof awaited }) {
  render(
    <I18nProvider>
      <Waiting detail={d} />
    </I18nProvider>,
  );
}

describe('who an approval awaits', () => {
  screenTest({ messages: [orderMessages], waitMs: 8000 });
  afterEach(() => setLocale('zh-CN'));

  it('names the people of each pending step, marks the current one, and says when nobody may decide', () => {
    setLocale('en');
    mount({ canDecide: true, whyNot: null, awaited });
    const box = screen.getByRole('region', { name: 'Awaiting' });
    const [current, next] = within(box).getAllByRole('listitem');
    expect(current?.textContent).toContain('财务审批 (current step)');
    expect(current?.textContent).toContain('张丽华、周敏');
    expect(next?.textContent).toContain('财务经理');
    expect(next?.textContent).toContain('nobody at the campus may decide it');
    // The caller can act: no reason shown.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('tells a user who cannot act why, in their language', () => {
    setLocale('en');
    mount({ canDecide: false, whyNot, awaited });
    expect(screen.getByRole('note').textContent).toBe(
      'you are not an approver of the current step "财务审批"; awaiting 张丽华, 周敏 (财务审批)',
    );
  });

  it('shows nothing once the request is closed', () => {
    mount({ canDecide: false, whyNot: null, awaited: [] });
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('deciding an approval (every kind decides through this form)', () => {
  screenTest({ messages: [orderMessages], waitMs: 8000 });
  afterEach(() => setLocale('zh-CN'));

  const detail = { id: 12, version: 3 } as Parameters<typeof DecideForm>[0]['detail'];
  function mountForm(onDone = vi.fn()) {
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <ConfirmProvider>
              <DecideForm detail={detail} onDone={onDone} rejectQuestion="确定驳回？" />
            </ConfirmProvider>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    return onDone;
  }

  it('says an approval was passed, in the screen language', async () => {
    approvals.pass.mockResolvedValue({ ok: true });
    const onDone = mountForm();
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    await screen.findByText('已通过审批');
    expect(approvals.pass).toHaveBeenCalledWith({ body: { id: 12, version: 3, comment: '' } });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('says a rejection was done after its confirmation, in English on an English screen', async () => {
    setLocale('en');
    approvals.reject.mockResolvedValue({ ok: true });
    mountForm();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'missing receipt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const ask = await screen.findByRole('dialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejected');
    expect(approvals.reject).toHaveBeenCalledWith({
      body: { id: 12, version: 3, comment: 'missing receipt' },
    });
    expect(screen.queryByText('已驳回')).toBeNull();
  });
});
