import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RateType } from './enums';
import {
  adjustmentIncomeFen,
  chainProfitFen,
  checkMerchantRate,
  checkOpenTerms,
  checkProductPolicy,
  defaultChildTerms,
  merchantRateBounds,
  nextShanghaiMonthStart,
  percentTextToPpm,
  percentTextToSharePpm,
  sharePpmToPercentText,
  ppmToPercentText,
  RATE_TYPES,
  rateChangedThisMonth,
  shanghaiMonthKey,
  shareFen,
  simulateOpenMargins,
  splitAdjustmentIncome,
  type AgentPolicyTerms,
  type ProductPolicyTerms,
} from './policy-rules';

// ---------------------------------------------------------------------------------------------
// Fixtures: the demo's POS figures (costs 0.50% / 0.53% / 0.55%, standard 0.60%, 0.55%-0.68%)
// ---------------------------------------------------------------------------------------------

const product: ProductPolicyTerms = {
  rates: [
    { rateType: 1, standardRate: 6000, minRate: 5500, maxRate: 6800, acquirerCost: 4800 },
    { rateType: 6, standardRate: 2500, minRate: 2000, maxRate: 3000, acquirerCost: 1800 },
  ],
  activationThresholdFen: 1_000_000,
  activationWindowDays: 30,
  standardMonths: [
    { month: 1, thresholdFen: 1_000_000 },
    { month: 2, thresholdFen: 2_000_000 },
  ],
  serviceFeeOptionsFen: [0, 9900],
  commFeeOptionsFen: [0, 3600],
};

const top: AgentPolicyTerms = {
  rates: [
    { rateType: 1, cost: 5000, minRate: 5500, maxRate: 6800 },
    { rateType: 6, cost: 2000, minRate: 2000, maxRate: 3000 },
  ],
  activationRewardFen: 15000,
  standardRewardsFen: [5000, 8000],
  serviceFeeShares: [
    { optionFen: 0, shareFen: 0 },
    { optionFen: 9900, shareFen: 8000 },
  ],
  commFeeShares: [
    { optionFen: 0, shareFen: 0 },
    { optionFen: 3600, shareFen: 2400 },
  ],
};

const child: AgentPolicyTerms = {
  ...structuredClone(top),
  rates: [
    { rateType: 1, cost: 5300, minRate: 5500, maxRate: 6800 },
    { rateType: 6, cost: 2100, minRate: 2000, maxRate: 3000 },
  ],
  activationRewardFen: 12000,
};

describe('display helpers', () => {
  it('shows ppm as a percentage with two to four decimals', () => {
    expect(ppmToPercentText(6000)).toBe('0.60%');
    expect(ppmToPercentText(5350)).toBe('0.535%');
    expect(ppmToPercentText(38)).toBe('0.0038%');
    expect(ppmToPercentText(1_000_000)).toBe('100.00%');
    expect(sharePpmToPercentText(1_000_000)).toBe('100%');
    expect(sharePpmToPercentText(255_000)).toBe('25.5%');
    expect(sharePpmToPercentText(250_500)).toBe('25.05%');
    expect(percentTextToSharePpm('25.5')).toBe(255_000);
    expect(percentTextToSharePpm('100')).toBe(1_000_000);
    expect(percentTextToSharePpm('100.01')).toBeNull();
  });

  it('reads back every percentage it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (ppm) => {
        expect(percentTextToPpm(ppmToPercentText(ppm))).toBe(ppm);
      }),
    );
    expect(percentTextToPpm('0.6')).toBe(6000);
    expect(percentTextToPpm('abc')).toBeNull();
    expect(percentTextToPpm('0.12345')).toBeNull();
  });
});

