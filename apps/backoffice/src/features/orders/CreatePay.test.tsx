// Paid online from the order's payments screen: what the payment changed is read again (the order's
// payable and records), and queries of other slices are left as they are (no refresh of every query).
import { ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import CreatePay from './CreatePay';
import { orderMessages } from './messages';
import { payMessages } from './payMessages';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  orders: { waitPayInfo: vi.fn(), addPayRecord: vi.fn() },
  payments: { cuspay: vi.fn(), queryResult: vi.fn() },
}));
vi.mock('../../app/sdk', () => ({
  sdk: calls,
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const info = (due: string) => ({
  id: 7,
  code: 'DD0000000007',
  status: due === '0.00' ? 30 : 10,
  statusName: '',
  studentName: '小明',
  schoolItemCode: 'SH01',
  payable: '380.00',
  payableInWords: '叁佰捌拾元整',
  paid: due === '0.00' ? '380.00' : '0.00',
  pending: '0.00',
  due,
  dueInWords: '',
  family: { share: '380.00', recorded: '0.00', due },
  funder: { share: '0.00', recorded: '0.00', due: '0.00', code: null },
  payRecords: [],
  version: 1,
});

describe('an order’s payments screen', () => {
  // What the orders feature's entry loads before its screens render (features/index.ts).
  screenTest({ messages: [orderMessages, payMessages], waitMs: 8000 });

  it('paid online: reads the order again and leaves the queries of other slices alone', async () => {
    calls.orders.waitPayInfo.mockResolvedValueOnce(info('380.00')).mockResolvedValue(info('0.00'));
    calls.payments.cuspay.mockResolvedValue({
      orderId: 7,
      orderCode: 'DD0000000007',
      outTradeNo: 'DD0000000007-1',
      payMethodType: 1,
      amount: '380.00',
      amountCents: 38_000,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=DD0000000007-1',
      expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
      reused: false,
    });
    calls.payments.queryResult.mockResolvedValue({
      orderId: 7,
      outTradeNo: 'DD0000000007-1',
      tradeState: 'SUCCESS',
      paid: true,
      amount: '380.00',
      amountCents: 38_000,
      paidAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      transactionId: '4200000000001',
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Another screen's query, of a slice the payment does not touch.
    qc.setQueryData(['clues', 'detail', 1], { id: 1 });
    render(
      <I18nProvider>
        <QueryClientProvider client={qc}>
          <ToastProvider>
            <MemoryRouter initialEntries={['/students/createPay?orderId=7']}>
              <CreatePay />
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );

    fireEvent.click(await screen.findByRole('button', { name: '在线支付' }));
    await screen.findByText('已收款');
    // The order's payable and records are read again: nothing is due any more.
    await waitFor(() => expect(calls.orders.waitPayInfo.mock.calls.length).toBeGreaterThan(1));
    expect(await screen.findByText('订单已付清，等待财务审批')).toBeTruthy();
    expect(qc.getQueryState(['clues', 'detail', 1])?.isInvalidated).toBe(false);
  }, 20_000);
});
