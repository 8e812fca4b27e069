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
  payments: { queryResult: vi.fn() },
  promotions: { activityPick: vi.fn(), voucherByCode: vi.fn() },
  termBills: {
    termOfferQuote: vi.fn(),
    submitPaymentTerm: vi.fn(),
    detailByOrderCode: vi.fn(),
    scheduleDetail: vi.fn(),
    scheduleSend: vi.fn(),
    scheduleSign: vi.fn(),
    scheduleUpdate: vi.fn(),
    sendPayment: vi.fn(),
    termCreatePayment: vi.fn(),
    planPage: vi.fn(),
    applySubmit: vi.fn(),
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
  courseCodes: ['C001'],
  planId: null,
  total: '380.00',
  paid: '190.00',
  overdueTerms: 0,
  approvalId: null,
  remark: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  terms: [term(11, 1, 20), term(12, 2, 10)],
};

const NOW = Date.parse('2026-01-01T02:00:00.000Z');
const qr = (outTradeNo: string, validMs: number) => ({
  orderId: 7,
  orderCode: 'DD0000000007',
  outTradeNo,
  payMethodType: 1,
  amount: '190.00',
  amountCents: 19000,
  codeUrl: `weixin://wxpay/bizpayurl?pr=${outTradeNo}`,
  expiresAt: new Date(NOW + validMs).toISOString(),
  reused: false,
});
const result = (outTradeNo: string, paid: boolean) => ({
  orderId: 7,
  outTradeNo,
  tradeState: paid ? 'SUCCESS' : 'NOTPAY',
  paid,
  amount: '190.00',
  amountCents: 19000,
  paidAt: paid ? new Date(NOW).toISOString() : null,
  expiresAt: new Date(NOW + 600_000).toISOString(),
  transactionId: paid ? '4200000000002' : null,
});

