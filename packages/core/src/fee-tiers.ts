/**
 * Fee cashback tiers (issue 33): the SIM (communication) fee's cashback by collection tier and
 * the deposit (service fee) options, as pure rules on plain data. Decision 033 explains them.
 *
 * SIM fee tiers. A terminal's SIM fee is collected once per period: period n is the n-th whole
 * Asia/Shanghai calendar year from the terminal's activation (binding when it never activated) to
 * the collection's own trade time, as the acquirer reported it (the server's feePeriodSql). The
 * tier of a collection is its period plus one, and every period from the third on is tier 3:
 *   period 0 -> tier 1 (first), period 1 -> tier 2 (second), period >= 2 -> tier 3 (third and later).
 * The tier is a property of the terminal and of the collection's own time, never of the order the
 * collections arrive in nor of the agent holding the terminal, so two collections arriving out of
 * order, or a terminal moved to another agent between them, settle to the same ledger.
 *
 * Each agent's terms hold, per SIM fee option, a cashback per tier: shareFen (tier 1, the figure
 * the option always had), secondFen (tier 2) and laterFen (tier 3+). A tier left out takes the
 * tier before it, so terms written before the tiers existed pay every year as they always did.
 * The chain shares a tier like every other fixed share (core splitFixed): the direct agent earns
 * its own figure, each agent above the difference between its figure and its child's, the top's
 * figure is what the chain earns in all and what the fee leaves over is the platform's.
 *
 * Deposit (service fee) options: the product policy lists the amounts a terminal may carry (for
 * example 99/199/299 yuan); each agent's terms hold its cashback per option (serviceFeeShares),
 * shared the same way when a deposit of that amount is collected (once per terminal).
 */

import type { Lang } from './enums';
import { formatMoney } from './format';
import type { FeeShare, PolicyViolation } from './policy-rules';
import { splitFixed, type FixedSplit } from './settlement/split';

export type SimTier = 1 | 2 | 3;
export const SIM_TIERS: readonly SimTier[] = [1, 2, 3];

/** The tier of a SIM fee collected in the given period of its terminal (0 = first year). */
export function simTierOfPeriod(periodIndex: number): SimTier {
  if (!Number.isSafeInteger(periodIndex) || periodIndex < 0)
    throw new RangeError(`periodIndex must be a non-negative whole number, got ${periodIndex}`);
  return periodIndex >= 2 ? 3 : ((periodIndex + 1) as SimTier);
}

/** An agent's cashback for one SIM fee option at a tier (a missing tier takes the one before). */
export function simTierFigure(share: FeeShare, tier: SimTier): number {
  if (tier === 1) return share.shareFen;
  const second = share.secondFen ?? share.shareFen;
  return tier === 2 ? second : (share.laterFen ?? second);
}

/** The three tiers of a SIM fee option's cashback, tier 1 first. */
export function simTierFigures(share: FeeShare): [number, number, number] {
  return [simTierFigure(share, 1), simTierFigure(share, 2), simTierFigure(share, 3)];
}

/** Tier names as the app, the console and the earnings' explanations show them. */
export function simTierLabel(tier: SimTier, lang: Lang = 'zh'): string {
  if (lang === 'en') return tier === 1 ? 'first' : tier === 2 ? 'second' : 'third and later';
  return tier === 1 ? '首次' : tier === 2 ? '第二次' : '第三次及以后';
}

/** 'Deposit option 2 of 3 (¥199.00)': which of the product's options a deposit is. */
export function depositOptionLabel(
  optionFen: number,
  optionsFen: readonly number[],
  lang: Lang = 'zh',
): string {
  const index = optionsFen.indexOf(optionFen);
  const money = lang === 'en' ? `¥${formatMoney(optionFen)}` : `${formatMoney(optionFen)}元`;
  if (index < 0) return lang === 'en' ? `Deposit ${money}` : `押金${money}档`;
  return lang === 'en'
    ? `Deposit option ${index + 1} of ${optionsFen.length} (${money})`
    : `押金第${index + 1}档（${money}）`;
}

const yuan = (fen: number) => `${formatMoney(fen)}元`;
const yuanEn = (fen: number) => `¥${formatMoney(fen)}`;
const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** Whether a tier of a share is its own figure rather than the tier before it. */
const explicit = (share: FeeShare, tier: 2 | 3) =>
  (tier === 2 ? share.secondFen : share.laterFen) !== undefined;

