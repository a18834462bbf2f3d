import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WITHDRAW_FEE_FEN,
  DEFAULT_WITHDRAW_TAX_PPM,
  WITHDRAW_MIN_FEN,
  defaultTaxTerms,
  taxAtLabel,
  taxChannelDecision,
  taxChannelProposal,
  withdrawalParts,
} from './api/withdrawals';

const amount = fc.integer({ min: 0, max: 100_000_000_000 });
const terms = fc.record({
  feeFen: fc.integer({ min: 0, max: 100_000 }),
  vatPpm: fc.integer({ min: 0, max: 1_000_000 }),
  pitPpm: fc.integer({ min: 0, max: 1_000_000 }),
});

describe('withdrawalParts', () => {
  it('splits every amount into non-negative whole fen that add up to the amount', () => {
    fc.assert(
      fc.property(amount, terms, (a, t) => {
        const p = withdrawalParts(a, t);
        for (const v of [p.feeFen, p.vatFen, p.pitFen, p.netFen]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(p.netFen + p.feeFen + p.vatFen + p.pitFen).toBe(a);
        expect(p.taxFen).toBe(p.vatFen + p.pitFen);
        expect(p.amountFen).toBe(a);
      }),
    );
  });

  it('charges the whole fee and each tax rounded down on its own when the amount covers them', () => {
    fc.assert(
      fc.property(amount, terms, (a, t) => {
        const p = withdrawalParts(a, t);
        const vat = (BigInt(a) * BigInt(t.vatPpm)) / 1_000_000n;
        const pit = (BigInt(a) * BigInt(t.pitPpm)) / 1_000_000n;
        const charges = BigInt(t.feeFen) + vat + pit;
        expect(p.covered).toBe(charges < BigInt(a));
        if (p.covered) {
          expect(p.feeFen).toBe(t.feeFen);
          expect(BigInt(p.vatFen)).toBe(vat);
          expect(BigInt(p.pitFen)).toBe(pit);
          // Rounded down: each tax is at most its exact share, and less than a fen below it.
          const exact = BigInt(a) * BigInt(t.vatPpm);
          expect(BigInt(p.vatFen) * 1_000_000n <= exact).toBe(true);
          expect(BigInt(p.vatFen + 1) * 1_000_000n > exact).toBe(true);
        } else {
          expect(p.netFen).toBe(0);
        }
      }),
    );
  });

  it('never charges more VAT for a smaller amount, and pays out at most a fen less for a larger one', () => {
    // Each tax is rounded down on its own (above), so at the amount where both round up at once
    // the net can fall by one fen: 49 fen at 6% VAT and 20% PIT pays 38 (2 + 9 taxed), 50 pays
    // 37 (3 + 10). It never falls by more, whatever the amounts and rates.
    const realistic = { feeFen: 0, vatPpm: 60_000, pitPpm: 200_000 };
    expect(withdrawalParts(49, realistic).netFen).toBe(38);
    expect(withdrawalParts(50, realistic).netFen).toBe(37);
    fc.assert(
      fc.property(amount, amount, terms, (x, y, t) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        const a = withdrawalParts(lo, t);
        const b = withdrawalParts(hi, t);
        expect(b.netFen).toBeGreaterThanOrEqual(a.netFen - 1);
        expect(b.vatFen).toBeGreaterThanOrEqual(a.vatFen);
      }),
    );
    // Neighbouring amounts, where the two roundings meet.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), terms, (lo, t) => {
        const a = withdrawalParts(lo, t);
        const b = withdrawalParts(lo + 1, t);
        expect(b.netFen).toBeGreaterThanOrEqual(a.netFen - 1);
        expect(b.vatFen).toBeGreaterThanOrEqual(a.vatFen);
      }),
    );
  });

  it("keeps today's 3 yuan and 6% for the default channel", () => {
    const t = defaultTaxTerms(DEFAULT_WITHDRAW_FEE_FEN, DEFAULT_WITHDRAW_TAX_PPM);
    expect(withdrawalParts(10_000, t)).toEqual({
      amountFen: 10_000,
      feeFen: 300,
      vatFen: 600,
      pitFen: 0,
      taxFen: 600,
      netFen: 9_100,
      covered: true,
    });
    fc.assert(
      fc.property(fc.integer({ min: WITHDRAW_MIN_FEN, max: 10_000_000_000 }), (a) => {
        const p = withdrawalParts(a, t);
        expect(p.feeFen).toBe(300);
        expect(p.taxFen).toBe(Math.floor((a * 60_000) / 1_000_000));
        expect(p.netFen).toBe(a - 300 - p.taxFen);
      }),
    );
  });

  it('takes the fee first when the amount does not cover the charges', () => {
    expect(withdrawalParts(250, { feeFen: 300, vatPpm: 60_000, pitPpm: 0 })).toMatchObject({
      feeFen: 250,
      vatFen: 0,
      netFen: 0,
      covered: false,
    });
  });

  it('refuses a negative or fractional amount and a rate past 100%', () => {
    const t = { feeFen: 0, vatPpm: 0, pitPpm: 0 };
    expect(() => withdrawalParts(-1, t)).toThrow(RangeError);
    expect(() => withdrawalParts(1.5, t)).toThrow(RangeError);
    expect(() => withdrawalParts(100, { ...t, vatPpm: 1_000_001 })).toThrow(RangeError);
    expect(() => withdrawalParts(100, { ...t, feeFen: -1 })).toThrow(RangeError);
  });
});

describe('tax channel contracts', () => {
  const good = {
    code: 'lh-profit',
    name: '灵活用工通道',
    walletType: 'profit',
    vatPpm: 30_000,
    pitPpm: 15_000,
    feeFen: 200,
    taxAt: 'request',
    enabled: true,
  };

  it('accepts a channel and names the field of each bad value', () => {
    expect(taxChannelProposal.parse(good)).toEqual(good);
    const bad = (patch: Record<string, unknown>) => {
      const r = taxChannelProposal.safeParse({ ...good, ...patch });
      return r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(bad({ vatPpm: 1.5 })).toEqual([['vatPpm', '增值税率须为整数（百万分之一）']]);
    expect(bad({ pitPpm: 400_000 })).toEqual([['pitPpm', '个税税率不能超过30%']]);
    expect(bad({ feeFen: -1 })).toEqual([['feeFen', '手续费不能为负']]);
    expect(bad({ walletType: 'frozen' })).toEqual([['walletType', '请选择钱包']]);
    expect(bad({ code: 'Bad code' })?.[0]?.[0]).toBe('code');
    expect(bad({ taxAt: 'later' })).toEqual([['taxAt', '请选择扣税时点']]);
  });

  it('asks for a reason when a change is rejected', () => {
    const r = taxChannelDecision.safeParse({ id: 1, approve: false });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['reason']);
    expect(taxChannelDecision.safeParse({ id: 1, approve: true }).success).toBe(true);
  });

  it('labels when the taxes are taken in both languages', () => {
    expect(taxAtLabel('payout')).toBe('打款时扣税');
    expect(taxAtLabel('request', 'en')).toBe('Taxed at request');
  });
});
