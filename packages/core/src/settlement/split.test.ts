import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PPM, mulDivFloor, mulDivRound } from './arith';
import { pricingOf } from './rate-type';
import {
  clampLadder,
  refundReversal,
  splitFixed,
  splitTrade,
  type Share,
  type TradeChainLink,
  type TradeInput,
} from './split';

const sum = (shares: readonly Share[]) => shares.reduce((s, x) => s + x.amountFen, 0);
const byAgent = (shares: readonly Share[], kind?: string) =>
  Object.fromEntries(
    shares.filter((s) => !kind || s.kind === kind).map((s) => [s.agentId, s.amountFen]),
  );

/** The identity of business rules section 2, asserted on every split the tests make. */
function assertIdentity(input: TradeInput) {
  const out = splitTrade(input);
  for (const share of out.shares) {
    expect(share.amountFen).toBeGreaterThan(0);
    expect(Number.isSafeInteger(share.amountFen)).toBe(true);
  }
  expect(sum(out.shares) + out.marginFen).toBe(out.feeFen - out.acquirerCostFen);
  return out;
}

const chain3 = (c0: number | null, c1: number | null, c2: number | null): TradeChainLink[] => [
  { agentId: 30, costPpm: c0, policyVersion: 3 },
  { agentId: 20, costPpm: c1, policyVersion: 2 },
  { agentId: 10, costPpm: c2, policyVersion: 1 },
];

describe('integer arithmetic', () => {
  it('floors and rounds exactly, also beyond 2^53', () => {
    expect(mulDivFloor(333, 500, PPM)).toBe(0);
    expect(mulDivFloor(1_000_000, 6000, PPM)).toBe(6000);
    expect(mulDivRound(1_250, 6000, PPM)).toBe(8); // 7.5 rounds half up
    expect(mulDivRound(1_249, 6000, PPM)).toBe(7); // 7.494
    // 9e12 fen * 999_999 ppm does not fit a double exactly; the floor must still be exact.
    const big = 9_000_000_000_000;
    expect(mulDivFloor(big, 999_999, PPM)).toBe(Number((BigInt(big) * 999_999n) / 1_000_000n));
  });
});

