/**
 * Integer arithmetic the tax rules share. Products of paise and basis points can pass 2^53 on a large
 * order, so the one division that rounds goes through BigInt.
 */

/** round(a × b / c) to the nearest integer, halves up, for non-negative integers (c > 0). */
export function mulDivRound(a: number, b: number, c: number): number {
  const q = (2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c));
  return Number(q);
}

/**
 * Splits `total` over `weights` in proportion, in whole units, by largest remainder: each share is
 * floor(total × weight / sum), then the units left go one each to the largest remainders (ties: the
 * larger weight, then the earlier position). Shares sum to `total` exactly; a share never exceeds its
 * weight while `total` does not exceed the weights' sum. Zero weights get nothing.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Cannot apportion ${total}`);
  if (!weights.every((w) => Number.isSafeInteger(w) && w >= 0)) {
    throw new RangeError('Weights must be whole, non-negative numbers');
  }
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError(`Cannot apportion ${total} over nothing`);
  }
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  const shares: number[] = [];
  const remainders: bigint[] = [];
  let given = 0;
  for (const w of weights) {
    const product = bigTotal * BigInt(w);
    const share = Number(product / bigSum);
    shares.push(share);
    remainders.push(product % bigSum);
    given += share;
  }
  const order = weights
    .map((_, i) => i)
    .filter((i) => weights[i]! > 0)
    .sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      if (ra !== rb) return ra > rb ? -1 : 1;
      return weights[b]! - weights[a]! || a - b;
    });
  for (let k = 0; given < total; k++) {
    const i = order[k % order.length]!;
    shares[i]! += 1;
    given += 1;
  }
  return shares;
}
