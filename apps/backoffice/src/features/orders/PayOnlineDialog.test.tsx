import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { payMessages } from './payMessages';
import { PayOnlineDialog } from './PayOnlineDialog';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  cuspay: vi.fn(),
  queryResult: vi.fn(),
}));
vi.mock('../../app/sdk', () => ({ sdk: { payments: calls } }));

const order = { id: 7, code: 'DD0000000007', schoolItemCode: 'SH01' };
const payment = (outTradeNo: string, expiresAt: string) => ({
  orderId: 7,
  orderCode: order.code,
  outTradeNo,
  payMethodType: 1,
  amount: '1234.50',
  amountCents: 123_450,
  codeUrl: `weixin://wxpay/bizpayurl?pr=${outTradeNo}`,
  expiresAt,
  reused: false,
});
const state = (paid: boolean, outTradeNo: string) => ({
  orderId: 7,
  outTradeNo,
  tradeState: paid ? 'SUCCESS' : 'NOTPAY',
  paid,
  amount: '1234.50',
  amountCents: 123_450,
  paidAt: paid ? new Date().toISOString() : null,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  transactionId: paid ? '4200000000001' : null,
});

function mount(onPaid = vi.fn()) {
  const qc = new QueryClient();
  render(
    <I18nProvider>
      <QueryClientProvider client={qc}>
        <PayOnlineDialog order={order} onClose={() => undefined} onPaid={onPaid} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return onPaid;
}

describe('pay online dialog', () => {
  // What the order screens' feature entry loads before they render (features/index.ts).
  screenTest({ messages: [payMessages], waitMs: 8000 });

  it('shows the QR code and the amount in figures and capitals, polls until paid, then says so once', async () => {
    calls.cuspay.mockResolvedValue(payment('DD0000000007-1', new Date(Date.now() + 1_800_000).toISOString()));
    calls.queryResult
      .mockResolvedValueOnce(state(false, 'DD0000000007-1'))
      .mockResolvedValue(state(true, 'DD0000000007-1'));
    const onPaid = mount();
    const qr = await screen.findByRole('img', { name: '付款二维码' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('¥1,234.50')).toBeTruthy();
    expect(screen.getByText('壹仟贰佰叁拾肆元伍角')).toBeTruthy();
    expect(calls.cuspay).toHaveBeenCalledWith({
      query: { oid: 7, schoolitemcode: 'SH01', payMethodType: 1 },
    });
    await screen.findByText('已收款', {}, { timeout: 8000 });
    expect(screen.queryByRole('img', { name: '付款二维码' })).toBeNull();
    expect(onPaid).toHaveBeenCalledTimes(1);
    const polls = calls.queryResult.mock.calls.length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(calls.queryResult.mock.calls.length).toBe(polls);
    // Refreshing the payments once paid does not make another code.
    expect(calls.cuspay).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('an expired QR code is not polled and can be made again', async () => {
    calls.cuspay
      .mockResolvedValueOnce(payment('DD0000000007-1', new Date(Date.now() - 1000).toISOString()))
      .mockResolvedValue(payment('DD0000000007-2', new Date(Date.now() + 1_800_000).toISOString()));
    calls.queryResult.mockResolvedValue(state(false, 'DD0000000007-2'));
    mount();
    await screen.findByText('二维码已过期，请重新生成');
    expect(calls.queryResult).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '重新生成二维码' }));
    await screen.findByText('等待付款…');
    await waitFor(() => expect(calls.queryResult).toHaveBeenCalled());
    expect(calls.cuspay).toHaveBeenCalledTimes(2);
  }, 20_000);

  it('a QR code that cannot be made says why in place and offers a retry', async () => {
    calls.cuspay.mockRejectedValue(new Error('微信支付 / WeChat Pay未配置 / is not configured'));
    mount();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('无法生成二维码');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
