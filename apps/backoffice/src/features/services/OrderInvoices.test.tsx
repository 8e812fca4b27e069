import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { orderMessages } from '../orders/messages';
import { serviceMessages } from './messages';
import { OrderInvoicesCard } from './OrderInvoices';
import { screenTest } from '../../app/screenTest';

const calls = vi.hoisted(() => ({
  invoices: {
    page: vi.fn(),
    orders: vi.fn(),
    contentPage: vi.fn(),
    insert: vi.fn(),
    pdfUrl: vi.fn(),
    detail: vi.fn(),
  },
}));
vi.mock('../../app/sdk', () => ({
  sdk: calls,
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const row = (id: number, status: number, amount: string, invoiceNo: string | null) => ({
  id,
  code: `FP000000000${id}`,
  studentId: 1,
  studentName: '小明',
  studentCode: 'XS001',
  orderId: 7,
  orderCode: 'DD0000000007',
  schoolItemCode: 'SH01',
  schoolItemName: '上海徐汇校区',
  contentName: '康复训练费',
  taxRate: '3.00',
  amount,
  taxAmount: '5.53',
  buyerType: 1,
  buyerName: '王芳',
  buyerTaxNo: '',
  email: '',
  status,
  invoiceNo,
  issuedAt: invoiceNo ? '2026-01-02T03:04:05.000Z' : null,
  failReason: null,
  reversesId: status === 70 ? 1 : null,
  requestedByName: '张丽华',
  createdAt: '2026-01-02T02:00:00.000Z',
});

describe('an order’s invoices card', () => {
  // What the orders feature's entry loads before the order detail renders (features/index.ts).
  screenTest({ messages: [orderMessages, serviceMessages], waitMs: 8000 });

  it('lists the order’s invoices, red ones included, opens a PDF, and requests what may still be invoiced', async () => {
    calls.invoices.page.mockResolvedValue({
      list: [row(2, 70, '-190.00', '243100000000000002'), row(1, 60, '190.00', '243100000000000001')],
      total: 2,
      pageIdx: 1,
      pageSize: 100,
    });
    calls.invoices.orders.mockResolvedValue([
      {
        orderId: 7,
        orderCode: 'DD0000000007',
        status: 30,
        payable: '380.00',
        paid: '380.00',
        invoiced: '0.00',
        available: '380.00',
      },
    ]);
    calls.invoices.contentPage.mockResolvedValue({
      list: [
        {
          id: 5,
          name: '康复训练费',
          taxCode: '3070201020000000000',
          taxRate: '3.00',
          validstatus: 1,
          remark: '',
          updatedAt: '',
          version: 1,
        },
      ],
      total: 1,
      pageIdx: 1,
      pageSize: 500,
    });
    calls.invoices.pdfUrl.mockResolvedValue({ url: 'https://einvoice.example/pdf/FP0000000002.pdf' });
    calls.invoices.insert.mockResolvedValue(row(3, 10, '380.00', null));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <I18nProvider>
        <QueryClientProvider client={new QueryClient()}>
          <OrderInvoicesCard order={{ id: 7, code: 'DD0000000007', studentId: 1 }} />
        </QueryClientProvider>
      </I18nProvider>,
    );

    const table = await screen.findByRole('table', { name: '发票' });
    const red = within(table).getByRole('row', { name: /FP0000000002/ });
    expect(red.textContent).toContain('红字发票');
    expect(red.textContent).toContain('-¥190.00');
    expect(within(table).getByRole('row', { name: /FP0000000001/ }).textContent).toContain('已红冲');
    expect(calls.invoices.page).toHaveBeenCalledWith({ query: { orderId: 7, pageSize: 100 } });
    fireEvent.click(within(red).getByRole('button', { name: '查看发票' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://einvoice.example/pdf/FP0000000002.pdf',
        '_blank',
        'noopener',
      ),
    );

    fireEvent.click(await screen.findByRole('button', { name: '申请开票' }));
    const dialog = await screen.findByRole('dialog', { name: '申请开票' });
    expect(within(dialog).getByLabelText(/开票金额/)).toHaveProperty('value', '380.00');
    await within(dialog).findByRole('option', { name: '康复训练费（3.00%）' });
    fireEvent.change(within(dialog).getByLabelText(/开票内容/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/发票抬头/), { target: { value: '王芳' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(calls.invoices.insert).toHaveBeenCalledWith({
        body: expect.objectContaining({
          orderId: 7,
          amount: '380.00',
          contentId: 5,
          buyerType: 1,
          buyerName: '王芳',
        }) as unknown,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);
});
