import { describe, expect, it } from 'vitest';
import { previewInput } from './pricePreview';

describe('what of an order being typed is priced', () => {
  it('prices only the lines with a course and a quantity, as the contract reads them', () => {
    const body = previewInput({
      schoolItemCode: 'SH01',
      orderType: 1,
      items: [
        { courseCode: 'C001', quantity: '10', giftQuantity: 2 },
        { courseCode: '', quantity: 5 },
        { courseCode: 'C002', quantity: '' },
        { courseCode: 'C003', quantity: 0 },
      ],
      manualDiscount: '300',
    });
    expect(body?.items).toEqual([{ courseCode: 'C001', quantity: 10, giftQuantity: 2 }]);
    expect(body?.manualDiscount).toBe('300.00');
  });

  it('prices nothing without a campus, without a complete line, or with a bad amount', () => {
    const line = [{ courseCode: 'C001', quantity: 1 }];
    expect(previewInput({ schoolItemCode: '', orderType: 1, items: line })).toBeNull();
    expect(
      previewInput({ schoolItemCode: 'SH01', orderType: 1, items: [{ courseCode: 'C001' }] }),
    ).toBeNull();
    expect(
      previewInput({ schoolItemCode: 'SH01', orderType: 1, items: line, manualDiscount: '1.005' }),
    ).toBeNull();
    expect(
      previewInput({ schoolItemCode: 'SH01', orderType: 1, items: line, manualDiscount: '' }),
    ).not.toBeNull();
  });
});