describe('shares', () => {
  it('floors amount * rate difference / 1,000,000 exactly, even for huge amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (amount, diff) => {
          const exact = (BigInt(amount) * BigInt(diff)) as bigint;
          const got = BigInt(shareFen(amount, diff));
          // got is the largest integer with got * 1e6 <= exact.
          expect(got * 1_000_000n <= exact).toBe(true);
          expect((got + 1n) * 1_000_000n > exact).toBe(true);
        },
      ),
    );
  });

  it('splits adjustment income down the chain without losing or inventing a fen', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 10 }),
        (income, pass) => {
          const kept = splitAdjustmentIncome(income, pass);
          expect(kept).toHaveLength(pass.length + 1);
          expect(kept.reduce((a, b) => a + b, 0)).toBe(income);
          for (const k of kept) expect(k).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    // Default pass 100%: the direct agent keeps all; 0%: the top keeps all.
    expect(splitAdjustmentIncome(1000, [1_000_000, 1_000_000])).toEqual([0, 0, 1000]);
    expect(splitAdjustmentIncome(1000, [0, 1_000_000])).toEqual([1000, 0, 0]);
    expect(splitAdjustmentIncome(1001, [500_000])).toEqual([501, 500]);
  });

  it('counts adjustment income only above the standard rate', () => {
    expect(adjustmentIncomeFen(1_000_000, 6300, 6000)).toBe(300);
    expect(adjustmentIncomeFen(1_000_000, 5800, 6000)).toBe(0);
  });
});

describe('checkProductPolicy', () => {
  it('accepts the demo product and names the broken field', () => {
    expect(checkProductPolicy(product)).toEqual([]);
    const bad = structuredClone(product);
    bad.rates[0]!.acquirerCost = 6100;
    const v = checkProductPolicy(bad);
    expect(v[0]?.field).toBe('rates.0.acquirerCost');
    expect(v[0]?.message).toBe('POS刷卡收单成本不能高于标准费率0.60%');
  });
});

describe('checkOpenTerms', () => {
  it('accepts valid root and child terms', () => {
    expect(checkOpenTerms({ product, parent: null, previous: null, next: top })).toEqual([]);
    expect(checkOpenTerms({ product, parent: top, previous: null, next: child })).toEqual([]);
  });

  it('refuses a child cost below the parent cost, naming the field and the limit', () => {
    const next = structuredClone(child);
    next.rates[0]!.cost = 4900;
    const v = checkOpenTerms({ product, parent: top, previous: null, next });
    expect(v).toContainEqual(
      expect.objectContaining({
        field: 'rates.0.cost',
        message: 'POS刷卡成本不能低于上级成本0.50%',
      }),
    );
  });

  it('refuses a child reward above the parent reward', () => {
    const next = structuredClone(child);
    next.activationRewardFen = 15001;
    next.standardRewardsFen = [5000, 8001];
    const v = checkOpenTerms({ product, parent: top, previous: null, next });
    expect(v.map((x) => x.message)).toEqual([
      '激活奖励不能高于上级的150.00元',
      '第2月达标奖励不能高于上级的80.00元',
    ]);
  });

  it('refuses values outside the policy ranges', () => {
    const next = structuredClone(child);
    next.rates[0]!.cost = 6100;
    next.rates[0]!.maxRate = 6900;
    next.serviceFeeShares[1]!.shareFen = 9000;
    const v = checkOpenTerms({ product, parent: top, previous: null, next });
    const messages = v.map((x) => x.message);
    expect(messages).toContain('POS刷卡成本不能高于标准费率0.60%');
    expect(messages).toContain('POS刷卡商户费率上限不能高于0.68%');
    expect(messages).toContain('服务费99.00元档分润不能高于上级的80.00元');
  });

  it('refuses a root cost below the acquirer cost and debit caps in yuan', () => {
    const next = structuredClone(top);
    next.rates[1]!.cost = 1700;
    const v = checkOpenTerms({ product, parent: null, previous: null, next });
    expect(v[0]?.message).toBe('借记卡封顶成本不能低于收单成本18.00元');
  });

  it('lets a parent lower a cost or raise a reward, and refuses the opposite', () => {
    const better = structuredClone(child);
    better.rates[0]!.cost = 5200;
    better.activationRewardFen = 13000;
    expect(checkOpenTerms({ product, parent: top, previous: child, next: better })).toEqual([]);
    const worse = structuredClone(child);
    worse.rates[0]!.cost = 5400;
    worse.activationRewardFen = 11000;
    const messages = checkOpenTerms({ product, parent: top, previous: child, next: worse }).map(
      (x) => x.message,
    );
    expect(messages).toEqual([
      'POS刷卡成本只能调低，不能高于当前0.53%（调高需下级同意）',
      '激活奖励只能调高，不能低于当前120.00元（调低需下级同意）',
    ]);
  });

  it('refuses terms that do not match the product shape', () => {
    const next = structuredClone(child);
    next.rates = next.rates.slice(0, 1);
    expect(checkOpenTerms({ product, parent: top, previous: null, next })[0]?.field).toBe('rates');
  });
});

