// Money rules: exact decimal work on strings and BigInt cents, never binary floating point arithmetic.
//
// Numbers are read through their shortest decimal representation (`String(n)`), which is what a
// person typed or a JSON body carried: `1.005` as a JS number is 1.00499999…, but `String(1.005)` is
// '1.005', so `formatAmount(1.005)` rounds half up to '1.01' exactly like `formatAmount('1.005')`.
// Rounding is half up on the absolute value (half away from zero), the usual rule for money:
// `-1.005` → '-1.01'.

/** The answer of `toChineseCurrency` for anything that is not a valid amount ('data illegal'). */
export const DATA_ILLEGAL = '数据非法';

/** The largest amount `toChineseCurrency` writes out: 999,999,999,999.99. */
export const CHINESE_CURRENCY_MAX_CENTS = 99_999_999_999_999n;

interface Decimal {
  readonly neg: boolean;
  /** Integer digits without leading zeros ('0' for none). */
  readonly int: string;
  /** Fraction digits as given (may end with zeros). */
  readonly frac: string;
}

const NUMERIC = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const MAX_EXPONENT = 400;

/** Reads a number, bigint or numeric string (optionally with thousands separators) as an exact decimal. */
function parseDecimal(value: unknown): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'bigint') {
    text = value.toString();
  } else if (typeof value === 'string') {
    text = value.trim();
    if (GROUPED.test(text)) text = text.replace(/,/g, '');
  } else {
    return null;
  }
  const m = NUMERIC.exec(text);
  if (!m) return null;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (intDigits === '' && fracDigits === '') return null;
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exp) > MAX_EXPONENT) return null;
  let int = intDigits;
  let frac = fracDigits;
  if (exp > 0) {
    const moved = frac.padEnd(exp, '0');
    int += moved.slice(0, exp);
    frac = moved.slice(exp);
  } else if (exp < 0) {
    const shift = -exp;
    const padded = int.padStart(shift + 1, '0');
    frac = padded.slice(padded.length - shift) + frac;
    int = padded.slice(0, padded.length - shift);
  }
  int = int.replace(/^0+/, '') || '0';
  return { neg: m[1] === '-', int, frac };
}

function isZero(d: Decimal): boolean {
  return d.int === '0' && /^0*$/.test(d.frac);
}

/** The decimal scaled by 10^scale as a signed bigint, extra digits truncated or rounded half up. */
function scaled(d: Decimal, scale: number, mode: 'halfUp' | 'truncate'): bigint {
  const frac = d.frac.padEnd(scale + 1, '0');
  let abs = BigInt(d.int + frac.slice(0, scale));
  if (mode === 'halfUp' && (frac[scale] ?? '0') >= '5') abs += 1n;
  return d.neg ? -abs : abs;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function centsToParts(cents: bigint): { neg: boolean; int: string; frac: string } {
  const neg = cents < 0n;
  const abs = (neg ? -cents : cents).toString().padStart(3, '0');
  return { neg, int: abs.slice(0, -2), frac: abs.slice(-2) };
}

/**
 * Amount for display: two decimals, thousands separators, half up; empty or non-numeric → '0.00'.
 * Example: `formatAmount(1234567.891)` → '1,234,567.89'; `formatAmount(null)` → '0.00'.
 */
export function formatAmount(value: unknown): string {
  const d = parseDecimal(value);
  if (!d) return '0.00';
  const cents = scaled(d, 2, 'halfUp');
  if (cents === 0n) return '0.00';
  const p = centsToParts(cents);
  return `${p.neg ? '-' : ''}${groupThousands(p.int)}.${p.frac}`;
}

/**
 * Exact cents of an amount with at most two significant decimals; null otherwise.
 * Example: `toCents('12.30')` → 1230n; `toCents(0.1)` → 10n; `toCents('1.005')` → null.
 */
export function toCents(value: unknown): bigint | null {
  const d = parseDecimal(value);
  if (!d || /[1-9]/.test(d.frac.slice(2))) return null;
  const cents = scaled(d, 2, 'truncate');
  return cents === 0n ? 0n : cents;
}

/**
 * Cents (a JS number) of an amount the contract already checked: blank (null, undefined, '') is 0, and
 * so is a text that is not an amount of at most two decimals. Example: `centsOf('12.30')` → 1230.
 */
export function centsOf(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  return Number(toCents(value) ?? 0n);
}

/**
 * Plain decimal text of integer cents (no separators); a whole number of cents as text (a database
 * sum) is read as one. Example: `fromCents(-1234n)` → '-12.34'; `fromCents('150')` → '1.50'.
 */
export function fromCents(cents: bigint | number | string): string {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents))
    throw new RangeError(`fromCents: not a whole number of cents: ${cents}`);
  if (typeof cents === 'string' && !/^-?\d+$/.test(cents))
    throw new RangeError(`fromCents: not a whole number of cents: ${cents}`);
  const p = centsToParts(BigInt(cents));
  return `${p.neg ? '-' : ''}${p.int}.${p.frac}`;
}

/**
 * Exact sum of amounts, rounded half up to cents at the end; null, undefined and '' count as zero.
 * Throws a RangeError for a value that is not an amount. Example: `addAmounts(0.1, '0.2', null)` → '0.30'.
 */
