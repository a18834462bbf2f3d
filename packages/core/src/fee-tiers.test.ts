import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSimTierShares,
  depositOptionLabel,
  simTierFigure,
  simTierFigures,
  simTierOfPeriod,
  splitSimFee,
  type SimTier,
} from './fee-tiers';
import {
  checkOpenTerms,
  defaultChildTerms,
  type AgentPolicyTerms,
  type FeeShare,
  type ProductPolicyTerms,
} from './policy-rules';
import { splitFixed } from './settlement/split';

const product: ProductPolicyTerms = {
  rates: [{ rateType: 1, standardRate: 6000, minRate: 5500, maxRate: 6800, acquirerCost: 4800 }],
  activationThresholdFen: 1_000_000,
  activationWindowDays: 30,
  standardMonths: [],
  serviceFeeOptionsFen: [9900, 19900, 29900],
  commFeeOptionsFen: [0, 6000],
};

const terms = (
  deposit: [number, number, number],
  sim: FeeShare,
  cost = 5000,
): AgentPolicyTerms => ({
  rates: [{ rateType: 1, cost, minRate: 5500, maxRate: 6800 }],
  activationRewardFen: 0,
  standardRewardsFen: [],
  serviceFeeShares: product.serviceFeeOptionsFen.map((optionFen, i) => ({
    optionFen,
    shareFen: deposit[i]!,
  })),
  commFeeShares: [{ optionFen: 0, shareFen: 0 }, sim],
});

describe('SIM fee tiers', () => {
  it('numbers a collection by its period: first year, second, third and every later one', () => {
    expect([0, 1, 2, 3, 9].map(simTierOfPeriod)).toEqual([1, 2, 3, 3, 3]);
    expect(() => simTierOfPeriod(-1)).toThrow(RangeError);
  });

  it('takes the tier before when a tier is not set, so terms without tiers pay as before', () => {
    expect(simTierFigures({ optionFen: 6000, shareFen: 3000 })).toEqual([3000, 3000, 3000]);
    expect(simTierFigures({ optionFen: 6000, shareFen: 3000, secondFen: 2000 })).toEqual([
      3000, 2000, 2000,
    ]);
    expect(
      simTierFigures({ optionFen: 6000, shareFen: 3000, secondFen: 2000, laterFen: 1500 }),
    ).toEqual([3000, 2000, 1500]);
  });

  it('splits a tier by level difference: 30/20/15 yuan at the top, 25/12/10 and 20/10/5 below', () => {
    const chain = [
      { agentId: 3, share: { optionFen: 6000, shareFen: 2000, secondFen: 1000, laterFen: 500 } },
      { agentId: 2, share: { optionFen: 6000, shareFen: 2500, secondFen: 1200, laterFen: 1000 } },
      { agentId: 1, share: { optionFen: 6000, shareFen: 3000, secondFen: 2000, laterFen: 1500 } },
    ];
    const paid = (tier: SimTier) =>
      splitSimFee({ feeFen: 6000, tier, chain }).shares.map((s) => [s.agentId, s.amountFen]);
    expect(paid(1)).toEqual([
      [3, 2000],
      [2, 500],
      [1, 500],
    ]);
    expect(paid(2)).toEqual([
      [3, 1000],
      [2, 200],
      [1, 800],
    ]);
    expect(paid(3)).toEqual([
      [3, 500],
      [2, 500],
      [1, 500],
    ]);
    const third = splitSimFee({ feeFen: 6000, tier: 3, chain });
    expect(third.marginFen).toBe(4500);
    expect(third.shares[0]!.basis).toMatchObject({ ownCost: 500, lowerRate: 0, diff: 500 });
  });
});

