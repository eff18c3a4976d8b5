/**
 * Spreading an amount over lines in proportion to their weights, to the kopeck (largest
 * remainder, Hamilton's method): each line gets the floor of its exact share, and the kopecks
 * still missing go one each to the lines with the largest fractional parts (ties: the earlier
 * line). The parts always add up to the total exactly, and no part differs from its exact share
 * by a kopeck or more. A receipt spreads a promo discount over its items with it; a screen that
 * shows a discount line by line can use the same function and get the same figures.
 */
export function spreadByLargestRemainder(weights: readonly number[], total: number): number[] {
  if (!Number.isInteger(total) || total < 0)
    throw new RangeError('total must be whole kopecks, not negative');
  if (weights.some((weight) => !Number.isInteger(weight) || weight < 0))
    throw new RangeError('weights must be whole kopecks, not negative');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('nothing to spread an amount over');
  }
  // No weight at all: equal shares.
  const shares = sum === 0 ? weights.map(() => 1) : weights;
  const shareSum = sum === 0 ? weights.length : sum;
  // BigInt: kopecks × kopecks can pass 2^53 for large orders.
  const exact = shares.map((weight) => BigInt(weight) * BigInt(total));
  const parts = exact.map((value) => Number(value / BigInt(shareSum)));
  let missing = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(shareSum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    parts[index] = (parts[index] as number) + 1;
    missing--;
  }
  return parts;
}