describe('splitTrade: the rules of section 6, worked by hand', () => {
  it('pays each agent its rate spread and the platform the rest', () => {
    // 10,000 yuan at 0.60%; costs 0.55% / 0.52% / 0.50%; acquirer 0.48%.
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5500, 5200, 5000),
      merchantRatePpm: 6000,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(out.feeFen).toBe(6000);
    expect(out.acquirerCostFen).toBe(4800);
    expect(byAgent(out.shares)).toEqual({ 30: 500, 20: 300, 10: 200 });
    expect(out.marginFen).toBe(200);
    const top = out.shares.find((s) => s.agentId === 10)!;
    expect(top.basis).toMatchObject({
      volumeFen: 1_000_000,
      unit: 'ppm',
      ownCost: 5000,
      lowerRate: 5200,
      diff: 200,
      policyVersion: 1,
    });
    const direct = out.shares.find((s) => s.agentId === 30)!;
    expect(direct.basis).toMatchObject({ ownCost: 5500, lowerRate: 6000, diff: 500 });
  });

  it('shares a rate above the standard as price-adjustment income, top down', () => {
    // The merchant pays 0.63% against a standard 0.60%: 300 fen of adjustment income on 10,000 yuan.
    const chain = chain3(5500, 5200, 5000);
    chain[2]!.adjustPassPpm = 500_000; // the top keeps half and passes half
    chain[1]!.adjustPassPpm = 600_000; // the middle keeps 40% of what reaches it
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain,
      merchantRatePpm: 6300,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(out.adjustPoolFen).toBe(300);
    expect(byAgent(out.shares, 'price_adjust_profit')).toEqual({ 10: 150, 20: 60, 30: 90 });
    expect(byAgent(out.shares, 'trade_profit')).toEqual({ 30: 500, 20: 300, 10: 200 });
    expect(out.marginFen).toBe(200);
  });

  it('by default passes all adjustment income to the direct agent', () => {
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5500, 5200, 5000),
      merchantRatePpm: 6300,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(byAgent(out.shares, 'price_adjust_profit')).toEqual({ 30: 300 });
  });

  it('measures the direct agent against the merchant rate when that is below the standard', () => {
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5500, 5200, 5000),
      merchantRatePpm: 5800,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(byAgent(out.shares)).toEqual({ 30: 300, 20: 300, 10: 200 });
  });

  it('caps debit-card payments and splits the fixed amounts the same way', () => {
    // 50,000 yuan on a debit card at 0.55% would be 275 yuan; the cap is 25 yuan.
    const out = assertIdentity({
      amountFen: 5_000_000,
      chain: [
        { agentId: 30, costPpm: 5300, capCostFen: 2300 },
        { agentId: 20, costPpm: 5200, capCostFen: 2200 },
        { agentId: 10, costPpm: 5000, capCostFen: 2000 },
      ],
      merchantRatePpm: 5500,
      standardRatePpm: 5500,
      acquirerCostPpm: 4800,
      debitCap: { merchantCapFen: 2500, standardCapFen: 2500, acquirerCapFen: 1800 },
    });
    expect(out.capped).toBe(true);
    expect(out.feeFen).toBe(2500);
    expect(out.acquirerCostFen).toBe(1800);
    expect(byAgent(out.shares, 'debit_cap_profit')).toEqual({ 30: 200, 20: 100, 10: 200 });
    expect(out.marginFen).toBe(200);
    expect(out.shares[0]!.basis.unit).toBe('fen');
  });

  it('does not cap a small debit payment', () => {
    const out = assertIdentity({
      amountFen: 100_000,
      chain: [{ agentId: 1, costPpm: 5000, capCostFen: 2000 }],
      merchantRatePpm: 5500,
      standardRatePpm: 5500,
      acquirerCostPpm: 4800,
      debitCap: { merchantCapFen: 2500, acquirerCapFen: 1800 },
    });
    expect(out.capped).toBe(false);
    expect(byAgent(out.shares)).toEqual({ 1: 50 });
  });

  it('rounds every share down and leaves the remainder with the platform', () => {
    const out = assertIdentity({
      amountFen: 333,
      chain: chain3(5500, 5200, 5000),
      merchantRatePpm: 6000,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    // 333 fen * 0.05% = 0.1665 fen: nothing for anyone; the fee minus cost stays with the platform.
    expect(out.shares).toEqual([]);
    expect(out.feeFen).toBe(2); // 1.998 rounds to 2
    expect(out.acquirerCostFen).toBe(2); // 1.598 rounds to 2
    expect(out.marginFen).toBe(0);
  });

  it('gives an agent without a policy nothing and measures its parent against the rung below', () => {
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5500, null, 5000),
      merchantRatePpm: 6000,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(byAgent(out.shares)).toEqual({ 30: 500, 10: 500 });
  });

  it('never pays a negative share for inverted costs', () => {
    // The child is cheaper than its parent: it earns nothing, the parent earns from the child's rung.
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5000, 5200, 4900),
      merchantRatePpm: 6000,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
    });
    expect(byAgent(out.shares)).toEqual({ 30: 1000, 10: 100 });
  });

  it('keeps the identity when the acquirer reports its own fee', () => {
    const out = assertIdentity({
      amountFen: 1_000_000,
      chain: chain3(5500, 5200, 5000),
      merchantRatePpm: 6000,
      standardRatePpm: 6000,
      acquirerCostPpm: 4800,
      feeFen: 5990,
    });
    expect(out.marginFen).toBe(190);
  });

  it('refuses amounts that are not whole fen', () => {
    expect(() =>
      splitTrade({
        amountFen: 1.5,
        chain: [],
        merchantRatePpm: 1,
        standardRatePpm: 1,
        acquirerCostPpm: 0,
      }),
    ).toThrow(RangeError);
  });
});

