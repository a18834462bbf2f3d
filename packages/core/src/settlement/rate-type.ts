/**
 * Which rate type prices which kind of transaction (product spec section 3): a transaction's
 * total type names the product and card, the policy prices it by rate type, and the debit types
 * are also subject to the debit-card cap (rate type 6).
 */
import { RATE_TYPE, TOTAL_TYPE, type RateType, type TotalType } from '../enums';

export interface Pricing {
  rateType: RateType;
  /** Debit-card payments: the cap of rate type 6 applies when the fee would exceed it. */
  cappable: boolean;
}

const PRICING: Partial<Record<TotalType, Pricing>> = {
  [TOTAL_TYPE.POS_CREDIT]: { rateType: RATE_TYPE.POS_SWIPE, cappable: false },
  [TOTAL_TYPE.POS_DEBIT]: { rateType: RATE_TYPE.POS_SWIPE, cappable: true },
  [TOTAL_TYPE.CLOUD_FLASH_PAY]: { rateType: RATE_TYPE.CLOUD_FLASH_PAY, cappable: false },
  [TOTAL_TYPE.QR]: { rateType: RATE_TYPE.QR, cappable: false },
  [TOTAL_TYPE.VIP_CREDIT]: { rateType: RATE_TYPE.VIP_SWIPE, cappable: false },
  [TOTAL_TYPE.VIP_DEBIT]: { rateType: RATE_TYPE.VIP_SWIPE, cappable: true },
  [TOTAL_TYPE.QUICK_PAY]: { rateType: RATE_TYPE.QUICK_PAY, cappable: false },
};

/**
 * The pricing of a payment's total type; null for the fee collections (service fee,
 * communication fee), which are shared by fee-option shares, not by rates.
 */
export function pricingOf(totalType: number): Pricing | null {
  return PRICING[totalType as TotalType] ?? null;
}

/** Service fee (deposit) and communication fee collections. */
export function isFeeCollection(totalType: number): boolean {
  return totalType === TOTAL_TYPE.SERVICE_FEE || totalType === TOTAL_TYPE.COMMUNICATION_FEE;
}
