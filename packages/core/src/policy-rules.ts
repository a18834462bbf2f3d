/**
 * Pure rules of product policies, agent cost rates, rewards, merchant rates and the
 * price-adjustment share (business rules section 5). The open-policy form runs these as the user
 * types and the server runs the very same functions before it writes, so the two never disagree.
 *
 * Units: a rate of rate types 1-5 is an integer ppm (0.60% = 6000); rate type 6 (debit-card cap)
 * is a fixed number of fen per capped transaction. Money is integer fen. A pass-down percentage is
 * integer basis points (100% = 10000).
 */

import { RATE_TYPE, rateTypeOptions, type Lang, type RateType } from './enums';
import { formatMoney } from './format';
import { checkSimTierShares } from './fee-tiers';

export const RATE_TYPES: readonly RateType[] = [1, 2, 3, 4, 5, 6];
export const PPM_PER_UNIT = 1_000_000;
/** 10,000 yuan, the volume the open-policy simulator quotes margins for. */
export const SIMULATOR_VOLUME_FEN = 1_000_000;
/** 100% of the adjustment income reaching an agent, in ppm: the default pass-down. */
export const FULL_PASS_PPM = 1_000_000;

export const isCapRateType = (rateType: number): boolean => rateType === RATE_TYPE.DEBIT_CAP;

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

/** What the platform fixes per rate type in a product policy. */
export interface ProductRate {
  rateType: RateType;
  /** The merchant rate a merchant gets by default; the spread above it is adjustment income. */
  standardRate: number;
  /** Allowed merchant rates. */
  minRate: number;
  maxRate: number;
  /** What the acquirer keeps: the floor of every cost in the tree. */
  acquirerCost: number;
}

/** Month k after binding and its volume threshold T_k. */
export interface StandardMonth {
  month: number;
  thresholdFen: number;
}

/** A brand's product policy as the platform defines it. */
export interface ProductPolicyTerms {
  rates: ProductRate[];
  activationThresholdFen: number;
  activationWindowDays: number;
  standardMonths: StandardMonth[];
  /** Deposit (service fee) options a terminal can carry, in fen. */
  serviceFeeOptionsFen: number[];
  /** Yearly SIM (communication fee) options, in fen. */
  commFeeOptionsFen: number[];
}

/** One agent's cost and allowed merchant-rate range for one rate type. */
export interface AgentRate {
  rateType: RateType;
  cost: number;
  minRate: number;
  maxRate: number;
}

/** The agent's share of a fee option, in fen. */
export interface FeeShare {
  optionFen: number;
  shareFen: number;
  /** SIM fee options only: the cashback of the second collection and of the third and later (fee-tiers.ts). */
  secondFen?: number;
  laterFen?: number;
}

/** What opening a policy for an agent sets. */
export interface AgentPolicyTerms {
  rates: AgentRate[];
  activationRewardFen: number;
  /** R_k for each standard month, in the order of the product policy's standardMonths. */
  standardRewardsFen: number[];
  serviceFeeShares: FeeShare[];
  commFeeShares: FeeShare[];
}

/** A broken rule: the field it is about and a message naming the field and the limit. */
export interface PolicyViolation {
  field: string;
  message: string;
  messageEn: string;
}

// ---------------------------------------------------------------------------------------------
// Display helpers
// ---------------------------------------------------------------------------------------------

/** 6000 -> '0.60%', 5350 -> '0.535%': at least two decimals, at most four. */
export function ppmToPercentText(ppm: number): string {
  const sign = ppm < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(ppm));
  const whole = Math.floor(abs / 10_000);
  let decimals = String(abs % 10_000).padStart(4, '0');
  while (decimals.length > 2 && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  return `${sign}${whole}.${decimals}%`;
}

/**
 * '0.60' (percent, no sign) -> 6000. Up to four decimals (1 ppm); anything else is null, so a
 * form can show "format error" rather than silently rounding what the agent typed.
 */
export function percentTextToPpm(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!match) return null;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

/** A rate of the given type as text: a percentage, or yuan for the debit-card cap. */
export function rateValueText(rateType: number, value: number, lang: Lang = 'zh'): string {
  if (isCapRateType(rateType))
    return lang === 'en' ? `¥${formatMoney(value)}` : `${formatMoney(value)}元`;
  return ppmToPercentText(value);
}