describe('checkSimTierShares: a child at most its parent, per tier, named by field', () => {
  const parent: FeeShare[] = [
    { optionFen: 0, shareFen: 0 },
    { optionFen: 6000, shareFen: 3000, secondFen: 2000, laterFen: 1500 },
  ];

  it('refuses a second or later cashback above the parent, in both languages', () => {
    const found = checkSimTierShares({
      parent,
      previous: null,
      next: [
        { optionFen: 0, shareFen: 0 },
        { optionFen: 6000, shareFen: 2500, secondFen: 2100, laterFen: 1600 },
      ],
    });
    expect(found.map((v) => v.field)).toEqual([
      'commFeeShares.1.secondFen',
      'commFeeShares.1.laterFen',
    ]);
    expect(found[0]!.message).toBe('流量费60.00元档第二次返现不能高于上级的20.00元');
    expect(found[1]!.messageEn).toBe(
      "Communication fee ¥60.00 option, third and later cashback cannot be above the parent's ¥15.00",
    );
  });

  it("measures a tier left out as the tier before it against the parent's", () => {
    // No laterFen: the child's third tier is its second, 1800 > the parent's 1500.
    const found = checkSimTierShares({
      parent,
      previous: null,
      next: [parent[0]!, { optionFen: 6000, shareFen: 2500, secondFen: 1800 }],
    });
    expect(found.map((v) => v.field)).toEqual(['commFeeShares.1.laterFen']);
    // A child without tiers under a parent without tiers: only shareFen (checkOpenTerms) counts.
    expect(
      checkSimTierShares({
        parent: [{ optionFen: 6000, shareFen: 3000 }],
        previous: null,
        next: [{ optionFen: 6000, shareFen: 3500 }],
      }),
    ).toEqual([]);
  });

  it('caps a root policy by the fee itself and refuses lowering on an edit', () => {
    expect(
      checkSimTierShares({
        parent: null,
        previous: null,
        next: [{ optionFen: 6000, shareFen: 3000, secondFen: 6001 }],
      }).map((v) => v.message),
    ).toEqual(['流量费60.00元档第二次返现不能高于60.00元']);
    const lowered = checkSimTierShares({
      parent,
      previous: [{ optionFen: 6000, shareFen: 2000, secondFen: 1500 }],
      next: [{ optionFen: 6000, shareFen: 2000, secondFen: 1400 }],
    });
    expect(lowered.map((v) => v.field)).toEqual(['commFeeShares.0.secondFen']);
    expect(lowered[0]!.message).toContain('调低需下级同意');
  });

  it('is part of checkOpenTerms, and defaultChildTerms keeps a child inside every tier', () => {
    const top = terms([8000, 16000, 24000], parent[1]!);
    const bad = terms([6000, 12000, 18000], { ...parent[1]!, laterFen: 1600 }, 5200);
    expect(
      checkOpenTerms({ product, parent: top, previous: null, next: bad }).map((v) => v.field),
    ).toEqual(['commFeeShares.1.laterFen']);
    const d = defaultChildTerms(product, top);
    expect(d.commFeeShares[1]).toEqual({
      optionFen: 6000,
      shareFen: 2400,
      secondFen: 1600,
      laterFen: 1200,
    });
    expect(checkOpenTerms({ product, parent: top, previous: null, next: d })).toEqual([]);
  });
});