describe('splitFixed: rewards and fee shares telescope', () => {
  it('pays R0 to the direct agent and Ri - R(i-1) up the chain', () => {
    const out = splitFixed({
      kind: 'activation_reward',
      chain: [
        { agentId: 3, figureFen: 5000 },
        { agentId: 2, figureFen: 8000 },
        { agentId: 1, figureFen: 10000 },
      ],
    });
    expect(byAgent(out.shares)).toEqual({ 3: 5000, 2: 3000, 1: 2000 });
    expect(out.poolFen).toBe(10000);
    expect(out.marginFen).toBe(0);
    expect(out.shares[1]!.basis).toMatchObject({
      ownCost: 8000,
      lowerRate: 5000,
      diff: 3000,
      unit: 'fen',
    });
  });

  it('keeps what the top does not share of a collected fee', () => {
    const out = splitFixed({
      kind: 'service_fee_profit',
      poolFen: 9900,
      chain: [
        { agentId: 3, figureFen: 3000 },
        { agentId: 2, figureFen: 5000 },
        { agentId: 1, figureFen: 6000 },
      ],
    });
    expect(byAgent(out.shares)).toEqual({ 3: 3000, 2: 2000, 1: 1000 });
    expect(out.marginFen).toBe(3900);
  });

  it('never shares more than the pool less the acquirer cut', () => {
    const out = splitFixed({
      kind: 'communication_fee_profit',
      poolFen: 3600,
      costFen: 1000,
      chain: [
        { agentId: 3, figureFen: 2000 },
        { agentId: 2, figureFen: 4000 },
      ],
    });
    expect(byAgent(out.shares)).toEqual({ 3: 2000, 2: 600 });
    expect(sum(out.shares) + out.marginFen).toBe(3600 - 1000);
  });

  it('skips agents without a figure and a child whose figure exceeds its parent', () => {
    const out = splitFixed({
      kind: 'standard_reward',
      chain: [
        { agentId: 4, figureFen: 700 },
        { agentId: 3, figureFen: null },
        { agentId: 2, figureFen: 500 },
        { agentId: 1, figureFen: 1000 },
      ],
    });
    expect(byAgent(out.shares)).toEqual({ 4: 700, 1: 300 });
    expect(sum(out.shares)).toBe(1000);
  });
});

