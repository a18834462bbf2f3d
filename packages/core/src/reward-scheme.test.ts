import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  judgeGenuineActivation,
  judgeScheme,
  rewardSchemeTermsSchema,
  splitStageReward,
  stageWindows,
  type RewardSchemeTerms,
  type SchemeTxn,
} from './reward-scheme';

const DAY = 24 * 3600 * 1000;
// 2026-03-10 10:00 in Shanghai.
const activated = new Date('2026-03-10T02:00:00Z');
const at = (days: number) => new Date(activated.getTime() + days * DAY);
const pay = (amountFen: number, days: number, extra: Partial<SchemeTxn> = {}): SchemeTxn => ({
  amountFen,
  time: at(days),
  status: 1,
  cardType: 1,
  totalType: 1,
  ...extra,
});

const terms = (over: Partial<RewardSchemeTerms> = {}): RewardSchemeTerms =>
  rewardSchemeTermsSchema.parse({
    unit: 'day',
    measure: 'volume',
    cardTypes: [1, 2],
    minTradeFen: 0,
    maxTradeFen: null,
    missEnds: false,
    stages: [
      { length: 30, target: 1_000_000, rewardsByLevelFen: [5_000, 8_000, 10_000] },
      { length: 30, target: 2_000_000, rewardsByLevelFen: [6_000, 9_000, 12_000] },
      { length: 30, target: 3_000_000, rewardsByLevelFen: [7_000, 9_000, 15_000] },
    ],
    genuine: { minTradeFen: 10_000, cardTypes: [1, 2] },
    ...over,
  });

describe('stage windows', () => {
  it('counts day stages from the activation instant, one after the other', () => {
    const w = stageWindows(terms(), activated);
    expect(w.map((x) => x.start)).toEqual([at(0), at(30), at(60)]);
    expect(w[2]!.end).toEqual(at(90));
  });

  it('counts month stages in Shanghai calendar months, the activation month being month 1', () => {
    const w = stageWindows(
      terms({
        unit: 'month',
        stages: [
          { length: 1, target: 1, rewardsByLevelFen: [1] },
          { length: 2, target: 1, rewardsByLevelFen: [1] },
        ],
      }),
      // 2026-01-31 23:30 in Shanghai, still January there.
      new Date('2026-01-31T15:30:00Z'),
    );
    expect(w[0]!.end.toISOString()).toBe('2026-01-31T16:00:00.000Z'); // Feb 1st 00:00 Shanghai
    expect(w[1]!.start.toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(w[1]!.end.toISOString()).toBe('2026-03-31T16:00:00.000Z'); // Apr 1st 00:00 Shanghai
  });

  it('are contiguous and start at activation, whatever the stages (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'day' | 'month'>('day', 'month'),
        fc.array(fc.integer({ min: 1, max: 14 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (unit, lengths, start) => {
          const w = stageWindows(
            {
              unit,
              stages: lengths.map((length) => ({ length, target: 1, rewardsByLevelFen: [1] })),
            },
            start,
          );
          expect(w[0]!.start.getTime()).toBe(start);
          for (let i = 0; i < w.length; i++) {
            expect(w[i]!.end.getTime()).toBeGreaterThan(w[i]!.start.getTime());
            if (i > 0) expect(w[i]!.start).toEqual(w[i - 1]!.end);
          }
        },
      ),
    );
  });
});

describe('judgeScheme', () => {
  it('measures volume per stage with the card-type filter and min/max trade amount', () => {
    const t = terms({ cardTypes: [1], minTradeFen: 1_000, maxTradeFen: 900_000 });
    const r = judgeScheme({
      terms: t,
      activatedAt: activated,
      transactions: [
        pay(600_000, 1),
        pay(500_000, 2, { cardType: 2 }), // debit: filtered out
        pay(999, 3), // under the minimum
        pay(950_000, 4), // over the maximum
        pay(400_000, 5),
        pay(300_000, 31),
        pay(5_000_000, 6, { status: 2 }), // failed
        pay(5_000_000, 7, { totalType: 8 }), // a fee collection
      ],
      now: at(45),
    });
    expect(r.map((s) => [s.progress, s.status])).toEqual([
      [1_000_000, 'met'],
      [300_000, 'open'],
      [0, 'open'],
    ]);
  });

  it('counts trades when measured by count, refunds taking one back', () => {
    const r = judgeScheme({
      terms: terms({
        measure: 'count',
        stages: [{ length: 10, target: 3, rewardsByLevelFen: [100] }],
      }),
      activatedAt: activated,
      transactions: [pay(100, 1), pay(100, 2), pay(100, 3), pay(100, 4, { kind: 2 })],
      now: at(10),
    });
    expect(r[0]).toMatchObject({ progress: 2, status: 'missed' });
  });

  it('ends the scheme at a missed stage when missEnds is set, and lets later stages pay otherwise', () => {
    const txns = [pay(100, 1), pay(3_000_000, 61)];
    const ends = judgeScheme({
      terms: terms({ missEnds: true }),
      activatedAt: activated,
      transactions: txns,
      now: at(100),
    });
    expect(ends.map((s) => s.status)).toEqual(['missed', 'void', 'void']);
    const goesOn = judgeScheme({
      terms: terms(),
      activatedAt: activated,
      transactions: txns,
      now: at(100),
    });
    expect(goesOn.map((s) => s.status)).toEqual(['missed', 'missed', 'met']);
  });

  it('ignores trades outside every stage and trades after now (property: only qualifying trades count)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amountFen: fc.integer({ min: 0, max: 2_000_000 }),
            day: fc.integer({ min: -10, max: 100 }),
            status: fc.constantFrom(1, 2, 3),
            cardType: fc.constantFrom(0, 1, 2),
            totalType: fc.constantFrom(1, 2, 4, 8, 9),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 0, max: 100 }),
        (raw, nowDay) => {
          const txns = raw.map((x) => pay(x.amountFen, x.day, x));
          const t = terms({ minTradeFen: 500, maxTradeFen: 1_500_000 });
          const r = judgeScheme({
            terms: t,
            activatedAt: activated,
            transactions: txns,
            now: at(nowDay),
          });
          const expected = [0, 1, 2].map((i) =>
            raw
              .filter(
                (x) =>
                  x.status === 1 &&
                  x.cardType !== 0 &&
                  x.totalType < 8 &&
                  x.amountFen >= 500 &&
                  x.amountFen <= 1_500_000 &&
                  x.day >= i * 30 &&
                  x.day < (i + 1) * 30 &&
                  x.day <= nowDay,
              )
              .reduce((s, x) => s + x.amountFen, 0),
          );
          expect(r.map((s) => s.progress)).toEqual(expected);
          r.forEach((s, i) => {
            const closed = nowDay >= (i + 1) * 30;
            if (!closed) expect(s.status).toBe('open');
            else expect(s.status).toBe(s.progress >= s.target ? 'met' : 'missed');
          });
        },
      ),
    );
  });
});