/** A share percentage in ppm as text without trailing zeros: 1,000,000 -> '100%', 255,000 -> '25.5%'. */
export function sharePpmToPercentText(ppm: number): string {
  const hundredths = Math.round(ppm / 100);
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return `${whole}%`;
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** '25.5' (percent, up to two decimals, 0 to 100) -> 255,000 ppm; anything else is null. */
export function percentTextToSharePpm(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(2, '0')) * 100;
  return ppm > FULL_PASS_PPM ? null : ppm;
}

function rateLabel(rateType: number, lang: Lang): string {
  const option = rateTypeOptions.find((o) => o.value === rateType);
  if (!option) return lang === 'en' ? `Rate type ${rateType}` : `费率类型${rateType}`;
  return lang === 'en' ? option.en : option.zh;
}

const yuan = (fen: number) => `${formatMoney(fen)}元`;
const yuanEn = (fen: number) => `¥${formatMoney(fen)}`;

function violation(field: string, message: string, messageEn: string): PolicyViolation {
  return { field, message, messageEn };
}

// ---------------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------------

/**
 * A share: floor(amount * rateDiff / 1,000,000) fen, computed in bigint so no product of two
 * large numbers ever loses precision. A negative difference gives a negative result (a caller
 * that needs a share clamps it; the rules below keep differences non-negative).
 */
export function shareFen(amountFen: number, rateDiffPpm: number): number {
  const product = BigInt(Math.trunc(amountFen)) * BigInt(Math.trunc(rateDiffPpm));
  const million = BigInt(PPM_PER_UNIT);
  let q = product / million;
  // BigInt division truncates towards zero; floor is wanted for negative values too.
  if (product % million !== 0n && product < 0n) q -= 1n;
  return Number(q);
}

/** The spread above the standard rate on one payment; nothing when the merchant rate is not above it. */
export function adjustmentIncomeFen(
  amountFen: number,
  merchantRate: number,
  standardRate: number,
): number {
  if (merchantRate <= standardRate) return 0;
  return shareFen(amountFen, merchantRate - standardRate);
}

/**
 * Splits adjustment income down the chain, top first. passDownPpm[i] is the part (ppm of what
 * reaches it) the i-th agent of the chain passes to the (i+1)-th; it has one entry fewer than the
 * chain. Each agent keeps what reaches it minus what it passes (the amount passed is floored, so
 * a rounding fen stays with the agent passing it); the direct agent keeps everything that reaches
 * it. The result has one entry per chain member and sums to incomeFen exactly.
 */
export function splitAdjustmentIncome(incomeFen: number, passDownPpm: readonly number[]): number[] {
  const kept: number[] = [];
  let reaching = Math.max(0, Math.trunc(incomeFen));
  for (const raw of passDownPpm) {
    const ppm = Math.min(FULL_PASS_PPM, Math.max(0, Math.trunc(raw)));
    const passed = shareFen(reaching, ppm);
    kept.push(reaching - passed);
    reaching = passed;
  }
  kept.push(reaching);
  return kept;
}

/**
 * Profit of each agent of a chain on one payment, direct agent first (a0, a1 = its parent, ...):
 * a0 earns amount * (standardRate - c0) and ai earns amount * (c(i-1) - ci). For the debit-card
 * cap, amounts are fixed per capped transaction. Together they telescope to the top's figure.
 */