export function addAmounts(...values: readonly unknown[]): string {
  const parsed: Decimal[] = [];
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    const d = parseDecimal(v);
    if (!d) throw new RangeError(`addAmounts: not an amount: ${String(v)}`);
    parsed.push(d);
  }
  const scale = Math.max(2, ...parsed.map((d) => d.frac.length));
  const total = parsed.reduce((sum, d) => sum + scaled(d, scale, 'truncate'), 0n);
  const sign = total < 0n ? -1n : 1n;
  const abs = total * sign;
  const unit = 10n ** BigInt(scale - 2);
  const cents = (abs / unit + ((abs % unit) * 2n >= unit ? 1n : 0n)) * sign;
  return fromCents(cents);
}

const CN_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const CN_UNITS = ['', '拾', '佰', '仟'] as const;
const CN_GROUPS = ['', '万', '亿'] as const;

function cnDigit(ch: string | undefined): string {
  return CN_DIGITS[Number(ch ?? '0')] ?? '';
}

function chineseYuan(int: string): string {
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < int.length; i++) {
    const pos = int.length - 1 - i;
    const unit = pos % 4;
    const group = Math.floor(pos / 4);
    const ch = int[i];
    if (ch === '0') {
      if (out !== '') zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += cnDigit(ch) + (CN_UNITS[unit] ?? '');
    }
    if (unit === 0 && group > 0) {
      const segment = int.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(segment)) out += CN_GROUPS[group] ?? '';
    }
  }
  return out;
}

/**
 * Amount in Chinese financial capitals (People's Bank of China bill-writing rules); invalid → DATA_ILLEGAL.
 * Valid: a non-negative number with at most 2 decimals, up to 999,999,999,999.99; never throws.
 * Example: `toChineseCurrency(1234.56)` → '壹仟贰佰叁拾肆元伍角陆分'; `toChineseCurrency(10.05)` → '壹拾元零伍分'.
 */
export function toChineseCurrency(value: unknown): string {
  const cents = toCents(value);
  if (cents === null || cents < 0n || cents > CHINESE_CURRENCY_MAX_CENTS) return DATA_ILLEGAL;
  if (cents === 0n) return '零元整';
  const { int, frac } = centsToParts(cents);
  const jiao = frac[0] ?? '0';
  const fen = frac[1] ?? '0';
  const yuan = int === '0' ? '' : `${chineseYuan(int)}元`;
  if (jiao === '0' && fen === '0') return `${yuan}整`;
  let out = yuan;
  if (jiao !== '0') out += `${cnDigit(jiao)}角`;
  else if (yuan !== '') out += '零';
  if (fen !== '0') out += `${cnDigit(fen)}分`;
  return out;
}

/**
 * Amount text while typing: digits and one dot only, at most 7 integer digits and 2 decimals.
 * Example: `parseAmountInput('abc12345678.999')` → '1234567.99'; `parseAmountInput('.5')` → '0.5'.
 */
export function parseAmountInput(
  text: string | number | null | undefined,
  maxIntDigits = 7,
  decimals = 2,
): string {
  let int = '';
  let frac = '';
  let seenDot = false;
  for (const ch of String(text ?? '')) {
    if (ch >= '0' && ch <= '9') {
      if (seenDot) {
        if (frac.length < decimals) frac += ch;
      } else if (int === '0') {
        int = ch;
      } else if (int.length < maxIntDigits) {
        int += ch;
      }
    } else if (ch === '.' && !seenDot && decimals > 0) {
      seenDot = true;
    }
  }
  return seenDot ? `${int || '0'}.${frac}` : int;
}

/**
 * Non-negative amount with at most `decimals` decimals, extra decimals truncated; negative or
 * non-numeric → ''. A trailing dot typed in a string is kept so typing can go on.
 * Example: `toNonNegativeAmount('12.349')` → '12.34'; `toNonNegativeAmount(-1)` → ''.
 */
export function toNonNegativeAmount(value: unknown, decimals = 2): string {
  const d = parseDecimal(value);
  if (!d || (d.neg && !isZero(d))) return '';
  const frac = d.frac.slice(0, Math.max(0, decimals));
  if (frac !== '') return `${d.int}.${frac}`;
  const trailingDot = typeof value === 'string' && value.trim().endsWith('.') && decimals > 0;
  return trailingDot ? `${d.int}.` : d.int;
}

/** Bounds for `clampNumber`: `min` defaults to 0, no `max` means unbounded. */
export interface ClampOptions {
  readonly min?: number;
  readonly max?: number;
}

/**
 * Number capped at `max`; '' when below `min` (default 0), empty or non-numeric.
 * Example: `clampNumber('120', { max: 100 })` → 100; `clampNumber(-1)` → ''; `clampNumber('7')` → 7.
 */
export function clampNumber(value: unknown, { min = 0, max }: ClampOptions = {}): number | '' {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim());
  else return '';
  if (!Number.isFinite(n) || n < min) return '';
  if (max !== undefined) {
    if (max < min) return '';
    if (n > max) return max;
  }
  return n === 0 ? 0 : n;
}

/** Keeps only the digits 0–9. Example: `digitsOnly('a1-2 3')` → '123'. */
export function digitsOnly(text: string | number | null | undefined): string {
  return String(text ?? '').replace(/[^0-9]/g, '');
}
