import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { addMessages } from '../../i18n/catalogue';
import { orderMessages } from '../orders/messages';
import { payMessages } from '../orders/payMessages';
import { billingMessages } from './messages';
import { InstallmentDetails } from './Repayments';

const calls = vi.hoisted(() => ({
  orders: { detail: vi.fn() },
  termBills: {
    detailByOrderCode: vi.fn(),
    scheduleDetail: vi.fn(),
    scheduleSend: vi.fn(),
    sendPayment: vi.fn(),
    termCreatePayment: vi.fn(),
  },
}));
vi.mock('../../app/sdk', () => ({
  sdk: calls,
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const term = (id: number, termNo: number, status: number) => ({
  id,
  termNo,
  dueDate: `2026-0${termNo}-01`,
  amount: '190.00',
  status,
  overdue: false,
  payRecordId: status === 10 ? null : 50 + id,
  paidAt: status === 10 ? null : '2026-01-01T02:00:00.000Z',
});
const bill = {
  id: 3,
  code: 'FQ0000000003',
  status: 20,
  orderId: 7,
  orderCode: 'DD0000000007',
  orderStatus: 20,
  studentId: 1,
  studentName: '小明',
  schoolItemCode: 'SH01',
  planId: null,
  total: '380.00',
  paid: '190.00',
  overdueTerms: 0,
  approvalId: null,
  remark: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  terms: [term(11, 1, 20), term(12, 2, 10)],
};

function mount() {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/financial/installmentDetails/7']}>
          <Routes>
            <Route path="/financial/installmentDetails/:id" element={<InstallmentDetails />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('an order’s terms', () => {
  beforeAll(() => {
    // What the billing feature's entry loads before its screens render (features/index.ts).
    addMessages(billingMessages);
    addMessages(orderMessages);
    addMessages(payMessages);
    configure({ asyncUtilTimeout: 8000 });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('offers online pay and a reminder on the unpaid term only, and sends the bill, showing its history', async () => {
    calls.orders.detail.mockResolvedValue({ id: 7, code: 'DD0000000007', payable: '380.00', status: 20 });
    calls.termBills.detailByOrderCode.mockResolvedValue(bill);
    calls.termBills.scheduleDetail.mockResolvedValue({
      ...bill,
      notice: {
        status: 0,
        sentAt: null,
        sentCount: 0,
        phone: '138****0000',
        signedAt: null,
        signerName: null,
        signedBy: null,
      },
      history: [
        { at: '2026-01-02T02:00:00.000Z', action: 'termBill.reminded', username: 'sales', termNo: 2 },
      ],
    });
    calls.termBills.termCreatePayment.mockResolvedValue({
      orderId: 7,
      orderCode: 'DD0000000007',
      outTradeNo: 'T1',
      payMethodType: 1,
      amount: '190.00',
      amountCents: 19000,
      codeUrl: 'weixin://wxpay/bizpayurl?pr=T1',
      expiresAt: '2026-01-01T03:00:00.000Z',
      reused: false,
    });
    calls.termBills.sendPayment.mockResolvedValue({
      sentAt: '2026-01-02T02:00:00.000Z',
      phone: '138****0000',
    });
    calls.termBills.scheduleSend.mockRejectedValue(new Error('各期均已付款 / every term is paid'));
    mount();

    const terms = await screen.findByRole('table', { name: '分期' });
    expect(within(terms).getAllByRole('button', { name: '在线支付' })).toHaveLength(1);
    fireEvent.click(within(terms).getByRole('button', { name: '催缴提醒' }));
    expect(await screen.findByText('已向 138****0000 发送第2期催缴提醒')).toBeTruthy();
    expect(calls.termBills.sendPayment).toHaveBeenCalledWith({ body: { billItemId: 12 } });

    fireEvent.click(within(terms).getByRole('button', { name: '在线支付' }));
    const dialog = await screen.findByRole('dialog', { name: '第2期在线支付' });
    expect(await within(dialog).findByRole('img', { name: '第2期支付二维码' })).toBeTruthy();
    expect(within(dialog).getByText(/weixin:\/\/wxpay\/bizpayurl\?pr=T1/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));

    const history = await screen.findByRole('list', { name: '账单记录' });
    expect(within(history).getByText(/催缴提醒 · 第2期/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发送账单给家长' }));
    expect((await screen.findByRole('alert')).textContent).toContain('every term is paid');
  });
});
