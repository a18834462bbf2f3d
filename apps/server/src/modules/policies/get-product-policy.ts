import type { ProductPolicyInfo } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { loadProductPolicy } from '../../db/policy-queries';

/** A product policy with every term, acquirer cost included (operators only). */
export async function getProductPolicy(db: DbOrTx, id: number): Promise<ProductPolicyInfo> {
  const p = await loadProductPolicy(db, id);
  if (!p) throw notFound();
  return {
    id: p.id,
    brandId: p.brandId,
    name: p.name,
    version: p.version,
    rates: p.rates,
    activationThresholdFen: p.activationThresholdFen,
    activationWindowDays: p.activationWindowDays,
    standardMonths: p.standardMonths,
    serviceFeeOptionsFen: p.serviceFeeOptionsFen,
    commFeeOptionsFen: p.commFeeOptionsFen,
  };
}
