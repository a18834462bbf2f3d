import { maskName, type MerchantRateInfo } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { loadMerchantRateTerms, merchantInScope, rateLines } from './merchant-rate-terms';

/**
 * A merchant's rates with what its direct agent may change them to (updateRate,
 * changeMercDetail). Ancestors in the tree see the rates; only the direct agent may change them.
 */
export async function getMerchantRateInfo(
  db: DbOrTx,
  caller: Caller,
  merchantId: number,
): Promise<MerchantRateInfo> {
  const merchant = await merchantInScope(db, caller, merchantId);
  const terms = await loadMerchantRateTerms(db, merchant, caller);
  const isDirect = caller.role !== 'operator' && caller.agentId === merchant.agentId;
  let reason: string | null = null;
  if (!isDirect) reason = '仅商户的直属代理可以调整费率';
  else if (terms.terminals.length === 0 || !terms.product)
    reason = '商户尚未绑定有政策的终端，暂不能调整费率';
  else if (!terms.agentRates) reason = '您尚未开通该商户终端的政策，暂不能调整费率';
  return {
    merchant: {
      id: merchant.id,
      merchantNo: merchant.merchantNo,
      name: merchant.name,
      legalName: maskName(merchant.legalName),
      agentName: isDirect ? merchant.agentName : maskName(merchant.agentName),
    },
    canChange: reason === null,
    cannotChangeReason: reason,
    policyId: terms.product?.id ?? null,
    policyName: terms.product?.name ?? null,
    terminals: terms.terminals.map((t) => ({ sn: t.sn, policyName: t.policyName })),
    rates: rateLines(terms, isDirect),
  };
}
