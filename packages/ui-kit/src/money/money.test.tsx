import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfirmProvider } from '../components/Confirm.js';
import { FormView, SubmitButton } from '../form/FormParts.js';
import { FormAmount } from '../form/fields.js';
import { FormKitContext, useSchemaForm } from '../form/useSchemaForm.js';
import { MoneyText, formatMoney } from './MoneyText.js';
import { PriceBreakdown, type PriceQuoteView } from './PriceBreakdown.js';

afterEach(cleanup);

function Kit({ children, locale = 'zh-CN' }: { children: ReactNode; locale?: 'zh-CN' | 'en' }) {
  return (
    <FormKitContext.Provider value={{ locale }}>
      <ConfirmProvider labels={{ ok: '确定', cancel: '取消', close: '关闭' }}>{children}</ConfirmProvider>
    </FormKitContext.Provider>
  );
}

const Pay = z.object({ amount: z.string().regex(/^\d+(\.\d{1,2})?$/) });

function PayForm({ onSubmit }: { onSubmit: (v: z.output<typeof Pay>) => Promise<unknown> }) {
  const form = useSchemaForm({ schema: Pay, defaultValues: { amount: '' }, onSubmit });
  return (
    <FormView form={form}>
      <FormAmount form={form} name="amount" label="金额" />
      <SubmitButton form={form}>提交</SubmitButton>
    </FormView>
  );
}

describe('money parts', () => {
  it('formats cents and yuan alike, negatives with the sign before the currency', () => {
    expect(formatMoney({ cents: 123456 })).toBe('¥1,234.56');
    expect(formatMoney({ yuan: '12.5' })).toBe('¥12.50');
    expect(formatMoney({ cents: -500 })).toBe('-¥5.00');
    expect(formatMoney({ cents: null })).toBe('—');
    render(<MoneyText cents={-500} />);
    expect(screen.getByText('-¥5.00').className).toMatch(/danger/);
  });

  it('keeps an amount to 7 integer digits and 2 decimals and shows it in capitals under the field', async () => {
    const sent: unknown[] = [];
    render(
      <Kit>
        <PayForm onSubmit={async (v) => void sent.push(v)} />
      </Kit>,
    );
    const input = screen.getByLabelText('金额');
    fireEvent.change(input, { target: { value: '123456789.999' } });
    expect(input).toHaveProperty('value', '1234567.99');
    expect(screen.getByText('壹佰贰拾叁万肆仟伍佰陆拾柒元玖角玖分')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1000.05' } });
    expect(screen.getByText('壹仟元零伍分')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交' }));
    });
    expect(sent).toEqual([{ amount: '1000.05' }]);
  });

  it('says an empty required amount is missing, naming the field', async () => {
    render(
      <Kit>
        <PayForm onSubmit={() => Promise.resolve()} />
      </Kit>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '提交' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('请填写 金额');
    expect(screen.queryByText(/大写/)).toBeNull();
  });

  const quote: PriceQuoteView = {
    items: [
      {
        courseCode: 'C1',
        courseName: '感统训练',
        unit: 1,
        unitPrice: '300.00',
        quantity: 40,
        giftQuantity: 4,
        listAmount: '12000.00',
        adjustments: [
          { source: 'manual', label: '手动优惠', amount: '-1000.50' },
          { source: 'gift', label: '赠送', amount: '0.00' },
          { source: 'gift', label: '活动「春季」 赠送 2 / 春季: 2 free', amount: '0.00', ref: 'A01' },
        ],
        amount: '10999.50',
      },
    ],
    listAmount: '12000.00',
    discountAmount: '1000.50',
    payable: '10999.50',
  };

  it('shows list price, each adjustment, the gift hours, the payable amount and it in capitals', () => {
    render(
      <Kit>
        <PriceBreakdown quote={quote} />
      </Kit>,
    );
    const table = screen.getByRole('table', { name: '价格明细' });
    const row = (name: string) => {
      const tr = within(table).getByRole('rowheader', { name }).closest('tr');
      if (!tr) throw new Error(`no row ${name}`);
      return tr;
    };
    expect(row('感统训练').textContent).toContain('¥300.00');
    expect(row('感统训练').textContent).toContain('40 课时');
    expect(row('手动优惠').textContent).toContain('-¥1,000.50');
    expect(row('赠送 4 课时').textContent).toContain('¥0.00');
    expect(within(table).getAllByText('赠送 4 课时')).toHaveLength(1);
    // The offer that gave hours is named; the line typed on the order is not repeated.
    expect(row('活动「春季」 赠送 2 / 春季: 2 free').textContent).toContain('¥0.00');
    expect(within(table).queryByRole('rowheader', { name: '赠送' })).toBeNull();
    expect(row('优惠合计').textContent).toContain('-¥1,000.50');
    expect(row('应付金额').textContent).toContain('¥10,999.50');
    expect(row('应付金额（大写）').textContent).toContain('壹万零玖佰玖拾玖元伍角');
  });

  it('speaks English and says what to do before a course is chosen', () => {
    render(
      <Kit locale="en">
        <PriceBreakdown quote={{ ...quote, items: [] }} />
      </Kit>,
    );
    expect(screen.getByText('Choose a course to see the price')).toBeTruthy();
    cleanup();
    render(
      <Kit locale="en">
        <PriceBreakdown quote={quote} loading />
      </Kit>,
    );
    expect(screen.getByRole('status', { name: 'Recalculating…' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Price breakdown' }).textContent).toContain('40 hours');
  });
});
