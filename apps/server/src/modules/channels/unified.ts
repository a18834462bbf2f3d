import type { RateType } from '@pos/core';

/**
 * The unified events every channel adapter maps its pushes into. The platform applies these and
 * nothing else: an adapter never touches the database, and the rest of the platform never reads
 * a channel's own fields. Money in fen, rates in ppm (the debit cap, rate type 6, in fen), times
 * as Date. A value the adapter cannot map with certainty becomes an `unknown` event (flagged for
 * the operators), never a guess.
 */

/** A payment, refund or reversal (what `/api/notify/transaction` has always carried). */
export interface UnifiedTrade {
  type: 'trade';
  /** The channel's own number of this trade: the idempotency key within the channel. */
  orderNo: string;
  kind: 'payment' | 'refund' | 'reversal';
  /** The original payment's channel order number (refunds and reversals). */
  origOrderNo?: string;
  sn: string;
  merchantNo?: string;
  amountFen: number;
  /** PAY_TYPE, TOTAL_TYPE, CARD_TYPE, TRANSACTION_METHOD of @pos/core. */
  payType: number;
  totalType: number;
  cardType: number;
  method: number;
  status: 'success' | 'failed';
  /** The fee the channel charged the merchant, when it says. */
  feeFen?: number;
  /** The merchant's rate applied, ppm (the cap in fen for a capped debit payment). */
  ratePpm?: number;
  /** As the channel sent it; masked before it is stored. */
  cardNo?: string;
  tradeTime: Date;
  /** Channel fields kept for the split: the high-rate (调价) surcharge and the D0 fee. */
  extra?: {
    highRatePpm?: number;
    d0FeeFen?: number;
  };
}

/** The channel says a terminal is activated (its own activation rule). */
export interface UnifiedActivation {
  type: 'activation';
  sn: string;
  merchantNo?: string;
  activatedAt: Date;
}

/** A terminal bound to or unbound from a merchant at the channel. */
export interface UnifiedBind {
  type: 'bind';
  action: 'bind' | 'unbind';
  sn: string;
  merchantNo: string;
  at: Date;
}

/** A service fee (deposit) or SIM communication fee the channel deducted from the merchant. */
export interface UnifiedFee {
  type: 'fee';
  orderNo: string;
  sn: string;
  merchantNo?: string;
  /** service_fee: the deposit; comm_fee: the SIM communication fee. */
  feeKind: 'service_fee' | 'comm_fee';
  amountFen: number;
  at: Date;
}

/** One merchant rate: ppm for rate types 1-5, the debit cap in fen for rate type 6. */
export interface UnifiedRate {
  rateType: RateType;
  value: number;
}

/** A merchant onboarded (or its onboarding status changed) at the channel. */
export interface UnifiedMerchant {
  type: 'merchant';
  merchantNo: string;
  /** The terminal the merchant was onboarded with: it says which agent signed it up. */
  sn?: string;
  status: 'reviewing' | 'approved' | 'rejected' | 'disabled';
  name?: string;
  legalName?: string;
  mobile?: string;
  address?: string;
  rates?: UnifiedRate[];
}

/** The channel changed a merchant's rates. */
export interface UnifiedMerchantRate {
  type: 'merchant_rate';
  merchantNo: string;
  sn?: string;
  rates: UnifiedRate[];
}

/** Something the mapping does not know (an action, a pay type): stored and flagged, not applied. */
export interface UnifiedUnknown {
  type: 'unknown';
  /** What is not known, e.g. `unknown action foo`, `unknown transCardType 099`. */
  reason: string;
  sn?: string;
}

export type UnifiedEvent =
  | UnifiedTrade
  | UnifiedActivation
  | UnifiedBind
  | UnifiedFee
  | UnifiedMerchant
  | UnifiedMerchantRate
  | UnifiedUnknown;

/** The SNs a push concerns: each must belong to a brand the channel serves. */
export function snsOf(events: readonly UnifiedEvent[]): string[] {
  const out = new Set<string>();
  for (const e of events) if ('sn' in e && e.sn) out.add(e.sn);
  return [...out];
}
