import { ConfirmProvider, ToastProvider } from '@bo/ui-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { masterMessages } from '../../app/masterMessages';
import { screenTest } from '../../app/screenTest';
import { I18nProvider } from '../../i18n';
import AddOrder from './AddOrder';
import { orderMessages } from './messages';

const calls = vi.hoisted(() => ({
  orders: { preCreate: vi.fn(), edit: vi.fn(), editDetail: vi.fn(), detail: vi.fn() },
}));
vi.mock('../../app/sdk', () => ({
  sdk: {
    orders: calls.orders,
    courses: { courses: () => Promise.resolve([{ code: 'C001', name: '感统训练' }]) },
    employees: { commissionersOfKind: () => Promise.resolve([]) },
    organisation: { allSchoolItems: () => Promise.resolve([]) },
  },
  errorText: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));

const HD = 'HD00000009';
const ZK = 'ZK00000003';
const item = (
  adjustments: Array<{ source: string; ref: string; label: string; amount: string }>,
  amount: string,
) => ({
  courseCode: 'C001',
  courseName: '感统训练',
  buyTypeId: null,
  unit: 1,
  unitPrice: '300.00',
  quantity: 10,
  giftQuantity: 0,
  listAmount: '3000.00',
  adjustments,
  amount,
});
const quote = (i: ReturnType<typeof item>) => ({
  items: [i],
  listAmount: '3000.00',
  discountAmount: (3000 - Number(i.amount)).toFixed(2),
  payable: i.amount,
  payableInWords: '',
  familyShare: i.amount,
  funderShare: '0.00',
  adviserId: null,
  orderType: 0,
});
// The activity applies by itself; declined, the standing discount applies instead (the principles).
const withActivity = quote(
  item([{ source: 'activity', ref: HD, label: '活动「春季特惠」 9折', amount: '-300.00' }], '2700.00'),
);
const withDiscount = quote(
  item([{ source: 'discount', ref: ZK, label: '折扣「老生续费」 95折', amount: '-150.00' }], '2850.00'),
);

function mount() {
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ConfirmProvider>
            <MemoryRouter initialEntries={['/students/order?edit=7']}>
              <Routes>
                <Route path="/students/order" element={<AddOrder />} />
                <Route path="*" element={<p>elsewhere</p>} />
              </Routes>
            </MemoryRouter>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** Pricing as the server does: without the activity once the family declined it. */
const priceDeclining = ({ body }: { body: { declinedOffers?: string[] } }) =>
  Promise.resolve(body.declinedOffers?.includes(HD) ? withDiscount : withActivity);

/**
 * Opens the form editing order 7 (of student 3, 小明) at `version`, stored with `declinedOffers`
 * (left out: an order saved before offers could be declined) and priced by `quote`; the preview
 * answers `preCreate`, saving answers the order.
 */
function editOrder(o: {
  version: number;
  declinedOffers?: string[];
  quote: typeof withActivity;
  preCreate: (req: { body: { declinedOffers?: string[] } }) => Promise<unknown>;
}) {
  calls.orders.edit.mockReset();
  calls.orders.editDetail.mockResolvedValue({
    id: 7,
    code: 'DD00000007',
    version: o.version,
    schoolItemCode: 'SH01',
    studentId: 3,
    orderType: 0,
    items: [{ courseCode: 'C001', buyTypeId: null, quantity: 10, giftQuantity: 0 }],
    manualDiscount: '0.00',
    ...(o.declinedOffers ? { declinedOffers: o.declinedOffers } : {}),
    funderShare: '0.00',
    funderCode: null,
    adviserId: null,
    remark: '',
    quote: o.quote,
  });
  calls.orders.detail.mockResolvedValue({ id: 7, studentName: '小明' });
  calls.orders.preCreate.mockImplementation(o.preCreate);
  calls.orders.edit.mockResolvedValue({ id: 7, code: 'DD00000007', studentId: 3, studentCode: 'S1' });
  mount();
}

// The add-order form is the app's heaviest to render: a slow shared machine passes the default 5 s.
describe('the offers of an order being placed', { timeout: 30_000 }, () => {
  screenTest({ messages: [orderMessages, masterMessages], waitMs: 8000 });

  it('shows the offer that applies, lets the family decline it, and sends the choice with the order', async () => {
    editOrder({ version: 2, quote: withActivity, preCreate: priceDeclining });

    const offers = await screen.findByRole('group', { name: '适用优惠' });
    await within(offers).findByText('活动「春季特惠」 9折');
    fireEvent.click(within(offers).getByRole('button', { name: `不享受优惠 ${HD}` }));

    // Priced again without it: the discount the principles allow instead is shown, the declined one can be restored.
    await within(offers).findByText('折扣「老生续费」 95折');
    expect(within(offers).getByText(`已放弃：${HD}`)).toBeTruthy();
    expect(within(offers).getByRole('button', { name: `恢复优惠 ${HD}` })).toBeTruthy();
    expect(calls.orders.preCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ declinedOffers: [HD] }) }),
    );

    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await vi.waitFor(() => expect(calls.orders.edit).toHaveBeenCalledTimes(1));
    expect(calls.orders.edit.mock.calls[0]?.[0]).toMatchObject({ body: { id: 7, declinedOffers: [HD] } });
  });

  it('starts an edit with the offers the order declined, and sends the list restored to none', async () => {
    editOrder({ version: 3, declinedOffers: [HD], quote: withDiscount, preCreate: priceDeclining });

    // Declined as stored: priced without it from the first preview, and restorable.
    const offers = await screen.findByRole('group', { name: '适用优惠' });
    expect(await within(offers).findByText(`已放弃：${HD}`)).toBeTruthy();
    await within(offers).findByText('折扣「老生续费」 95折');
    await vi.waitFor(() =>
      expect(calls.orders.preCreate).toHaveBeenLastCalledWith(
        expect.objectContaining({ body: expect.objectContaining({ declinedOffers: [HD] }) }),
      ),
    );

    fireEvent.click(within(offers).getByRole('button', { name: `恢复优惠 ${HD}` }));
    await within(offers).findByText('活动「春季特惠」 9折');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await vi.waitFor(() => expect(calls.orders.edit).toHaveBeenCalledTimes(1));
    expect(calls.orders.edit.mock.calls[0]?.[0]).toMatchObject({
      body: { id: 7, version: 3, declinedOffers: [] },
    });
  });

  it('shows the order type the server derives, read-only, and prefills the adviser it suggests', async () => {
    // A first order of the student: a new enrolment; the student's adviser (user 9) is suggested.
    editOrder({
      version: 4,
      declinedOffers: [],
      quote: withActivity,
      preCreate: () => Promise.resolve({ ...withActivity, orderType: 1, adviserId: 9 }),
    });

    const type = await screen.findByRole('status', { name: '订单类型' });
    await vi.waitFor(() => expect(type.textContent).toContain('新报'));
    // Shown, not chosen: no control offers the type.
    expect(screen.queryByRole('combobox', { name: '订单类型' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await vi.waitFor(() => expect(calls.orders.edit).toHaveBeenCalledTimes(1));
    expect(calls.orders.edit.mock.calls[0]?.[0]).toMatchObject({ body: { id: 7, adviserId: 9 } });
    expect(calls.orders.edit.mock.calls[0]?.[0]?.body).not.toHaveProperty('orderType');
  });
});