describe('deposit options', () => {
  it('name the option collected among the policy’s', () => {
    expect(depositOptionLabel(19900, product.serviceFeeOptionsFen)).toBe('押金第2档（199.00元）');
    expect(depositOptionLabel(19900, product.serviceFeeOptionsFen, 'en')).toBe(
      'Deposit option 2 of 3 (¥199.00)',
    );
    expect(depositOptionLabel(100, product.serviceFeeOptionsFen)).toBe('押金1.00元档');
  });

  it('pay each level its cashback difference for 99 / 199 / 299 yuan', () => {
    const chain = [
      terms([4000, 9000, 14000], { optionFen: 6000, shareFen: 0 }),
      terms([6000, 12000, 20000], { optionFen: 6000, shareFen: 0 }),
      terms([8000, 16000, 24000], { optionFen: 6000, shareFen: 0 }),
    ];
    const paid = product.serviceFeeOptionsFen.map((optionFen) =>
      splitFixed({
        kind: 'service_fee_profit',
        poolFen: optionFen,
        chain: chain.map((t, level) => ({
          agentId: level + 1,
          figureFen: t.serviceFeeShares.find((s) => s.optionFen === optionFen)!.shareFen,
        })),
      }).shares.map((s) => s.amountFen),
    );
    expect(paid).toEqual([
      [4000, 2000, 2000],
      [9000, 3000, 4000],
      [14000, 6000, 4000],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const fen = fc.integer({ min: 0, max: 20_000 });
const tierShare = (optionFen: number) =>
  fc.record(
    {
      optionFen: fc.constant(optionFen),
      shareFen: fen,
      secondFen: fen,
      laterFen: fen,
    },
    { requiredKeys: ['optionFen', 'shareFen'] },
  );

/** A valid chain top first: each child's tiers at most its parent's (and the option). */
const validChain = (optionFen: number) =>
  fc.array(fc.tuple(fen, fen, fen), { minLength: 1, maxLength: 6 }).map((cuts) => {
    const out: FeeShare[] = [];
    let above: [number, number, number] = [optionFen, optionFen, optionFen];
    for (const cut of cuts) {
      const own = above.map((v, i) => Math.max(0, v - cut[i]!)) as [number, number, number];
      out.push({ optionFen, shareFen: own[0], secondFen: own[1], laterFen: own[2] });
      above = own;
    }
    return out;
  });

describe('properties', () => {
  it('telescoping: shares plus the platform margin are the fee collected, to the fen, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom<SimTier>(1, 2, 3),
        fc.array(fc.option(tierShare(6000), { nil: null }), { minLength: 1, maxLength: 7 }),
        (feeFen, tier, shares) => {
          const out = splitSimFee({
            feeFen,
            tier,
            chain: shares.map((share, i) => ({ agentId: i + 1, share })),
          });
          const total = out.shares.reduce((s, x) => s + x.amountFen, 0);
          expect(total + out.marginFen).toBe(feeFen);
          expect(out.marginFen).toBeGreaterThanOrEqual(0);
          for (const s of out.shares) expect(s.amountFen).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('along a chain that passes the rules, each level earns exactly its figure minus its child’s', () => {
    fc.assert(
      fc.property(validChain(6000), fc.constantFrom<SimTier>(1, 2, 3), (topFirst, tier) => {
        // The rules accept every link against its parent.
        topFirst.forEach((share, i) => {
          const parent = i === 0 ? null : [topFirst[i - 1]!];
          expect(checkSimTierShares({ parent, previous: null, next: [share] })).toEqual([]);
        });
        const bottomUp = [...topFirst].reverse();
        const out = splitSimFee({
          feeFen: 6000,
          tier,
          chain: bottomUp.map((share, i) => ({ agentId: i + 1, share })),
        });
        const got = new Map(out.shares.map((s) => [s.agentId, s.amountFen]));
        bottomUp.forEach((share, i) => {
          const below = i === 0 ? 0 : simTierFigure(bottomUp[i - 1]!, tier);
          expect(got.get(i + 1) ?? 0).toBe(simTierFigure(share, tier) - below);
        });
        expect(6000 - out.marginFen).toBe(simTierFigure(topFirst[0]!, tier));
      }),
    );
  });

  it('the tiers of a set of collections do not depend on the order they arrive in', () => {
    // Collections by their own period; what a terminal earns is the sum over its collections,
    // each priced by its own tier: any arrival order gives the same total per agent.
    fc.assert(
      fc.property(
        validChain(6000),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 5 }),
        fc.integer(),
        (topFirst, periods, seed) => {
          const chain = [...topFirst].reverse().map((share, i) => ({ agentId: i + 1, share }));
          const earn = (order: number[]) => {
            const totals = new Map<number, number>();
            for (const period of order)
              for (const s of splitSimFee({ feeFen: 6000, tier: simTierOfPeriod(period), chain })
                .shares)
                totals.set(s.agentId, (totals.get(s.agentId) ?? 0) + s.amountFen);
            return [...totals.entries()].sort((a, b) => a[0] - b[0]);
          };
          const shuffled = [...periods].sort(
            (a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13),
          );
          expect(earn(shuffled)).toEqual(earn(periods));
        },
      ),
    );
  });

  it('one-way edits of a parent keep every child valid: raising a tier never breaks the one below', () => {
    fc.assert(
      fc.property(validChain(6000), fen, fen, (topFirst, up2, up3) => {
        if (topFirst.length < 2) return;
        const [parent, child] = topFirst as [FeeShare, FeeShare];
        const raised: FeeShare = {
          ...parent,
          secondFen: Math.min(6000, simTierFigure(parent, 2) + up2),
          laterFen: Math.min(6000, simTierFigure(parent, 3) + up3),
        };
        expect(checkSimTierShares({ parent: null, previous: [parent], next: [raised] })).toEqual(
          [],
        );
        expect(checkSimTierShares({ parent: [raised], previous: null, next: [child] })).toEqual([]);
      }),
    );
  });
});
