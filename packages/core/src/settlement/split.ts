/**
 * The profit split of business rules section 6, as pure functions on plain data.
 *
 * Every split is a ladder. For a trade, the rungs from the top down are: the rate the merchant's
 * direct agent sells at (the standard rate, or the merchant's rate when that is lower), then each
 * agent's own cost from the direct agent a0 up to the top agent ak, then the acquirer's cost.
 * Agent ai earns the gap between the rung below it and its own rung; the gap under the top's rung
 * down to the acquirer's cost, plus whatever rounding leaves over, is the platform's margin. So the
 * chain together earns exactly the top's figure, whatever the depth.
 *
 * Rewards and fee shares are the same ladder turned over: a0 earns its own figure R0, ai earns
 * Ri - R(i-1), and the top's figure is what the chain earns in all.
 *
 * Inputs that break the policy rules (a child cheaper than its parent, a merchant rate below a
 * cost) never produce a negative share: each rung is clamped between its neighbours, so such an
 * agent simply earns nothing and its parent is measured against the rung below. An agent without a
 * figure (no policy opened yet) is treated the same way. The identity
 *   sum(agent shares) + platform margin = fee - acquirer cost
 * holds for every input, to the fen.
 */

import { PPM, mulDivFloor, mulDivRound } from './arith';

export type ShareKind =
  | 'trade_profit'
  | 'debit_cap_profit'
  | 'price_adjust_profit'
  | 'activation_reward'
  | 'standard_reward'
  | 'service_fee_profit'
  | 'communication_fee_profit'
  | 'monthly_activation_base_subsidy';

/** Why a share is what it is: what the agent sees under "how it was computed". */
export interface ShareBasis {
  /** The volume the share was measured on (the transaction amount); 0 for fixed amounts. */
  volumeFen: number;
  /** 'ppm' when ownCost, lowerRate and diff are rates; 'fen' when they are fixed amounts. */
  unit: 'ppm' | 'fen';
  /**
   * The agent's own figure: its cost rate (or cap cost) for trades, its own reward or fee share
   * for rewards and fees.
   */
  ownCost: number;
  /**
   * The figure it is measured against. For trades, the rung below: the child's cost, or for the
   * direct agent the rate it sells at. For rewards, the child's figure (0 for the direct agent).
   */
  lowerRate: number;
  /** The gap that was paid: |lowerRate - ownCost|, never negative. */
  diff: number;
  /** The version of the agent's policy in force when the share was earned. */
  policyVersion: number | null;
  /** Price-adjustment shares only: what reached this agent from above, and the part it kept. */
  reachedFen?: number;
  keepPpm?: number;
}

export interface Share {
  /** Position in the chain: 0 is the merchant's direct agent, the last is the top agent. */
  level: number;
  agentId: number;
  kind: ShareKind;
  amountFen: number;
  basis: ShareBasis;
}

// -----------------------------------------------------------------------------------------------
// The ladder
// -----------------------------------------------------------------------------------------------

/**
 * Clamps rungs into a non-increasing sequence inside [min(lower, upper), upper]. A missing rung
 * takes the value of the rung below it (the agent earns nothing, its parent measures against the
 * rung below). Returns the effective rungs and the floor actually used.
 */
export function clampLadder(
  upper: number,
  rungs: readonly (number | null | undefined)[],
  lower: number,
): { rungs: number[]; floor: number } {
  const floor = Math.min(lower, upper);
  let prev = upper;
  const out = rungs.map((raw) => {
    const value = raw === null || raw === undefined ? prev : Math.max(floor, Math.min(raw, prev));
    prev = value;
    return value;
  });
  return { rungs: out, floor };
}

// -----------------------------------------------------------------------------------------------
// Trades
// -----------------------------------------------------------------------------------------------

export interface TradeChainLink {
  agentId: number;
  /** The agent's cost rate for the transaction's rate type, ppm; null when it has none. */
  costPpm: number | null;
  /** The agent's debit-card cap cost (rate type 6), fen; null when it has none. */
  capCostFen?: number | null;
  /**
   * Of the price-adjustment income reaching this agent, the part it passes on to its child
   * toward the merchant, ppm of what reached it. Set by this agent for that child; default all
   * (1_000_000). Ignored for the direct agent, which keeps everything that reaches it.
   */
  adjustPassPpm?: number | null;
  policyVersion?: number | null;
}

export interface DebitCap {
  /** The merchant's cap (rate type 6), fen: the most a debit-card payment is charged. */
  merchantCapFen: number;
  /** The policy's standard cap, fen; defaults to the merchant's cap. */
  standardCapFen?: number | null;
  /** What the acquirer charges the platform for a capped payment, fen. */
  acquirerCapFen: number;
}

export interface TradeInput {
  amountFen: number;
  /** The agents from the merchant's direct agent (index 0) up to the top agent. */
  chain: readonly TradeChainLink[];
  merchantRatePpm: number;
  standardRatePpm: number;
  acquirerCostPpm: number;
  /** Present for debit-card payments of a rate type with a cap. */
  debitCap?: DebitCap | null;
  /**
   * The fee the merchant was charged, when the acquirer reports it. By default the fee is the
   * amount at the merchant's rate, rounded half up (or the cap when capped).
   */
  feeFen?: number | null;
}

