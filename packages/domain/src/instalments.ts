// The split of an amount into instalment terms, shared by the server (the bill) and the plan screen
// (its preview), so the preview shows exactly the cents the bill will hold.

/**
 * Splits an amount by shares in basis points (summing to 10000): every term but the last is its
 * share rounded down to the cent, the last takes the remainder, so the terms add up exactly.
 * Example: `splitByShares(100000, [3333, 3333, 3334])` → [33330, 33330, 33340].
 */
export function splitByShares(totalCents: number, sharesBp: readonly number[]): number[] {
  const out = sharesBp.map((bp) => Math.floor((totalCents * bp) / 10000));
  const last = out.length - 1;
  if (last >= 0) out[last] = totalCents - out.slice(0, last).reduce((s, c) => s + c, 0);
  return out;
}
