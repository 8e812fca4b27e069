import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DATA_ILLEGAL,
  centsOf,
  addAmounts,
  clampNumber,
  digitsOnly,
  formatAmount,
  fromCents,
  parseAmountInput,
  toCents,
  toChineseCurrency,
  toNonNegativeAmount,
} from './money.js';

describe('formatAmount', () => {
  it.each([
    [0, '0.00'],
    [null, '0.00'],
    [undefined, '0.00'],
    ['', '0.00'],
    ['0', '0.00'],
    [1234567.891, '1,234,567.89'],
    ['1.005', '1.01'],
    [1.005, '1.01'],
    [-1234.5, '-1,234.50'],
    [-1.005, '-1.01'],
    [-0.001, '0.00'],
    [999.995, '1,000.00'],
    [12, '12.00'],
    ['  42.1 ', '42.10'],
    ['1,234.5', '1,234.50'],
    [100, '100.00'],
    [1000, '1,000.00'],
    [1e21, '1,000,000,000,000,000,000,000.00'],
    [1e-7, '0.00'],
    ['1e3', '1,000.00'],
    [123456789012345678901234567890n, '123,456,789,012,345,678,901,234,567,890.00'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it.each([['abc'], ['1.2.3'], [NaN], [Infinity], [{}], [[]], [true], ['12abc'], ['.'], ['-'], ['1,23']])(
    'non-numeric %s → 0.00',
    (input) => {
      expect(formatAmount(input)).toBe('0.00');
    },
  );

  it('shows a zero tax amount as 0.00', () => {
    expect(formatAmount(0.0)).toBe('0.00');
    expect(formatAmount('0.00')).toBe('0.00');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('never throws, always answers a formatted amount', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(formatAmount(v)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d\d$/);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.string(), fc.stringMatching(/^-?\d{0,20}(\.\d{0,10})?$/)), (v) => {
        expect(typeof formatAmount(v)).toBe('string');
      }),
    );
  });

  it('agrees with the cents it formats', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (cents) => {
        expect(formatAmount(fromCents(cents)).replace(/,/g, '')).toBe(
          fromCents(cents) === '-0.00' ? '0.00' : fromCents(cents),
        );
      }),
    );
  });
});

describe('toCents / fromCents / addAmounts', () => {
  it('converts exactly', () => {
    expect(toCents('12.30')).toBe(1230n);
    expect(toCents(0.1)).toBe(10n);
    expect(toCents(-5)).toBe(-500n);
    expect(toCents('1.500')).toBe(150n);
    expect(toCents('1.005')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents(-0)).toBe(0n);
    expect(fromCents(-1234n)).toBe('-12.34');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(0n)).toBe('0.00');
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(fromCents('150')).toBe('1.50');
    expect(fromCents('-7')).toBe('-0.07');
    expect(() => fromCents('1.5')).toThrow(RangeError);
  });

  it('reads checked amounts as cents: blank and non-amounts are 0, never a float product', () => {
    expect(centsOf('12.30')).toBe(1230);
    expect(centsOf('-1.50')).toBe(-150);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf('')).toBe(0);
    expect(centsOf(null)).toBe(0);
    expect(centsOf(undefined)).toBe(0);
    expect(centsOf('1.005')).toBe(0);
  });

  it('round-trips every cent amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });

  it('adds without float error and rounds once at the end', () => {
    expect(addAmounts(0.1, 0.2)).toBe('0.30');
    expect(addAmounts('0.1', '0.2', null, undefined, '')).toBe('0.30');
    expect(addAmounts('0.004', '0.001')).toBe('0.01');
    expect(addAmounts('-0.005')).toBe('-0.01');
    expect(addAmounts(1, -1)).toBe('0.00');
    expect(addAmounts()).toBe('0.00');
    expect(addAmounts('1,000.5', 2)).toBe('1002.50');
    expect(() => addAmounts('abc')).toThrow(RangeError);
  });
});