describe('refundReversal', () => {
  it('undoes everything on a full refund and pro rata, cumulatively, on partial ones', () => {
    expect(refundReversal([500, 300, 200], 1_000_000, 1_000_000)).toEqual([500, 300, 200]);
    const first = refundReversal([500, 300, 201], 1_000_000, 400_000);
    expect(first).toEqual([200, 120, 80]);
    const second = refundReversal([500, 300, 201], 1_000_000, 1_000_000, first);
    expect(second).toEqual([300, 180, 121]);
    // A refund repeated after everything is undone takes nothing more.
    expect(refundReversal([500, 300, 201], 1_000_000, 2_000_000, [500, 300, 201])).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('clampLadder', () => {
  it('keeps rungs between their neighbours', () => {
    expect(clampLadder(10, [12, null, 3, 7, -4], 0)).toEqual({
      rungs: [10, 10, 3, 3, 0],
      floor: 0,
    });
    expect(clampLadder(5, [4], 8)).toEqual({ rungs: [5], floor: 5 });
  });
});

describe('exhaustively over small inputs', () => {
  it('keeps every share >= 0 and the identity for every combination', () => {
    const costs = [null, 0, 3000, 5000, 8000];
    const rates = [0, 4000, 6000, 9000];
    const amounts = [0, 1, 999, 1_000_001];
    let checked = 0;
    for (const amountFen of amounts)
      for (const m of rates)
        for (const s of rates)
          for (const q of rates)
            for (const c0 of costs)
              for (const c1 of costs) {
                assertIdentity({
                  amountFen,
                  chain: [
                    { agentId: 2, costPpm: c0, adjustPassPpm: 300_000 },
                    { agentId: 1, costPpm: c1, adjustPassPpm: 700_000 },
                  ],
                  merchantRatePpm: m,
                  standardRatePpm: s,
                  acquirerCostPpm: q,
                });
                checked++;
              }
    expect(checked).toBe(4 * 4 * 4 * 4 * 5 * 5);
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests on random trees, policies and transactions
// ---------------------------------------------------------------------------------------------

interface Agent {
  id: number;
  parent: number | null;
  cost: Record<number, number>;
  capCost: number;
  activation: number;
  pass: number;
}

/** A random tree whose policies follow the rules: a child costs >= its parent, earns <= it. */
const treeArb = fc
  .record({
    size: fc.integer({ min: 1, max: 40 }),
    acquirerPpm: fc.integer({ min: 2000, max: 5000 }),
    acquirerCapFen: fc.integer({ min: 1000, max: 2000 }),
    seeds: fc.array(fc.tuple(fc.nat(), fc.nat(800), fc.nat(300), fc.nat(2000), fc.nat(PPM)), {
      minLength: 40,
      maxLength: 40,
    }),
  })
  .map(({ size, acquirerPpm, acquirerCapFen, seeds }) => {
    const agents: Agent[] = [];
    for (let i = 0; i < size; i++) {
      const [pick, dCost, dCap, dAct, pass] = seeds[i]!;
      const parent = i === 0 ? null : agents[pick % i]!;
      const base = (rateType: number) => (parent ? parent.cost[rateType]! : acquirerPpm);
      agents.push({
        id: i + 1,
        parent: parent ? parent.id : null,
        cost: { 1: base(1) + dCost, 2: base(2) + dCost * 2, 3: base(3) + (dCost % 7) },
        capCost: (parent ? parent.capCost : acquirerCapFen) + dCap,
        activation: Math.max(0, (parent ? parent.activation : 20000) - dAct),
        pass,
      });
    }
    return { agents, acquirerPpm, acquirerCapFen };
  });

function chainOf(agents: Agent[], leaf: number): Agent[] {
  const out: Agent[] = [];
  let at: Agent | undefined = agents[leaf % agents.length];
  while (at) {
    out.push(at);
    at = at.parent === null ? undefined : agents[at.parent - 1];
  }
  return out;
}

const txArb = fc.record({
  leaf: fc.nat(),
  amountFen: fc.integer({ min: 0, max: 50_000_000 }),
  rateType: fc.constantFrom(1, 2, 3),
  markupPpm: fc.integer({ min: -3000, max: 3000 }),
  debit: fc.boolean(),
  merchantCapFen: fc.integer({ min: 1500, max: 5000 }),
});

describe('property: random trees, policies and transactions', () => {
  it('every share >= 0 and shares + margin = fee - acquirer cost, to the fen', () => {
    fc.assert(
      fc.property(treeArb, fc.array(txArb, { minLength: 1, maxLength: 20 }), (tree, txs) => {
        for (const tx of txs) {
          const chain = chainOf(tree.agents, tx.leaf);
          const top = chain[chain.length - 1]!;
          const standard = chain[0]!.cost[tx.rateType]! + 1000;
          // A merchant's rate is never below its direct agent's cost (business rules section 5).
          const merchant = Math.max(chain[0]!.cost[tx.rateType]!, standard + tx.markupPpm);
          const input: TradeInput = {
            amountFen: tx.amountFen,
            chain: chain.map((a) => ({
              agentId: a.id,
              costPpm: a.cost[tx.rateType]!,
              capCostFen: a.capCost,
              adjustPassPpm: a.pass,
            })),
            merchantRatePpm: merchant,
            standardRatePpm: standard,
            acquirerCostPpm: tree.acquirerPpm,
            debitCap: tx.debit
              ? {
                  merchantCapFen: Math.max(tx.merchantCapFen, chain[0]!.capCost),
                  acquirerCapFen: tree.acquirerCapFen,
                }
              : null,
          };
          const out = splitTrade(input);
          for (const share of out.shares) {
            if (!(share.amountFen > 0)) return false;
          }
          if (sum(out.shares) + out.marginFen !== out.feeFen - out.acquirerCostFen) return false;
          // The merchant rate is never below the acquirer cost here, so the platform never loses.
          if (out.marginFen < 0) return false;
          // Policies follow the rules, so each trade share is exactly the rule's formula.
          if (!out.capped) {
            const sellAt = Math.min(merchant, standard);
            for (let i = 0; i < chain.length; i++) {
              const lower = i === 0 ? sellAt : chain[i - 1]!.cost[tx.rateType]!;
              const expected = mulDivFloor(tx.amountFen, lower - chain[i]!.cost[tx.rateType]!, PPM);
              const got =
                out.shares.find((s) => s.kind === 'trade_profit' && s.level === i)?.amountFen ?? 0;
              if (got !== expected) return false;
            }
          }
          // The chain together earns at most the top's spread (plus adjustment income).
          const topSpread = out.capped
            ? input.debitCap!.merchantCapFen - tree.acquirerCapFen
            : mulDivFloor(tx.amountFen, Math.min(merchant, standard) - tree.acquirerPpm, PPM);
          const tradeTotal = sum(out.shares.filter((s) => s.kind !== 'price_adjust_profit'));
          if (tradeTotal > topSpread) return false;
          if (top.parent !== null) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the identity even for policies that break the rules', () => {
    const link = fc.record({
      agentId: fc.nat(),
      costPpm: fc.option(fc.integer({ min: 0, max: 20000 })),
      capCostFen: fc.option(fc.integer({ min: 0, max: 5000 })),
      adjustPassPpm: fc.option(fc.integer({ min: -10, max: PPM + 10 })),
    });
    fc.assert(
      fc.property(
        fc.array(link, { maxLength: 12 }),
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 0, max: 20000 }),
        fc.option(
          fc.record({
            merchantCapFen: fc.nat(5000),
            standardCapFen: fc.nat(5000),
            acquirerCapFen: fc.nat(5000),
          }),
        ),
        (chain, amountFen, m, s, q, debitCap) => {
          const out = splitTrade({
            amountFen,
            chain,
            merchantRatePpm: m,
            standardRatePpm: s,
            acquirerCostPpm: q,
            debitCap,
          });
          return (
            out.shares.every((x) => x.amountFen > 0) &&
            sum(out.shares) + out.marginFen === out.feeFen - out.acquirerCostFen &&
            // The platform only loses when the merchant pays less than the acquirer charges.
            (out.marginFen >= 0 ||
              (out.capped ? debitCap!.merchantCapFen < debitCap!.acquirerCapFen : m < q))
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('activation rewards telescope to the top agent figure', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), (tree, leaf) => {
        const chain = chainOf(tree.agents, leaf);
        const out = splitFixed({
          kind: 'activation_reward',
          chain: chain.map((a) => ({ agentId: a.id, figureFen: a.activation })),
        });
        const top = chain[chain.length - 1]!;
        return (
          out.shares.every((x) => x.amountFen > 0) &&
          sum(out.shares) === top.activation &&
          out.marginFen === 0 &&
          (out.shares.find((x) => x.level === 0)?.amountFen ?? 0) === chain[0]!.activation
        );
      }),
      { numRuns: 300 },
    );
  });

  it('fee shares: shares + margin = fee - cost for any figures', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -100, max: 20000 })), { maxLength: 12 }),
        fc.nat(20000),
        fc.nat(3000),
        (figures, poolFen, costFen) => {
          const out = splitFixed({
            kind: 'service_fee_profit',
            poolFen,
            costFen,
            chain: figures.map((f, i) => ({ agentId: i, figureFen: f })),
          });
          return (
            out.shares.every((x) => x.amountFen > 0) &&
            sum(out.shares) + out.marginFen === poolFen - costFen &&
            sum(out.shares) <= Math.max(0, poolFen - costFen)
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refunds never reverse more than was earned and undo it all at the full amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(100000), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.array(fc.nat(1e9), { minLength: 1, maxLength: 5 }),
        (shares, amount, refunds) => {
          let cumulative = 0;
          const reversed = shares.map(() => 0);
          for (const r of refunds) {
            cumulative += r;
            const now = refundReversal(shares, amount, cumulative, reversed);
            now.forEach((v, i) => {
              reversed[i]! += v;
            });
            if (reversed.some((v, i) => v > shares[i]! || v < 0)) return false;
          }
          const all = refundReversal(shares, amount, amount, reversed);
          return all.every((v, i) => v + reversed[i]! === shares[i]!);
        },
      ),
    );
  });
});

describe('pricing of total types', () => {
  it('maps debit types to a capped rate type and fees to none', () => {
    expect(pricingOf(2)).toEqual({ rateType: 1, cappable: true });
    expect(pricingOf(6)).toEqual({ rateType: 4, cappable: true });
    expect(pricingOf(4)).toEqual({ rateType: 3, cappable: false });
    expect(pricingOf(8)).toBeNull();
  });
});
