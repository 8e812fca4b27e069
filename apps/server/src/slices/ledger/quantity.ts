// Quantities (lesson hours or days) are numeric(12,2) in SQL and integer hundredths in TypeScript,
// so arithmetic on them is exact like money in cents.

/** Hundredths of a quantity text or number with at most 2 decimals ('12.5' → 1250); throws otherwise. */
export function toQ100(v: string | number): number {
  const s = String(v).trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) throw new RangeError(`not a quantity with at most 2 decimals: ${s}`);
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && n ? -n : n;
}

/** The numeric text of hundredths (1250 → '12.50'). */
export function fromQ100(q: number): string {
  const neg = q < 0;
  const a = Math.abs(q);
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** The number an API carries for hundredths (1250 → 12.5). */
export const q100ToNumber = (q: number): number => Number(fromQ100(q));
