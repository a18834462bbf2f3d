/**
 * Integer arithmetic for money. Amounts are whole fen and rates whole ppm, and every product is
 * computed exactly: a plain multiplication while it stays a safe integer, BigInt beyond that.
 * Float division is never floored directly, because near 2^53 the nearest double of q + 0.999999
 * can be q + 1.
 */

export const PPM = 1_000_000;

function assertInt(value: number, name: string) {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/** floor(a * b / d) for integers a, b >= 0 and d > 0. */
export function mulDivFloor(a: number, b: number, d: number): number {
  assertInt(a, 'a');
  assertInt(b, 'b');
  assertInt(d, 'd');
  if (d <= 0) throw new RangeError('divisor must be positive');
  const product = a * b;
  if (Number.isSafeInteger(product)) {
    const r = ((product % d) + d) % d;
    return (product - r) / d;
  }
  const big = BigInt(a) * BigInt(b);
  const bd = BigInt(d);
  let q = big / bd;
  // BigInt division truncates toward zero; floor needs one less for a negative inexact quotient.
  if (big % bd !== 0n && big < 0n) q -= 1n;
  return Number(q);
}

/** round-half-up(a * b / d): how a fee in fen is computed from an amount and a rate. */
export function mulDivRound(a: number, b: number, d: number): number {
  assertInt(a, 'a');
  assertInt(b, 'b');
  const product = BigInt(a) * BigInt(b);
  const bd = BigInt(d);
  // floor((2x + d) / 2d) is round half up for x >= 0.
  const twice = product * 2n + bd;
  const den = 2n * bd;
  let q = twice / den;
  if (twice % den !== 0n && twice < 0n) q -= 1n;
  return Number(q);
}