/**
 * The tier rules of a child's SIM fee cashback (the tier-1 figure, shareFen, is checked with the
 * other fee shares by checkOpenTerms). For tiers 2 and 3+ of every option, on the figure that is
 * paid (a tier left out counts as the tier before it):
 * - a whole number of fen, at least 0 and at most the option itself (the fee collected);
 * - at most the parent's figure for the same tier (a root policy: at most the option);
 * - on an edit, not below the figure the child holds now (lowering needs the child's consent), so
 *   an edit only loosens the bounds of the child's own sub-agents.
 * A tier that both sides leave out is, on both, the tier before it, already checked there, so one
 * mistake is named once. Fields are `commFeeShares.<i>.secondFen` and `commFeeShares.<i>.laterFen`.
 */
export function checkSimTierShares(input: {
  parent: readonly FeeShare[] | null;
  previous: readonly FeeShare[] | null;
  next: readonly FeeShare[];
}): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  input.next.forEach((share, i) => {
    const parentShare = input.parent?.find((p) => p.optionFen === share.optionFen) ?? null;
    const prevShare = input.previous?.find((p) => p.optionFen === share.optionFen) ?? null;
    for (const [key, tier] of [
      ['secondFen', 2],
      ['laterFen', 3],
    ] as const) {
      const field = `commFeeShares.${i}.${key}`;
      const zh = `流量费${yuan(share.optionFen)}档${simTierLabel(tier)}返现`;
      const en = `Communication fee ${yuanEn(share.optionFen)} option, ${simTierLabel(tier, 'en')} cashback`;
      const raw = share[key];
      if (raw !== undefined && (!isWhole(raw) || raw < 0)) {
        out.push({ field, message: `${zh}金额格式错误`, messageEn: `${en}: invalid amount` });
        continue;
      }
      const own = explicit(share, tier);
      const value = simTierFigure(share, tier);
      if (own || (parentShare && explicit(parentShare, tier))) {
        const cap = parentShare
          ? Math.min(simTierFigure(parentShare, tier), share.optionFen)
          : share.optionFen;
        if (value > cap) {
          out.push({
            field,
            message: `${zh}不能高于${parentShare ? '上级的' : ''}${yuan(cap)}`,
            messageEn: `${en} cannot be above ${parentShare ? "the parent's " : ''}${yuanEn(cap)}`,
          });
        }
      }
      if (prevShare && (own || explicit(prevShare, tier))) {
        const prev = simTierFigure(prevShare, tier);
        if (value < prev) {
          out.push({
            field,
            message: `${zh}只能调高，不能低于当前${yuan(prev)}（调低需下级同意）`,
            messageEn: `${en} can only be raised, not below the current ${yuanEn(prev)} (lowering it needs the child's consent)`,
          });
        }
      }
    }
  });
  return out;
}

/** A SIM fee option's share as stored: the tiers given explicitly kept, the others left out. */
export function normalizeSimShare(share: FeeShare): FeeShare {
  const out: FeeShare = { optionFen: share.optionFen, shareFen: share.shareFen };
  if (share.secondFen !== undefined && share.secondFen !== null) out.secondFen = share.secondFen;
  if (share.laterFen !== undefined && share.laterFen !== null) out.laterFen = share.laterFen;
  return out;
}

export interface SimFeeLink {
  agentId: number;
  /** The agent's share of the collected option (null when it holds no terms or no such option). */
  share: FeeShare | null;
  policyVersion?: number | null;
}

/**
 * Splits one SIM fee collection of the given tier up the chain (direct agent first): each agent's
 * figure is its cashback for the option at that tier, shared by level difference (splitFixed), so
 *   sum(shares) + platform margin = fee collected
 * to the fen whatever the figures (an agent above its parent, or missing, earns nothing).
 */
export function splitSimFee(input: {
  feeFen: number;
  tier: SimTier;
  chain: readonly SimFeeLink[];
}): FixedSplit {
  return splitFixed({
    kind: 'communication_fee_profit',
    poolFen: input.feeFen,
    chain: input.chain.map((link) => ({
      agentId: link.agentId,
      figureFen: link.share ? simTierFigure(link.share, input.tier) : null,
      policyVersion: link.policyVersion ?? null,
    })),
  });
}