describe('splitStageReward (level difference)', () => {
  const stage = terms().stages[0]!;

  it('pays the direct agent its level figure and each parent the difference to the level below', () => {
    const s = splitStageReward(stage, [
      { agentId: 3, level: 1 },
      { agentId: 2, level: 2 },
      { agentId: 1, level: 3 },
    ]);
    expect(s.shares.map((x) => [x.agentId, x.amountFen])).toEqual([
      [3, 5_000],
      [2, 3_000],
      [1, 2_000],
    ]);
  });

  it('telescopes to the top figure, every share non-negative, whatever the levels (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 10 }),
        (figures, levels) => {
          const st = { length: 1, target: 1, rewardsByLevelFen: figures };
          const chain = levels.map((level, i) => ({ agentId: i + 1, level }));
          const s = splitStageReward(st, chain);
          const topFigure = figures[Math.min(figures.length - 1, levels[levels.length - 1]! - 1)]!;
          expect(s.shares.every((x) => x.amountFen > 0)).toBe(true);
          expect(s.shares.reduce((a, x) => a + x.amountFen, 0)).toBe(topFigure);
        },
      ),
    );
  });
});

describe('judgeGenuineActivation', () => {
  const rule = { minTradeFen: 10_000, cardTypes: [1, 2] };

  it('accepts an activation with one real card payment of the minimum amount', () => {
    expect(judgeGenuineActivation([pay(100, 1), pay(10_000, 2)], rule)).toEqual({ genuine: true });
  });

  it('flags fee-only, tiny-trade and wrong-card activations with their reason', () => {
    expect(judgeGenuineActivation([], rule)).toEqual({ genuine: false, reason: 'no_trade' });
    expect(judgeGenuineActivation([pay(99_900, 1, { totalType: 8 })], rule)).toEqual({
      genuine: false,
      reason: 'fee_only',
    });
    expect(judgeGenuineActivation([pay(9_999, 1), pay(9_999, 2)], rule)).toEqual({
      genuine: false,
      reason: 'tiny_trades',
    });
    expect(judgeGenuineActivation([pay(50_000, 1, { cardType: 0 })], rule)).toEqual({
      genuine: false,
      reason: 'card_type',
    });
  });

  it('is genuine exactly when some successful non-fee payment of an allowed type reaches the minimum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amountFen: fc.integer({ min: 0, max: 30_000 }),
            status: fc.constantFrom(1, 2),
            cardType: fc.constantFrom(0, 1, 2),
            totalType: fc.constantFrom(1, 4, 8, 9),
            kind: fc.constantFrom(1, 2),
          }),
          { maxLength: 20 },
        ),
        (raw) => {
          const v = judgeGenuineActivation(
            raw.map((x) => pay(x.amountFen, 1, x)),
            rule,
          );
          const expected = raw.some(
            (x) =>
              x.status === 1 &&
              x.kind === 1 &&
              x.totalType < 8 &&
              x.cardType !== 0 &&
              x.amountFen >= 10_000,
          );
          expect(v.genuine).toBe(expected);
        },
      ),
    );
  });
});

describe('rewardSchemeTermsSchema', () => {
  it('names the field when the maximum trade amount is below the minimum', () => {
    const r = rewardSchemeTermsSchema.safeParse({ ...terms(), minTradeFen: 500, maxTradeFen: 100 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['maxTradeFen']);
  });
});