/** The bill of the first test, its unpaid term's dialog open, on a clock the test moves. */
async function openTermDialog() {
  // Only the polling timers and the clock are fake: the queries' promises and the DOM run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
  calls.orders.detail.mockResolvedValue({ id: 7, code: 'DD0000000007', payable: '380.00', status: 20 });
  calls.termBills.detailByOrderCode.mockResolvedValue(bill);
  calls.termBills.scheduleDetail.mockResolvedValue({
    ...bill,
    notice: {
      status: 0,
      sentAt: null,
      sentCount: 0,
      phone: '',
      signedAt: null,
      signerName: null,
      signedBy: null,
    },
    history: [],
  });
  mount();
  const terms = await screen.findByRole('table', { name: '分期' });
  fireEvent.click(within(terms).getByRole('button', { name: '在线支付' }));
  return screen.findByRole('dialog', { name: '第2期在线支付' });
}

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
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('applies an unpaid order without a bill for instalments by an active plan', async () => {
    calls.orders.detail.mockResolvedValue({ id: 7, code: 'DD0000000007', payable: '380.00', status: 10 });
    calls.termBills.detailByOrderCode.mockResolvedValue(null);
    calls.termBills.planPage.mockResolvedValue({
      list: [{ id: 4, name: '三期', shares: [40, 30, 30], termCount: 3 }],
      total: 1,
    });
    calls.termBills.applySubmit.mockResolvedValue({ id: 3, code: 'FQ0000000003', approvalId: 9 });
    mount();

    const form = await screen.findByRole('form', { name: '申请分期' });
    const plan = within(form).getByLabelText('分期方案');
    await within(form).findByRole('option', { name: '三期（40/30/30%）' });
    fireEvent.change(plan, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: '申请分期' }));
    await vi.waitFor(() =>
      expect(calls.termBills.applySubmit).toHaveBeenCalledWith({
        body: { orderId: 7, planId: 4, remark: '' },
      }),
    );
    expect(calls.termBills.planPage).toHaveBeenCalledWith({
      query: { pageIdx: 1, pageSize: 100, status: 1 },
    });
  });

  it('applies with the terms agreed, row by row: dates increasing, the sum exact to the cent, each message naming its row', async () => {
    calls.orders.detail.mockResolvedValue({
      id: 7,
      code: 'DD0000000007',
      payable: '380.00',
      familyShare: '380.00',
      status: 10,
    });
    calls.termBills.detailByOrderCode.mockResolvedValue(null);
    calls.termBills.planPage.mockResolvedValue({ list: [], total: 0 });
    calls.termBills.applySubmit.mockResolvedValue({ id: 3, code: 'FQ0000000003', approvalId: 9 });
    mount();

    fireEvent.click(await screen.findByRole('button', { name: '自定义各期' }));
    const form = await screen.findByRole('form', { name: '自定义各期' });
    const set = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    set('第1期到期日', '2026-02-01');
    set('第1期金额', '200.00');
    set('第2期到期日', '2026-01-15');
    set('第2期金额', '100.01');
    expect(within(form).getByText(/各期合计/).textContent).toContain('¥300.01');
    fireEvent.click(within(form).getByRole('button', { name: '申请分期' }));
    expect(await within(form).findByText('第2期到期日须晚于上一期')).toBeTruthy();
    expect(within(form).getByText('各期合计 ¥300.01 须等于应付 ¥380.00')).toBeTruthy();
    expect(calls.termBills.applySubmit).not.toHaveBeenCalled();

    fireEvent.click(within(form).getByRole('button', { name: '添加一期' }));
    set('第2期到期日', '2026-03-01');
    set('第3期到期日', '2026-04-01');
    set('第3期金额', '79.99');
    fireEvent.click(within(form).getByRole('button', { name: '申请分期' }));
    await vi.waitFor(() =>
      expect(calls.termBills.applySubmit).toHaveBeenCalledWith({
        body: {
          orderId: 7,
          terms: [
            { dueDate: '2026-02-01', amount: '200.00' },
            { dueDate: '2026-03-01', amount: '100.01' },
            { dueDate: '2026-04-01', amount: '79.99' },
          ],
          remark: '',
        },
      }),
    );
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

  it('pays a term with a voucher: the offers of its campus and courses, the engine’s price, the code sent with the payment', async () => {
    calls.orders.detail.mockResolvedValue({ id: 7, code: 'DD0000000007', payable: '380.00', status: 20 });
    calls.termBills.detailByOrderCode.mockResolvedValue(bill);
    calls.termBills.scheduleDetail.mockResolvedValue({
      ...bill,
      notice: {
        status: 0,
        sentAt: null,
        sentCount: 0,
        phone: '',
        signedAt: null,
        signerName: null,
        signedBy: null,
      },
      history: [],
    });
    calls.promotions.activityPick.mockResolvedValue([{ id: 5, code: 'HD00000005', name: '春季特惠' }]);
    calls.promotions.voucherByCode.mockResolvedValue({
      code: 'QABC',
      configName: '分期券',
      validTo: '2026-03-01',
    });
    calls.termBills.termOfferQuote.mockImplementation(({ body }: { body: { voucherCode?: string } }) =>
      body.voucherCode === 'QABC'
        ? Promise.resolve({
            termNo: 2,
            amount: '190.00',
            offer: '50.00',
            pay: '140.00',
            lines: [
              {
                courseName: '感统训练',
                source: 'voucher',
                ref: 'QABC',
                label: '代金券「分期券」 减 ¥50.00',
                amount: '-50.00',
                giftQuantity: 0,
              },
            ],
          })
        : Promise.reject(new Error('activityCode: 与已享受的优惠不能同时使用 / does not combine')),
    );
    calls.termBills.submitPaymentTerm.mockResolvedValue({
      payRecordId: 9,
      amount: '140.00',
      orderStatus: 20,
      approvalId: null,
    });
    mount();

    const terms = await screen.findByRole('table', { name: '分期' });
    fireEvent.click(within(terms).getByRole('button', { name: '登记付款' }));
    const dialog = await screen.findByRole('dialog', { name: '登记第2期付款' });
    const offers = within(dialog).getByRole('region', { name: '本期优惠' });
    await within(offers).findByRole('option', { name: '春季特惠（HD00000005）' });
    expect(calls.promotions.activityPick).toHaveBeenCalledWith({
      body: { schoolItemCode: 'SH01', courseCodes: ['C001'] },
    });
    // An activity the engine refuses says why.
    fireEvent.change(within(offers).getByLabelText('优惠活动'), { target: { value: 'HD00000005' } });
    expect((await within(offers).findByRole('alert')).textContent).toContain('does not combine');

    fireEvent.change(within(offers).getByLabelText('代金券码'), { target: { value: ' QABC ' } });
    fireEvent.click(within(offers).getByRole('button', { name: '使用代金券' }));
    expect(await within(offers).findByText('代金券「分期券」，有效期至 2026-03-01')).toBeTruthy();
    expect((await within(offers).findByText(/本期实付/)).textContent).toContain('¥140.00');
    expect(calls.termBills.termOfferQuote).toHaveBeenLastCalledWith({
      body: { billItemId: 12, voucherCode: 'QABC' },
    });
    expect((within(offers).getByLabelText('优惠活动') as HTMLSelectElement).value).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: '登记付款' }));
    await vi.waitFor(() => expect(calls.termBills.submitPaymentTerm).toHaveBeenCalled());
    expect(calls.termBills.submitPaymentTerm.mock.calls[0]?.[0]).toMatchObject({
      body: { billItemId: 12, method: 1, voucherCode: 'QABC' },
    });
    expect(calls.termBills.submitPaymentTerm.mock.calls[0]?.[0].body.activityCode).toBeUndefined();
  });

  it('records the family’s signature of the schedule sent, and moves an unpaid term’s due date', async () => {
    calls.orders.detail.mockResolvedValue({ id: 7, code: 'DD0000000007', payable: '380.00', status: 20 });
    calls.termBills.detailByOrderCode.mockResolvedValue(bill);
    calls.termBills.scheduleDetail.mockResolvedValue({
      ...bill,
      notice: {
        status: 10,
        sentAt: '2026-01-01T02:00:00.000Z',
        sentCount: 1,
        phone: '138****0000',
        signedAt: null,
        signerName: null,
        signedBy: null,
      },
      history: [],
    });
    calls.termBills.scheduleSign.mockResolvedValue(true);
    calls.termBills.scheduleUpdate.mockResolvedValue(true);
    mount();

    fireEvent.click(await screen.findByRole('button', { name: '登记家长签字' }));
    const sign = await screen.findByRole('dialog', { name: '登记家长签字' });
    fireEvent.change(within(sign).getByLabelText('签字人'), { target: { value: '王妈妈' } });
    fireEvent.click(within(sign).getByRole('button', { name: '登记家长签字' }));
    await vi.waitFor(() =>
      expect(calls.termBills.scheduleSign).toHaveBeenCalledWith({
        query: { billId: 3, signerName: '王妈妈' },
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const terms = screen.getByRole('table', { name: '分期' });
    expect(within(terms).getAllByRole('button', { name: '改期' })).toHaveLength(1);
    fireEvent.click(within(terms).getByRole('button', { name: '改期' }));
    const move = await screen.findByRole('dialog', { name: '第2期改期' });
    fireEvent.change(within(move).getByLabelText('到期日'), { target: { value: '2026-02-15' } });
    fireEvent.click(within(move).getByRole('button', { name: '改期' }));
    await vi.waitFor(() =>
      expect(calls.termBills.scheduleUpdate).toHaveBeenCalledWith({
        query: { billItemId: 12, dueDate: '2026-02-15' },
      }),
    );
  });

  it('asks for the term’s own payment every 3 s while open, then closes saying it was paid and stops', async () => {
    calls.termBills.termCreatePayment.mockResolvedValue(qr('T2', 1_800_000));
    calls.payments.queryResult
      .mockResolvedValueOnce(result('T2', false))
      .mockResolvedValueOnce(result('T2', false))
      .mockResolvedValue(result('T2', true));
    const dialog = await openTermDialog();
    await within(dialog).findByText('等待付款…');
    await vi.waitFor(() => expect(calls.payments.queryResult).toHaveBeenCalledTimes(1));
    expect(calls.payments.queryResult).toHaveBeenCalledWith({
      query: { orderid: 7, type: 1, outTradeNo: 'T2' },
    });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(calls.payments.queryResult).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.payments.queryResult).toHaveBeenCalledTimes(2);
    const billReads = calls.termBills.detailByOrderCode.mock.calls.length;

    await vi.advanceTimersByTimeAsync(3_000);
    expect((await screen.findByRole('status')).textContent).toBe('第2期已在线收款 ¥190.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The terms were read again (the paid term shows as paid), and nobody asks any more.
    await vi.waitFor(() =>
      expect(calls.termBills.detailByOrderCode.mock.calls.length).toBeGreaterThan(billReads),
    );
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.payments.queryResult).toHaveBeenCalledTimes(3);
  });

  it('stops asking when the code expires, says so, makes a new one on request, and stops when closed', async () => {
    calls.termBills.termCreatePayment
      .mockResolvedValueOnce(qr('T2', 5_000))
      .mockResolvedValue(qr('T3', 1_800_000));
    calls.payments.queryResult.mockImplementation(({ query }: { query: { outTradeNo: string } }) =>
      Promise.resolve(result(query.outTradeNo, false)),
    );
    const dialog = await openTermDialog();
    await vi.waitFor(() => expect(calls.payments.queryResult).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      '二维码已过期，请重新生成',
    );
    const asked = calls.payments.queryResult.mock.calls.length;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.payments.queryResult).toHaveBeenCalledTimes(asked);

    fireEvent.click(within(dialog).getByRole('button', { name: '重新生成二维码' }));
    await within(dialog).findByText('等待付款…');
    await vi.waitFor(() =>
      expect(calls.payments.queryResult).toHaveBeenLastCalledWith({
        query: { orderid: 7, type: 1, outTradeNo: 'T3' },
      }),
    );
    expect(calls.termBills.termCreatePayment).toHaveBeenCalledTimes(2);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const before = calls.payments.queryResult.mock.calls.length;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls.payments.queryResult).toHaveBeenCalledTimes(before);
  });
});