export function chainProfitFen(
  rateType: number,
  amountFen: number,
  standardRate: number,
  chainCostsDirectFirst: readonly number[],
): number[] {
  const result: number[] = [];
  let lower = standardRate;
  for (const cost of chainCostsDirectFirst) {
    result.push(isCapRateType(rateType) ? lower - cost : shareFen(amountFen, lower - cost));
    lower = cost;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Product policy
// ---------------------------------------------------------------------------------------------

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/** Checks a product policy the platform defines. */
export function checkProductPolicy(p: ProductPolicyTerms): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const seen = new Set<number>();
  p.rates.forEach((r, i) => {
    const zh = rateLabel(r.rateType, 'zh');
    const en = rateLabel(r.rateType, 'en');
    const f = `rates.${i}`;
    if (!RATE_TYPES.includes(r.rateType)) {
      out.push(
        violation(
          `${f}.rateType`,
          `费率类型${r.rateType}不存在`,
          `Unknown rate type ${r.rateType}`,
        ),
      );
      return;
    }
    if (seen.has(r.rateType))
      out.push(violation(`${f}.rateType`, `${zh}重复`, `${en} appears twice`));
    seen.add(r.rateType);
    for (const key of ['standardRate', 'minRate', 'maxRate', 'acquirerCost'] as const) {
      if (!isWhole(r[key]) || r[key] < 0) {
        out.push(violation(`${f}.${key}`, `${zh}费率格式错误`, `${en}: invalid rate`));
        return;
      }
    }
    if (r.minRate > r.maxRate) {
      out.push(
        violation(
          `${f}.minRate`,
          `${zh}商户费率下限不能高于上限`,
          `${en}: merchant rate minimum above maximum`,
        ),
      );
    }
    if (r.standardRate < r.minRate || r.standardRate > r.maxRate) {
      out.push(
        violation(
          `${f}.standardRate`,
          `${zh}标准费率须在${rateValueText(r.rateType, r.minRate)}至${rateValueText(r.rateType, r.maxRate)}之间`,
          `${en}: standard rate must lie between ${rateValueText(r.rateType, r.minRate, 'en')} and ${rateValueText(r.rateType, r.maxRate, 'en')}`,
        ),
      );
    }
    if (r.acquirerCost > r.standardRate) {
      out.push(
        violation(
          `${f}.acquirerCost`,
          `${zh}收单成本不能高于标准费率${rateValueText(r.rateType, r.standardRate)}`,
          `${en}: acquirer cost above the standard rate ${rateValueText(r.rateType, r.standardRate, 'en')}`,
        ),
      );
    }
  });
  if (p.rates.length === 0)
    out.push(violation('rates', '至少设置一种费率', 'Set at least one rate type'));
  if (!isWhole(p.activationThresholdFen) || p.activationThresholdFen <= 0) {
    out.push(
      violation(
        'activationThresholdFen',
        '激活交易额门槛须大于0',
        'Activation threshold must be above 0',
      ),
    );
  }
  if (
    !isWhole(p.activationWindowDays) ||
    p.activationWindowDays < 1 ||
    p.activationWindowDays > 366
  ) {
    out.push(
      violation(
        'activationWindowDays',
        '激活期限须在1至366天之间',
        'Activation window must be 1 to 366 days',
      ),
    );
  }
  p.standardMonths.forEach((m, i) => {
    if (!isWhole(m.month) || m.month < 1 || (i > 0 && m.month <= p.standardMonths[i - 1]!.month)) {
      out.push(
        violation(
          `standardMonths.${i}.month`,
          '达标月份须从1起递增',
          'Standard months must increase from 1',
        ),
      );
    }
    if (!isWhole(m.thresholdFen) || m.thresholdFen <= 0) {
      out.push(
        violation(
          `standardMonths.${i}.thresholdFen`,
          `第${m.month}月达标交易额须大于0`,
          `Month ${m.month}: threshold must be above 0`,
        ),
      );
    }
  });
  for (const key of ['serviceFeeOptionsFen', 'commFeeOptionsFen'] as const) {
    const list = p[key];
    const name =
      key === 'serviceFeeOptionsFen' ? ['服务费', 'Service fee'] : ['流量费', 'Communication fee'];
    if (list.length === 0)
      out.push(violation(key, `${name[0]}至少设置一个档位`, `${name[1]}: set at least one option`));
    if (new Set(list).size !== list.length)
      out.push(violation(key, `${name[0]}档位重复`, `${name[1]}: options repeat`));
    list.forEach((v, i) => {
      if (!isWhole(v) || v < 0)
        out.push(
          violation(`${key}.${i}`, `${name[0]}档位金额格式错误`, `${name[1]}: invalid option`),
        );
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Opening a policy for an agent
// ---------------------------------------------------------------------------------------------

export interface OpenTermsInput {
  product: ProductPolicyTerms;
  /**
   * The terms of the agent opening the policy (the parent), or null when the platform opens a
   * root policy for a top-level agent; then the product's acquirer cost and ranges are the bounds.
   */
  parent: AgentPolicyTerms | null;
  /** The terms the child holds now when this is an edit, or null for a first opening. */
  previous: AgentPolicyTerms | null;
  next: AgentPolicyTerms;
}

/**
 * Every rule that constrains a child's terms, in the order a person reads the form. An empty list
 * means the terms may be saved. The rules:
 * - the child's cost for each rate type is at least the parent's (at least the acquirer's cost for
 *   a root policy) and at most the standard rate, and within the merchant-rate range it is given;
 * - the merchant-rate range lies inside the parent's (the product's for a root policy);
 * - every reward and fee share is at least 0 and at most the parent's (a fee share at most the
 *   option itself);
 * - on an edit, a cost may only go down, a reward or share only up and a range only wider: the
 *   opposite takes the child's consent and is refused (business rules section 5). These one-way
 *   edits also keep every grandchild valid, since its bounds only loosen.
 */
export function checkOpenTerms({
  product,
  parent,
  previous,
  next,
}: OpenTermsInput): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const productRates = new Map(product.rates.map((r) => [r.rateType, r]));
  const parentRates = new Map((parent?.rates ?? []).map((r) => [r.rateType, r]));
  const prevRates = new Map((previous?.rates ?? []).map((r) => [r.rateType, r]));

  // Shape: exactly the product's rate types, months and options.
  const nextTypes = next.rates.map((r) => r.rateType);
  if (
    new Set(nextTypes).size !== nextTypes.length ||
    nextTypes.length !== product.rates.length ||
    nextTypes.some((t) => !productRates.has(t))
  ) {
    out.push(
      violation('rates', '费率类型须与产品政策一致', 'Rate types must match the product policy'),
    );
    return out;
  }
  if (next.standardRewardsFen.length !== product.standardMonths.length) {
    out.push(
      violation(
        'standardRewardsFen',
        '达标奖励月份须与产品政策一致',
        'Standard reward months must match the product policy',
      ),
    );
    return out;
  }
  const optionsMatch = (shares: FeeShare[], options: number[]) =>
    shares.length === options.length && options.every((o) => shares.some((s) => s.optionFen === o));
  if (!optionsMatch(next.serviceFeeShares, product.serviceFeeOptionsFen)) {
    out.push(
      violation(
        'serviceFeeShares',
        '服务费档位须与产品政策一致',
        'Service fee options must match the product policy',
      ),
    );
    return out;
  }
  if (!optionsMatch(next.commFeeShares, product.commFeeOptionsFen)) {
    out.push(
      violation(
        'commFeeShares',
        '流量费档位须与产品政策一致',
        'Communication fee options must match the product policy',
      ),
    );
    return out;
  }

  next.rates.forEach((r, i) => {
    const p = productRates.get(r.rateType)!;
    const zh = rateLabel(r.rateType, 'zh');
    const en = rateLabel(r.rateType, 'en');
    const t = (v: number, lang: Lang = 'zh') => rateValueText(r.rateType, v, lang);
    const f = `rates.${i}`;
    if (
      !isWhole(r.cost) ||
      !isWhole(r.minRate) ||
      !isWhole(r.maxRate) ||
      r.cost < 0 ||
      r.minRate < 0 ||
      r.maxRate < 0
    ) {
      out.push(violation(`${f}.cost`, `${zh}费率格式错误`, `${en}: invalid rate`));
      return;
    }
    const par = parentRates.get(r.rateType);
    const floor = par ? par.cost : p.acquirerCost;
    if (r.cost < floor) {
      out.push(
        par
          ? violation(
              `${f}.cost`,
              `${zh}成本不能低于上级成本${t(floor)}`,
              `${en} cost cannot be below the parent's cost ${t(floor, 'en')}`,
            )
          : violation(
              `${f}.cost`,
              `${zh}成本不能低于收单成本${t(floor)}`,
              `${en} cost cannot be below the acquirer cost ${t(floor, 'en')}`,
            ),
      );
    }
    if (r.cost > p.standardRate) {
      out.push(
        violation(
          `${f}.cost`,
          `${zh}成本不能高于标准费率${t(p.standardRate)}`,
          `${en} cost cannot be above the standard rate ${t(p.standardRate, 'en')}`,
        ),
      );
    }
    const lo = par ? par.minRate : p.minRate;
    const hi = par ? par.maxRate : p.maxRate;
    if (r.minRate < lo) {
      out.push(
        violation(
          `${f}.minRate`,
          `${zh}商户费率下限不能低于${t(lo)}`,
          `${en} merchant rate minimum cannot be below ${t(lo, 'en')}`,
        ),
      );
    }
    if (r.maxRate > hi) {
      out.push(
        violation(
          `${f}.maxRate`,
          `${zh}商户费率上限不能高于${t(hi)}`,
          `${en} merchant rate maximum cannot be above ${t(hi, 'en')}`,
        ),
      );
    }
    if (r.minRate > r.maxRate) {
      out.push(
        violation(
          `${f}.minRate`,
          `${zh}商户费率下限不能高于上限${t(r.maxRate)}`,
          `${en} merchant rate minimum cannot be above the maximum ${t(r.maxRate, 'en')}`,
        ),
      );
    }
    if (r.cost > r.maxRate) {
      out.push(
        violation(
          `${f}.cost`,
          `${zh}成本不能高于商户费率上限${t(r.maxRate)}`,
          `${en} cost cannot be above the merchant rate maximum ${t(r.maxRate, 'en')}`,
        ),
      );
    }
    const prev = prevRates.get(r.rateType);
    if (prev) {
      if (r.cost > prev.cost) {
        out.push(
          violation(
            `${f}.cost`,
            `${zh}成本只能调低，不能高于当前${t(prev.cost)}（调高需下级同意）`,
            `${en} cost can only be lowered, not above the current ${t(prev.cost, 'en')} (raising it needs the child's consent)`,
          ),
        );
      }
      if (r.minRate > prev.minRate) {
        out.push(
          violation(
            `${f}.minRate`,
            `${zh}商户费率下限只能放宽，不能高于当前${t(prev.minRate)}`,
            `${en} merchant rate minimum can only widen, not above the current ${t(prev.minRate, 'en')}`,
          ),
        );
      }
      if (r.maxRate < prev.maxRate) {
        out.push(
          violation(
            `${f}.maxRate`,
            `${zh}商户费率上限只能放宽，不能低于当前${t(prev.maxRate)}`,
            `${en} merchant rate maximum can only widen, not below the current ${t(prev.maxRate, 'en')}`,
          ),
        );
      }
    }
  });

  const rewardChecks: {
    field: string;
    zh: string;
    en: string;
    value: number;
    cap: number | null;
    prev: number | null;
  }[] = [
    {
      field: 'activationRewardFen',
      zh: '激活奖励',
      en: 'Activation reward',
      value: next.activationRewardFen,
      cap: parent ? parent.activationRewardFen : null,
      prev: previous ? previous.activationRewardFen : null,
    },
    ...next.standardRewardsFen.map((value, i) => ({
      field: `standardRewardsFen.${i}`,
      zh: `第${product.standardMonths[i]!.month}月达标奖励`,
      en: `Month ${product.standardMonths[i]!.month} standard reward`,
      value,
      cap: parent ? (parent.standardRewardsFen[i] ?? 0) : null,
      prev: previous ? (previous.standardRewardsFen[i] ?? null) : null,
    })),
  ];
  for (const [key, zhName, enName] of [
    ['serviceFeeShares', '服务费', 'Service fee'],
    ['commFeeShares', '流量费', 'Communication fee'],
  ] as const) {
    next[key].forEach((s, i) => {
      const parentShare = parent?.[key].find((x) => x.optionFen === s.optionFen)?.shareFen;
      const prevShare = previous?.[key].find((x) => x.optionFen === s.optionFen)?.shareFen;
      const capByOption = s.optionFen;
      rewardChecks.push({
        field: `${key}.${i}.shareFen`,
        zh: `${zhName}${yuan(s.optionFen)}档分润`,
        en: `${enName} ${yuanEn(s.optionFen)} option share`,
        value: s.shareFen,
        cap: parentShare === undefined ? capByOption : Math.min(parentShare, capByOption),
        prev: prevShare ?? null,
      });
    });
  }
  // The SIM fee's cashback of its later collections (issue 33, fee-tiers.ts).
  out.push(
    ...checkSimTierShares({
      parent: parent?.commFeeShares ?? null,
      previous: previous?.commFeeShares ?? null,
      next: next.commFeeShares,
    }),
  );
  for (const c of rewardChecks) {
    if (!isWhole(c.value) || c.value < 0) {
      out.push(violation(c.field, `${c.zh}金额格式错误`, `${c.en}: invalid amount`));
      continue;
    }
    if (c.cap !== null && c.value > c.cap) {
      out.push(
        violation(
          c.field,
          `${c.zh}不能高于${parent ? '上级的' : ''}${yuan(c.cap)}`,
          `${c.en} cannot be above ${parent ? "the parent's " : ''}${yuanEn(c.cap)}`,
        ),
      );
    }
    if (c.prev !== null && c.value < c.prev) {
      out.push(
        violation(
          c.field,
          `${c.zh}只能调高，不能低于当前${yuan(c.prev)}（调低需下级同意）`,
          `${c.en} can only be raised, not below the current ${yuanEn(c.prev)} (lowering it needs the child's consent)`,
        ),
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The open-policy simulator
// ---------------------------------------------------------------------------------------------

export interface RateMargin {
  rateType: RateType;
  ownCost: number;
  childCost: number;
  /**
   * What the opening agent keeps: per 10,000 yuan of volume for a percentage rate, per capped
   * transaction for the debit-card cap. Negative when the draft breaks the rules.
   */
  marginFen: number;
  unit: 'per10kYuan' | 'perCappedTxn';
}

export interface OpenMargins {
  rates: RateMargin[];
  activationFen: number;
  standardMonthsFen: number[];
  serviceFeeFen: { optionFen: number; marginFen: number }[];
  commFeeFen: { optionFen: number; marginFen: number }[];
}

/**
 * What the opening agent keeps from what its child does, for each rate type (10,000 yuan *
 * (child cost - own cost)), each activation (own reward - child's), each standard month and each
 * fee option. Values the child has not filled in yet count as the agent's own, i.e. margin 0.
 */
export function simulateOpenMargins(
  own: AgentPolicyTerms,
  child: Partial<AgentPolicyTerms>,
): OpenMargins {
  const childRates = new Map((child.rates ?? []).map((r) => [r.rateType, r]));
  const fee = (ownShares: FeeShare[], childShares: FeeShare[] | undefined) =>
    ownShares.map((s) => {
      const c = childShares?.find((x) => x.optionFen === s.optionFen);
      const cv = c && Number.isFinite(c.shareFen) ? c.shareFen : s.shareFen;
      return { optionFen: s.optionFen, marginFen: s.shareFen - cv };
    });
  return {
    rates: own.rates.map((r) => {
      const c = childRates.get(r.rateType);
      const childCost = c && Number.isFinite(c.cost) ? c.cost : r.cost;
      const cap = isCapRateType(r.rateType);
      return {
        rateType: r.rateType,
        ownCost: r.cost,
        childCost,
        marginFen: cap ? childCost - r.cost : shareFen(SIMULATOR_VOLUME_FEN, childCost - r.cost),
        unit: cap ? 'perCappedTxn' : 'per10kYuan',
      };
    }),
    activationFen:
      own.activationRewardFen -
      (Number.isFinite(child.activationRewardFen)
        ? child.activationRewardFen!
        : own.activationRewardFen),
    standardMonthsFen: own.standardRewardsFen.map((r, i) => {
      const c = child.standardRewardsFen?.[i];
      return r - (c !== undefined && Number.isFinite(c) ? c : r);
    }),
    serviceFeeFen: fee(own.serviceFeeShares, child.serviceFeeShares),
    commFeeFen: fee(own.commFeeShares, child.commFeeShares),
  };
}

/** What a direct agent earns per 10,000 yuan at the standard rate (its "own margin" on merchants). */
export function directMarginPer10kFen(
  rateType: number,
  standardRate: number,
  cost: number,
): number {
  return isCapRateType(rateType)
    ? standardRate - cost
    : shareFen(SIMULATOR_VOLUME_FEN, standardRate - cost);
}

// ---------------------------------------------------------------------------------------------
// Merchant rates
// ---------------------------------------------------------------------------------------------

/**
 * The rates the merchant's direct agent may set: inside its allowed range and never below its
 * own cost.
 */
export function merchantRateBounds(agentRate: AgentRate): { min: number; max: number } {
  return { min: Math.max(agentRate.minRate, agentRate.cost), max: agentRate.maxRate };
}

export function checkMerchantRate(
  agentRate: AgentRate,
  rate: number,
  field = 'rate',
): PolicyViolation | null {
  const zh = rateLabel(agentRate.rateType, 'zh');
  const en = rateLabel(agentRate.rateType, 'en');
  const t = (v: number, lang: Lang = 'zh') => rateValueText(agentRate.rateType, v, lang);
  if (!isWhole(rate) || rate < 0)
    return violation(field, `${zh}商户费率格式错误`, `${en}: invalid merchant rate`);
  if (rate < agentRate.cost) {
    return violation(
      field,
      `${zh}商户费率不能低于您的成本${t(agentRate.cost)}`,
      `${en} merchant rate cannot be below your cost ${t(agentRate.cost, 'en')}`,
    );
  }
  const { min, max } = merchantRateBounds(agentRate);
  if (rate < min || rate > max) {
    return violation(
      field,
      `${zh}商户费率须在${t(min)}至${t(max)}之间`,
      `${en} merchant rate must lie between ${t(min, 'en')} and ${t(max, 'en')}`,
    );
  }
  return null;
}

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The calendar month of a moment in Asia/Shanghai, 'yyyy-mm'. */
export function shanghaiMonthKey(at: Date | number): string {
  const d = new Date((at instanceof Date ? at.getTime() : at) + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first moment of the next Shanghai month, when a rate changed this month may change again. */
export function nextShanghaiMonthStart(at: Date | number): Date {
  const d = new Date((at instanceof Date ? at.getTime() : at) + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - SHANGHAI_OFFSET_MS);
}

export interface RateChangeRecord {
  rateType: number;
  createdAt: Date | number;
  /** change-service status; a failed change (3) changed nothing and does not count. */
  status: number;
}

/** At most one change per merchant per rate type per calendar month (Asia/Shanghai). */
export function rateChangedThisMonth(
  history: readonly RateChangeRecord[],
  rateType: number,
  now: Date | number,
): boolean {
  const month = shanghaiMonthKey(now);
  return history.some(
    (c) => c.rateType === rateType && c.status !== 3 && shanghaiMonthKey(c.createdAt) === month,
  );
}

/** What a new sub-agent's terms start from: the agent keeps this much unless it types otherwise. */
export const CHILD_DEFAULT_RATE_STEP_PPM = 500; // 0.05% on every percentage rate
export const CHILD_DEFAULT_CAP_STEP_FEN = 100; // 1 yuan on the debit-card cap
export const CHILD_DEFAULT_SHARE = 0.8; // 80% of each reward and fee share, in whole yuan

/**
 * Sensible starting terms for opening a policy to a direct sub-agent. Starting from the agent's
 * own terms would give the whole margin away if submitted unchanged; these keep a small margin on
 * every rate (never above the standard rate) and a fifth of every reward and fee share. Any value
 * the rules would refuse falls back to the agent's own, so the defaults always pass the rules.
 */
export function defaultChildTerms(
  product: ProductPolicyTerms,
  own: AgentPolicyTerms,
): AgentPolicyTerms {
  const standard = new Map(product.rates.map((r) => [r.rateType, r.standardRate]));
  const share = (fen: number) => Math.floor((fen * CHILD_DEFAULT_SHARE) / 100) * 100;
  const proposed: AgentPolicyTerms = {
    rates: own.rates.map((r) => {
      const step = isCapRateType(r.rateType)
        ? CHILD_DEFAULT_CAP_STEP_FEN
        : CHILD_DEFAULT_RATE_STEP_PPM;
      const cost = Math.max(r.cost, Math.min(r.cost + step, standard.get(r.rateType) ?? r.cost));
      return { ...r, cost };
    }),
    activationRewardFen: share(own.activationRewardFen),
    standardRewardsFen: own.standardRewardsFen.map(share),
    serviceFeeShares: own.serviceFeeShares.map((s) => ({ ...s, shareFen: share(s.shareFen) })),
    commFeeShares: own.commFeeShares.map((s) => ({
      ...s,
      shareFen: share(s.shareFen),
      ...(s.secondFen === undefined ? {} : { secondFen: share(s.secondFen) }),
      ...(s.laterFen === undefined ? {} : { laterFen: share(s.laterFen) }),
    })),
  };
  const broken = checkOpenTerms({ product, parent: own, previous: null, next: proposed }).map(
    (v) => v.field,
  );
  if (broken.length === 0) return proposed;
  // Keep the agent's own value wherever the proposal breaks a rule.
  const bad = (field: string) => broken.some((f) => f === field || f.startsWith(`${field}.`));
  return {
    rates: proposed.rates.map((r, i) => (bad(`rates.${i}`) ? own.rates[i]! : r)),
    activationRewardFen: bad('activationRewardFen')
      ? own.activationRewardFen
      : proposed.activationRewardFen,
    standardRewardsFen: bad('standardRewardsFen')
      ? own.standardRewardsFen
      : proposed.standardRewardsFen,
    serviceFeeShares: bad('serviceFeeShares') ? own.serviceFeeShares : proposed.serviceFeeShares,
    commFeeShares: bad('commFeeShares') ? own.commFeeShares : proposed.commFeeShares,
  };
}
