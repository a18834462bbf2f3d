import { MERCHANT_CONDITIONS, type MerchantCondition } from '@pos/core';

/** The ?condition= of a page, if it is one the page offers; 'all' otherwise. */
export function readCondition(
  value: string | null,
  allowed: readonly MerchantCondition[] = MERCHANT_CONDITIONS,
): MerchantCondition {
  return allowed.find((c) => c === value) ?? allowed[0] ?? 'all';
}

export const positiveId = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