export interface TradeSplit {
  /** True when the debit-card cap applied and the split was made with fixed amounts. */
  capped: boolean;
  feeFen: number;
  acquirerCostFen: number;
  /** The price-adjustment income shared out (the spread above the standard rate), fen. */
  adjustPoolFen: number;
  /** Positive shares only, bottom-up, trade shares before price-adjustment shares. */
  shares: Share[];
  /** fee - acquirer cost - sum(shares). Never negative when the fee is computed here. */
  marginFen: number;
}

function assertAmount(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${value}`);
  }
}

/**
 * Whether the cap applies: the uncapped fee would exceed the merchant's cap. The comparison is
 * exact (amount * rate against cap * 1_000_000), not on a rounded fee.
 */
export function isCapped(
  amountFen: number,
  merchantRatePpm: number,
  cap: DebitCap | null | undefined,
) {
  if (!cap) return false;
  return BigInt(amountFen) * BigInt(merchantRatePpm) > BigInt(cap.merchantCapFen) * BigInt(PPM);
}

/**
 * Shares out the price-adjustment income from the top down: each agent passes its configured
 * part of what reaches it (rounded down) on toward the merchant and keeps the rest; the direct
 * agent keeps everything that reaches it.
 */
function splitAdjustment(
  poolFen: number,
  chain: readonly TradeChainLink[],
  volumeFen: number,
  unit: 'ppm' | 'fen',
  merchantFigure: number,
  standardFigure: number,
): Share[] {
  const shares: Share[] = [];
  let reached = poolFen;
  for (let level = chain.length - 1; level >= 0 && reached > 0; level--) {
    const link = chain[level]!;
    const passPpm = level === 0 ? 0 : clampPpm(link.adjustPassPpm ?? PPM);
    const keepPpm = PPM - passPpm;
    // The part passed on is rounded down, so a rounding fen stays with the agent passing it
    // (the same rule as the policy screens' splitAdjustmentIncome).
    const kept = reached - mulDivFloor(reached, passPpm, PPM);
    if (kept > 0) {
      shares.push({
        level,
        agentId: link.agentId,
        kind: 'price_adjust_profit',
        amountFen: kept,
        basis: {
          volumeFen,
          unit,
          ownCost: standardFigure,
          lowerRate: merchantFigure,
          diff: merchantFigure - standardFigure,
          policyVersion: link.policyVersion ?? null,
          reachedFen: reached,
          keepPpm,
        },
      });
    }
    reached -= kept;
  }
  // Bottom-up like the trade shares.
  return shares.reverse();
}

function clampPpm(value: number) {
  return Math.max(0, Math.min(PPM, Math.trunc(value)));
}

export function splitTrade(input: TradeInput): TradeSplit {
  const { amountFen, chain } = input;
  assertAmount(amountFen, 'amountFen');
  const capped = isCapped(amountFen, input.merchantRatePpm, input.debitCap);
  const shares: Share[] = [];
  let feeFen: number;
  let acquirerCostFen: number;
  let adjustPoolFen: number;

  if (capped) {
    const cap = input.debitCap!;
    const merchantCap = cap.merchantCapFen;
    const standardCap = cap.standardCapFen ?? merchantCap;
    feeFen = input.feeFen ?? merchantCap;
    acquirerCostFen = cap.acquirerCapFen;
    const sellAt = Math.min(merchantCap, standardCap);
    const { rungs } = clampLadder(
      sellAt,
      chain.map((l) => l.capCostFen ?? null),
      cap.acquirerCapFen,
    );
    chain.forEach((link, level) => {
      const lower = level === 0 ? sellAt : rungs[level - 1]!;
      const own = rungs[level]!;
      const diff = lower - own;
      if (diff > 0) {
        shares.push({
          level,
          agentId: link.agentId,
          kind: 'debit_cap_profit',
          amountFen: diff,
          basis: {
            volumeFen: amountFen,
            unit: 'fen',
            ownCost: own,
            lowerRate: lower,
            diff,
            policyVersion: link.policyVersion ?? null,
          },
        });
      }
    });
    // The spread above the standard cap, capped by what is left above the acquirer's cost.
    adjustPoolFen = Math.max(0, merchantCap - Math.max(standardCap, cap.acquirerCapFen));
    shares.push(
      ...splitAdjustment(
        adjustPoolFen,
        chain,
        amountFen,
        'fen',
        merchantCap,
        Math.max(standardCap, cap.acquirerCapFen),
      ),
    );
  } else {
    const m = input.merchantRatePpm;
    const s = input.standardRatePpm;
    const q = input.acquirerCostPpm;
    feeFen = input.feeFen ?? mulDivRound(amountFen, m, PPM);
    acquirerCostFen = mulDivRound(amountFen, q, PPM);
    const sellAt = Math.min(m, s);
    const { rungs } = clampLadder(
      sellAt,
      chain.map((l) => l.costPpm),
      q,
    );
    chain.forEach((link, level) => {
      const lower = level === 0 ? sellAt : rungs[level - 1]!;
      const own = rungs[level]!;
      const diff = lower - own;
      const amount = diff > 0 ? mulDivFloor(amountFen, diff, PPM) : 0;
      if (amount > 0) {
        shares.push({
          level,
          agentId: link.agentId,
          kind: 'trade_profit',
          amountFen: amount,
          basis: {
            volumeFen: amountFen,
            unit: 'ppm',
            ownCost: own,
            lowerRate: lower,
            diff,
            policyVersion: link.policyVersion ?? null,
          },
        });
      }
    });
    const adjustPpm = Math.max(0, m - Math.max(s, q));
    adjustPoolFen = mulDivFloor(amountFen, adjustPpm, PPM);
    shares.push(...splitAdjustment(adjustPoolFen, chain, amountFen, 'ppm', m, Math.max(s, q)));
  }
  const total = shares.reduce((sum, sh) => sum + sh.amountFen, 0);
  return {
    capped,
    feeFen,
    acquirerCostFen,
    adjustPoolFen,
    shares,
    marginFen: feeFen - acquirerCostFen - total,
  };
}

// -----------------------------------------------------------------------------------------------
// Rewards and fee shares
// -----------------------------------------------------------------------------------------------

export interface FigureLink {
  agentId: number;
  /** The agent's own figure in fen (its reward, or its share of a fee); null when it has none. */
  figureFen: number | null;
  policyVersion?: number | null;
}

export interface FixedInput {
  kind: ShareKind;
  /** The agents from the merchant's direct agent (index 0) up to the top agent. */
  chain: readonly FigureLink[];
  /**
   * What is being shared: the fee collected (service fee, communication fee), or for rewards the
   * platform's budget, which by default is the top agent's figure.
   */
  poolFen?: number | null;
  /** What comes off the pool before the chain: the acquirer's cut of a fee. Default 0. */
  costFen?: number;
}

export interface FixedSplit {
  poolFen: number;
  costFen: number;
  shares: Share[];
  /** pool - cost - sum(shares): what the platform keeps of a fee, 0 for a plain reward. */
  marginFen: number;
}

/**
 * a0 earns R0, ai earns Ri - R(i-1). Figures are clamped into a non-decreasing sequence no
 * larger than pool - cost, so no share is negative and the chain never receives more than there
 * is to share.
 */
export function splitFixed(input: FixedInput): FixedSplit {
  const { chain, kind } = input;
  const costFen = input.costFen ?? 0;
  const lastFigure = [...chain].reverse().find((l) => l.figureFen !== null)?.figureFen ?? 0;
  const poolFen = input.poolFen ?? Math.max(0, lastFigure);
  assertAmount(poolFen, 'poolFen');
  assertAmount(costFen, 'costFen');
  // As a ladder from the top: rung i is pool - Ri, between pool and cost.
  const { rungs } = clampLadder(
    poolFen,
    chain.map((l) => (l.figureFen === null ? null : poolFen - l.figureFen)),
    costFen,
  );
  const shares: Share[] = [];
  chain.forEach((link, level) => {
    const lowerFigure = level === 0 ? 0 : poolFen - rungs[level - 1]!;
    const ownFigure = poolFen - rungs[level]!;
    const diff = ownFigure - lowerFigure;
    if (diff > 0) {
      shares.push({
        level,
        agentId: link.agentId,
        kind,
        amountFen: diff,
        basis: {
          volumeFen: 0,
          unit: 'fen',
          ownCost: ownFigure,
          lowerRate: lowerFigure,
          diff,
          policyVersion: link.policyVersion ?? null,
        },
      });
    }
  });
  const total = shares.reduce((sum, sh) => sum + sh.amountFen, 0);
  return { poolFen, costFen, shares, marginFen: poolFen - costFen - total };
}

// -----------------------------------------------------------------------------------------------
// Refunds
// -----------------------------------------------------------------------------------------------

/**
 * How much of each original share a refund takes back. Refunds are cumulative: after refunds
 * totalling r of an original amount A, each share s has been reversed down to floor(s * r / A),
 * and entirely once r >= A, so the original shares are undone at the figures frozen when they
 * were earned, never at today's rates, and never more than once.
 *
 * @param shares the original amounts
 * @param alreadyReversed what earlier refunds reversed of each, in the same order
 * @returns what to reverse now, in the same order (each >= 0)
 */
export function refundReversal(
  shares: readonly number[],
  originalAmountFen: number,
  cumulativeRefundFen: number,
  alreadyReversed: readonly number[] = [],
): number[] {
  assertAmount(originalAmountFen, 'originalAmountFen');
  assertAmount(cumulativeRefundFen, 'cumulativeRefundFen');
  const full = originalAmountFen === 0 || cumulativeRefundFen >= originalAmountFen;
  return shares.map((share, i) => {
    const target = full ? share : mulDivFloor(share, cumulativeRefundFen, originalAmountFen);
    return Math.max(0, target - (alreadyReversed[i] ?? 0));
  });
}
