import { describe, expect, it } from 'vitest';
import { offerTag } from './OfferStatusTag';

describe('offerTag', () => {
  it('reads the §4 state: not started, active, expired, cancelled', () => {
    expect([5, 10, 20, 30].map((s) => offerTag('activity', s))).toEqual([
      'notStarted',
      'active',
      'expired',
      'cancelled',
    ]);
  });
  it('calls an unpublished offer a draft, an unpublished voucher configuration disabled', () => {
    expect(offerTag('discount', 0)).toBe('draft');
    expect(offerTag('gift', 0)).toBe('draft');
    expect(offerTag('voucher', 0)).toBe('disabled');
    expect(offerTag('voucher', 10)).toBe('active');
  });
});