describe('toChineseCurrency', () => {
  it.each([
    [0, '零元整'],
    ['0.00', '零元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100000, '壹拾万元整'],
    [1001, '壹仟零壹元整'],
    [100000000, '壹亿元整'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    [0.55, '伍角伍分'],
    [10.05, '壹拾元零伍分'],
    [1010, '壹仟零壹拾元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [1.5, '壹元伍角'],
    [100010000, '壹亿零壹万元整'],
    [101000000, '壹亿零壹佰万元整'],
    [1000000001, '壹拾亿零壹元整'],
    [107000.53, '壹拾万零柒仟元伍角叁分'],
    [200100, '贰拾万零壹佰元整'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (input, expected) => {
    expect(toChineseCurrency(input)).toBe(expected);
  });

  it.each([
    [-1],
    [1.234],
    ['1000000000000'],
    [1e12],
    ['abc'],
    [null],
    [undefined],
    [''],
    [NaN],
    [Infinity],
    [{}],
    [0.1 + 0.2],
  ])('refuses %s with DATA_ILLEGAL', (input) => {
    expect(toChineseCurrency(input)).toBe(DATA_ILLEGAL);
  });

  it('writes every valid amount (integer cents 0..999,999,999,999.99)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), (cents) => {
        const words = toChineseCurrency(fromCents(cents));
        expect(words).not.toBe(DATA_ILLEGAL);
        expect(words).not.toContain('undefined');
        expect(words).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        if (cents > 0n) expect(words).not.toMatch(/零零|零元|零万|零亿|^零/);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(typeof toChineseCurrency(v)).toBe('string');
      }),
    );
  });
});

describe('parseAmountInput', () => {
  it.each([
    ['abc12345678.999', '1234567.99'],
    ['', ''],
    ['12.3.4', '12.34'],
    ['.5', '0.5'],
    ['1.', '1.'],
    ['007', '7'],
    ['0.05', '0.05'],
    ['-12', '12'],
    ['1,234.5', '1234.5'],
    ['１２', ''],
  ])('%s → %s', (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });

  it('always keeps at most 7 integer digits and 2 decimals', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(parseAmountInput(s)).toMatch(/^(\d{0,7}|\d{1,7}\.\d{0,2})$/);
      }),
    );
  });
});

describe('toNonNegativeAmount', () => {
  it.each([
    ['12.349', 2, '12.34'],
    [12.349, 2, '12.34'],
    ['12.999', 0, '12'],
    ['12.999', 1, '12.9'],
    ['1.50', 2, '1.50'],
    ['1.', 2, '1.'],
    [5, 2, '5'],
    ['0', 2, '0'],
    [-1, 2, ''],
    ['-0.01', 2, ''],
    ['abc', 2, ''],
    ['', 2, ''],
    [null, 2, ''],
  ] as const)('%s (%s decimals) → %s', (input, decimals, expected) => {
    expect(toNonNegativeAmount(input, decimals)).toBe(expected);
  });

  it('defaults to 2 decimals', () => {
    expect(toNonNegativeAmount('3.14159')).toBe('3.14');
  });

  it('never increases a value and keeps the decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (n, decimals) => {
          const out = toNonNegativeAmount(n, decimals);
          expect(Number(out)).toBeLessThanOrEqual(n);
          expect(out.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(decimals);
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}\.\d{0,8}$/), (s) => {
        const out = toNonNegativeAmount(s);
        expect(Number(out)).toBeLessThanOrEqual(Number(s));
      }),
    );
  });
});

describe('clampNumber', () => {
  it.each([
    ['', {}, ''],
    ['abc', {}, ''],
    [-1, {}, ''],
    ['-0.5', {}, ''],
    [0, {}, 0],
    ['7', {}, 7],
    ['120', { max: 100 }, 100],
    [100, { max: 100 }, 100],
    [4, { min: 5, max: 10 }, ''],
    [5, { min: 5, max: 10 }, 5],
    [-3, { min: -5 }, -3],
    [null, {}, ''],
    [Infinity, {}, ''],
    [3, { min: 5, max: 1 }, ''],
  ] as const)('%s %j → %s', (input, opts, expected) => {
    expect(clampNumber(input, opts)).toBe(expected);
  });

  it('always answers a number in [min, max] or empty', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double(), fc.string(), fc.integer().map(String)),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 2000 }),
        (v, min, span) => {
          const max = min + span;
          const out = clampNumber(v, { min, max });
          if (out !== '') {
            expect(out).toBeGreaterThanOrEqual(min);
            expect(out).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });
});

describe('digitsOnly', () => {
  it('strips every non-digit', () => {
    expect(digitsOnly('a1-2 3.4')).toBe('1234');
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly(null)).toBe('');
    expect(digitsOnly('１２3')).toBe('3');
    expect(digitsOnly(42)).toBe('42');
  });
});