describe('simulator', () => {
  it("shows the opener's margin per 10,000 yuan and per activation", () => {
    const m = simulateOpenMargins(top, child);
    // 10,000 yuan * (0.53% - 0.50%) = 3 yuan.
    expect(m.rates[0]).toMatchObject({ rateType: 1, marginFen: 300, unit: 'per10kYuan' });
    expect(m.rates[1]).toMatchObject({ rateType: 6, marginFen: 100, unit: 'perCappedTxn' });
    expect(m.activationFen).toBe(3000);
    expect(m.standardMonthsFen).toEqual([0, 0]);
    // Fields not yet filled in count as the opener's own value.
    expect(simulateOpenMargins(top, {}).rates.every((r) => r.marginFen === 0)).toBe(true);
  });
});

describe('merchant rates', () => {
  const rate = { rateType: 1 as RateType, cost: 5700, minRate: 5500, maxRate: 6800 };
  it('allows the range and never below own cost', () => {
    expect(merchantRateBounds(rate)).toEqual({ min: 5700, max: 6800 });
    expect(checkMerchantRate(rate, 6300)).toBeNull();
    expect(checkMerchantRate(rate, 5600)?.message).toBe('POS刷卡商户费率不能低于您的成本0.57%');
    expect(checkMerchantRate(rate, 6900)?.message).toBe('POS刷卡商户费率须在0.57%至0.68%之间');
  });

  it('cuts months in Asia/Shanghai', () => {
    // 2026-01-31 16:30 UTC is already 1 February in Shanghai.
    expect(shanghaiMonthKey(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02');
    expect(shanghaiMonthKey(new Date('2026-01-31T15:59:59Z'))).toBe('2026-01');
    expect(nextShanghaiMonthStart(new Date('2026-12-10T00:00:00Z')).toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
    const history = [{ rateType: 1, createdAt: new Date('2026-02-01T00:00:00Z'), status: 2 }];
    expect(rateChangedThisMonth(history, 1, new Date('2026-02-20T00:00:00Z'))).toBe(true);
    expect(rateChangedThisMonth(history, 3, new Date('2026-02-20T00:00:00Z'))).toBe(false);
    expect(rateChangedThisMonth(history, 1, new Date('2026-02-28T16:00:00Z'))).toBe(false);
    // A failed change changed nothing and does not use up the month.
    expect(
      rateChangedThisMonth([{ ...history[0]!, status: 3 }], 1, new Date('2026-02-20T00:00:00Z')),
    ).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random trees and policies
// ---------------------------------------------------------------------------------------------

const productArb: fc.Arbitrary<ProductPolicyTerms> = fc
  .record({
    rates: fc.tuple(
      ...RATE_TYPES.map((rateType) =>
        fc
          .record({
            acquirer:
              rateType === 6
                ? fc.integer({ min: 1000, max: 2000 })
                : fc.integer({ min: 1000, max: 6000 }),
            toStandard: fc.integer({ min: 0, max: 3000 }),
            below: fc.integer({ min: 0, max: 2000 }),
            above: fc.integer({ min: 0, max: 2000 }),
          })
          .map(({ acquirer, toStandard, below, above }) => ({
            rateType,
            acquirerCost: acquirer,
            standardRate: acquirer + toStandard,
            minRate: Math.max(0, acquirer + toStandard - below),
            maxRate: acquirer + toStandard + above,
          })),
      ),
    ),
    months: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ rates, months }) => ({
    rates,
    activationThresholdFen: 1_000_000,
    activationWindowDays: 30,
    standardMonths: Array.from({ length: months }, (_, i) => ({
      month: i + 1,
      thresholdFen: (i + 1) * 1_000_000,
    })),
    serviceFeeOptionsFen: [0, 9900, 19900],
    commFeeOptionsFen: [0, 3600],
  }));

/**
 * A random draft near a base: every field takes a small step in the direction the rules allow
 * (costs up, rewards down, ranges narrower), and half of the drafts then push one random field the
 * other way by a random amount, which the rules may or may not accept.
 */
function proposal(
  product: ProductPolicyTerms,
  base: AgentPolicyTerms | null,
  rng: () => number,
): AgentPolicyTerms {
  const from: AgentPolicyTerms = base ?? {
    rates: product.rates.map((r) => ({
      rateType: r.rateType,
      cost: r.acquirerCost,
      minRate: r.minRate,
      maxRate: r.maxRate,
    })),
    activationRewardFen: 20000,
    standardRewardsFen: product.standardMonths.map(() => 10000),
    serviceFeeShares: product.serviceFeeOptionsFen.map((o) => ({
      optionFen: o,
      shareFen: Math.floor(o * 0.8),
    })),
    commFeeShares: product.commFeeOptionsFen.map((o) => ({
      optionFen: o,
      shareFen: Math.floor(o * 0.7),
    })),
  };
  const up = (v: number, by: number) => v + Math.floor(rng() * by);
  const down = (v: number, by: number) => Math.max(0, v - Math.floor(rng() * by));
  const next: AgentPolicyTerms = {
    rates: from.rates.map((r) => ({
      rateType: r.rateType,
      cost: up(r.cost, 120),
      minRate: up(r.minRate, 50),
      maxRate: down(r.maxRate, 50),
    })),
    activationRewardFen: down(from.activationRewardFen, 3000),
    standardRewardsFen: from.standardRewardsFen.map((v) => down(v, 2000)),
    serviceFeeShares: from.serviceFeeShares.map((s) => ({
      optionFen: s.optionFen,
      shareFen: down(s.shareFen, 1500),
    })),
    commFeeShares: from.commFeeShares.map((s) => ({
      optionFen: s.optionFen,
      shareFen: down(s.shareFen, 800),
    })),
  };
  if (rng() < 0.5) {
    const k = Math.floor(rng() * next.rates.length);
    const r = next.rates[k]!;
    const amount = Math.floor(rng() * 600);
    switch (Math.floor(rng() * 6)) {
      case 0:
        r.cost = Math.max(0, r.cost - amount);
        break;
      case 1:
        r.minRate = Math.max(0, r.minRate - amount);
        break;
      case 2:
        r.maxRate += amount;
        break;
      case 3:
        r.cost += amount * 5;
        break;
      case 4:
        next.activationRewardFen += amount * 10;
        break;
      default: {
        const s = next.serviceFeeShares[Math.floor(rng() * next.serviceFeeShares.length)]!;
        s.shareFen += amount * 10;
      }
    }
  }
  return next;
}

/**
 * Every rule that must hold between each agent and its parent, whatever was accepted. Plain
 * comparisons rather than expect() keep thousands of runs quick; the first break throws.
 */
function assertTreeInvariants(
  product: ProductPolicyTerms,
  parents: number[],
  terms: (AgentPolicyTerms | null)[],
) {
  const must = (cond: boolean, what: string, i: number) => {
    if (!cond) throw new Error(`agent ${i}: ${what}`);
  };
  terms.forEach((t, i) => {
    if (!t) return;
    for (const r of t.rates) {
      const p = product.rates.find((x) => x.rateType === r.rateType)!;
      must(r.cost >= p.acquirerCost, 'cost below the acquirer cost', i);
      must(r.cost <= p.standardRate, 'cost above the standard rate', i);
      must(r.minRate >= p.minRate && r.maxRate <= p.maxRate, 'range outside the product range', i);
    }
    const parentIndex = parents[i]!;
    if (parentIndex < 0) return;
    const parent = terms[parentIndex];
    // An agent whose parent has no policy can hold none: the opener is always the parent.
    must(Boolean(parent), 'policy without a parent policy', i);
    t.rates.forEach((r, k) => {
      const pr = parent!.rates[k]!;
      must(r.cost >= pr.cost, 'child cheaper than its parent', i);
      must(r.minRate >= pr.minRate && r.maxRate <= pr.maxRate, "range outside the parent's", i);
    });
    must(
      t.activationRewardFen <= parent!.activationRewardFen,
      'activation reward grew down the chain',
      i,
    );
    t.standardRewardsFen.forEach((v, k) =>
      must(v <= parent!.standardRewardsFen[k]!, 'standard reward grew', i),
    );
    t.serviceFeeShares.forEach((s, k) =>
      must(s.shareFen <= parent!.serviceFeeShares[k]!.shareFen, 'service share grew', i),
    );
    t.commFeeShares.forEach((s, k) =>
      must(s.shareFen <= parent!.commFeeShares[k]!.shareFen, 'comm share grew', i),
    );
  });
}

/** Node i > 0 has a parent among 0..i-1; node 0 is the top. */
const treeArb = fc
  .array(fc.nat(), { minLength: 0, maxLength: 14 })
  .map((picks) => [-1, ...picks.map((p, i) => p % (i + 1))]);

describe('properties over random trees', () => {
  let accepted = 0;
  let refused = 0;

  it('never lets a child end up cheaper than its parent or with a larger reward, through openings and edits', () => {
    fc.assert(
      fc.property(
        productArb,
        treeArb,
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 20 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (prod, parents, edits, stream) => {
          const it = stream[Symbol.iterator]();
          const rng = () => it.next().value as number;
          const terms: (AgentPolicyTerms | null)[] = parents.map(() => null);
          // Openings, top first: each parent opens for each child from its own terms.
          parents.forEach((p, i) => {
            const parentTerms = p < 0 ? null : terms[p]!;
            if (p >= 0 && !parentTerms) return;
            const next = proposal(prod, parentTerms, rng);
            const ok =
              checkOpenTerms({ product: prod, parent: parentTerms, previous: null, next })
                .length === 0;
            if (ok) {
              terms[i] = next;
              accepted++;
            } else refused++;
          });
          assertTreeInvariants(prod, parents, terms);
          // Later edits anywhere in the tree, each checked against the current terms.
          for (const [pick, fromCurrent] of edits) {
            const i = pick % parents.length;
            const current = terms[i];
            if (!current) continue;
            const p = parents[i]!;
            const parentTerms = p < 0 ? null : terms[p]!;
            const next = proposal(prod, fromCurrent ? current : parentTerms, rng);
            if (
              checkOpenTerms({ product: prod, parent: parentTerms, previous: current, next })
                .length === 0
            ) {
              terms[i] = next;
              accepted++;
            } else refused++;
            assertTreeInvariants(prod, parents, terms);
          }
        },
      ),
      { numRuns: 300 },
    );
    // The generator reaches both outcomes, so the property above is not vacuous.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  }, 60_000);

  it('never pays a negative share along a valid chain, and the chain earns at most the top figure', () => {
    fc.assert(
      fc.property(
        productArb,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })),
        (prod, depth, amount, stream) => {
          const it = stream[Symbol.iterator]();
          const rng = () => it.next().value as number;
          const chain: AgentPolicyTerms[] = [];
          for (let d = 0; d < depth; d++) {
            const parent = chain[d - 1] ?? null;
            const next = proposal(prod, parent, rng);
            if (checkOpenTerms({ product: prod, parent, previous: null, next }).length > 0) break;
            chain.push(next);
          }
          if (chain.length === 0) return;
          const direct = chain[chain.length - 1]!;
          for (const pr of prod.rates) {
            const costsDirectFirst = [...chain]
              .reverse()
              .map((t) => t.rates.find((r) => r.rateType === pr.rateType)!.cost);
            const shares = chainProfitFen(pr.rateType, amount, pr.standardRate, costsDirectFirst);
            for (const s of shares) expect(s).toBeGreaterThanOrEqual(0);
            const topCost = costsDirectFirst[costsDirectFirst.length - 1]!;
            const topFigure = chainProfitFen(pr.rateType, amount, pr.standardRate, [topCost])[0]!;
            const sum = shares.reduce((a, b) => a + b, 0);
            expect(sum).toBeLessThanOrEqual(topFigure);
            // Flooring each share loses less than one fen per level, never more.
            expect(sum).toBeGreaterThan(topFigure - shares.length);
            // Any merchant rate the direct agent may set leaves its own share non-negative.
            const agentRate = direct.rates.find((r) => r.rateType === pr.rateType)!;
            const { min, max } = merchantRateBounds(agentRate);
            if (min <= max) {
              const m = min + Math.floor(rng() * (max - min + 1));
              expect(checkMerchantRate(agentRate, m)).toBeNull();
              for (const c of costsDirectFirst) expect(m).toBeGreaterThanOrEqual(c);
            }
          }
          // Rewards telescope exactly: the chain together earns the top's reward.
          const rewardsDirectFirst = [...chain].reverse().map((t) => t.activationRewardFen);
          const split = rewardsDirectFirst.map((r, i) =>
            i === 0 ? r : r - rewardsDirectFirst[i - 1]!,
          );
          for (const s of split) expect(s).toBeGreaterThanOrEqual(0);
          expect(split.reduce((a, b) => a + b, 0)).toBe(chain[0]!.activationRewardFen);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('defaultChildTerms', () => {
  it('starts a new sub-agent with a margin on every rate and a fifth of every reward kept', () => {
    const d = defaultChildTerms(product, top);
    expect(checkOpenTerms({ product, parent: top, previous: null, next: d })).toEqual([]);
    expect(d.rates).toEqual([
      { rateType: 1, cost: 5500, minRate: 5500, maxRate: 6800 },
      { rateType: 6, cost: 2100, minRate: 2000, maxRate: 3000 },
    ]);
    expect(d.activationRewardFen).toBe(12000);
    expect(d.standardRewardsFen).toEqual([4000, 6400]);
    expect(d.serviceFeeShares).toEqual([
      { optionFen: 0, shareFen: 0 },
      { optionFen: 9900, shareFen: 6400 },
    ]);
    const margins = simulateOpenMargins(top, d);
    expect(margins.rates.every((r) => r.marginFen > 0)).toBe(true);
    expect(margins.activationFen).toBe(3000);
  });

  it('never goes above the standard rate, and always passes the rules', () => {
    const atStandard: AgentPolicyTerms = {
      ...top,
      rates: [
        { rateType: 1, cost: 5800, minRate: 5800, maxRate: 6800 },
        { rateType: 6, cost: 2500, minRate: 2500, maxRate: 3000 },
      ],
    };
    const d = defaultChildTerms(product, atStandard);
    expect(d.rates.map((r) => r.cost)).toEqual([6000, 2500]);
    expect(checkOpenTerms({ product, parent: atStandard, previous: null, next: d })).toEqual([]);
  });
});
