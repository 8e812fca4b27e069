import { describe, expect, it } from 'vitest';
import {
  BirthDate,
  Hours,
  Mobile,
  Money,
  Phone,
  isMobile,
  money,
  optionalPhone,
  quantity,
} from './fields.js';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message ?? '';

describe('Mobile', () => {
  it('takes 11 digits starting with 1, dropping +86 and spaces', () => {
    expect(Mobile.parse(' 138 0000 1234 ')).toBe('13800001234');
    expect(Mobile.parse('+86 13800001234')).toBe('13800001234');
    expect(isMobile('13800001234')).toBe(true);
  });

  it('refuses other shapes with a bilingual message', () => {
    for (const v of ['1380000123', '138000012345', '23800001234', '138-0000-1234x', '']) {
      const r = Mobile.safeParse(v);
      expect(r.success).toBe(false);
      expect(message(r)).toContain('手机号');
      expect(message(r)).toContain('11 digits');
    }
  });
});

describe('Phone', () => {
  it('takes a mobile, a landline with its area code (and extension), or a 400 number', () => {
    for (const v of ['13800001234', '021-64001234', '02164001234', '0571-8800123-12', '400-820-8820'])
      expect(Phone.safeParse(v).success).toBe(true);
  });

  it('refuses letters, short numbers and a landline without area code', () => {
    for (const v of ['abc', '12345', '64001234', '021-640', '+1 415 555 0100']) {
      const r = Phone.safeParse(v);
      expect(r.success, v).toBe(false);
      expect(message(r)).toContain('not a phone number');
    }
  });

  it('as an optional field turns blank into null and still checks a value', () => {
    const f = optionalPhone(Phone);
    expect(f.parse('')).toBeNull();
    expect(f.parse(null)).toBeNull();
    expect(f.parse(undefined)).toBeNull();
    expect(f.parse('021-64001234')).toBe('021-64001234');
    expect(f.safeParse('12').success).toBe(false);
  });
});

describe('BirthDate', () => {
  it('takes a real calendar date', () => {
    expect(BirthDate.parse('2020-02-29')).toBe('2020-02-29');
  });

  it('refuses a day that does not exist, another shape, and dates before 1900', () => {
    expect(message(BirthDate.safeParse('2021-02-29'))).toContain('not a valid date');
    expect(message(BirthDate.safeParse('2021/02/01'))).toContain('YYYY-MM-DD');
    expect(BirthDate.safeParse('1899-12-31').success).toBe(false);
  });
});

describe('money', () => {
  it('keeps an amount exact as a 2-decimal string', () => {
    expect(Money.parse('12.5')).toBe('12.50');
    expect(Money.parse(0.1)).toBe('0.10');
    expect(Money.parse('0.5')).toBe('0.50');
    expect(Money.parse(7)).toBe('7.00');
  });

  it('refuses more decimals than allowed with a message instead of cutting them', () => {
    for (const v of ['12.345', 12.345, '0.001']) {
      const r = Money.safeParse(v);
      expect(r.success).toBe(false);
      expect(message(r)).toContain('at most 2 decimals');
    }
  });

  it('refuses negatives, text and too many integer digits', () => {
    expect(message(Money.safeParse('-1'))).toContain('negative');
    expect(message(Money.safeParse('12a'))).toContain('must be a number');
    expect(message(Money.safeParse(''))).toContain('must be a number');
    expect(message(money({ maxIntDigits: 7 }).safeParse('12345678'))).toContain('7 integer digits');
    expect(money({ maxIntDigits: 7 }).parse('1234567.89')).toBe('1234567.89');
  });
});

describe('amounts and quantities are read strictly', () => {
  it('refuses a comma, a thousands separator, spaces and exponents instead of guessing', () => {
    // "10,5" was read as 105.00 before: a decimal comma or a separator is refused, never dropped.
    for (const v of ['10,5', '1,234.56', '1，000', "1'000", '1_000'])
      expect(message(Money.safeParse(v))).toContain('thousands separators or commas');
    for (const v of ['1 000', ' 10', '10 ', '1\u3000000'])
      expect(message(Money.safeParse(v))).toContain('spaces');
    for (const v of ['1e3', '1E-2', 1e21]) expect(message(Money.safeParse(v))).toContain('exponent');
    for (const v of [NaN, Infinity, -Infinity, '0x10', '.5', '5.', '+5', '', null, true])
      expect(message(Money.safeParse(v))).toContain('must be a number');
  });

  it('takes JSON numbers by their decimal text and refuses one that is not exact to the cent', () => {
    expect(Money.parse(10.5)).toBe('10.50');
    expect(message(Money.safeParse(0.1 + 0.2))).toContain('at most 2 decimals');
    expect(money({ signed: true }).parse('-3.5')).toBe('-3.50');
  });

  it('reads hours with at most 2 decimals, as numbers, with the same refusals', () => {
    expect(Hours.parse('1.5')).toBe(1.5);
    expect(Hours.parse(0.25)).toBe(0.25);
    expect(message(Hours.safeParse('1,5'))).toContain('commas');
    expect(message(Hours.safeParse('1.255'))).toContain('at most 2 decimals');
    expect(message(Hours.safeParse('2e1'))).toContain('exponent');
    expect(message(Hours.safeParse('-1'))).toContain('negative');
    expect(message(quantity({ positive: true }).safeParse('0'))).toContain('above 0');
    expect(message(quantity({ max: 8 }).safeParse('8.5'))).toContain('at most 8');
    expect(quantity({ signed: true }).parse('-2.25')).toBe(-2.25);
    expect(message(quantity({ decimals: 0, what: ['人数', 'count'] }).safeParse('1.5'))).toContain(
      'whole number',
    );
  });
});
