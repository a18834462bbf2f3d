import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  creditDueBy,
  creditSchedule,
  creditStatusLabel,
  CREDIT_STATUSES,
  planCreditDeduction,
} from './credit';
import { ledgerInfoTypeLabel } from './enums';

const total = fc.integer({ min: 1, max: 36 * 10_000_000 });
const instalments = fc.integer({ min: 1, max: 36 });

describe('creditSchedule', () => {
  it('sums exactly to the price in fen, instalments differing by at most one fen', () => {
    fc.assert(
      fc.property(total, instalments, (t, n) => {
        const s = creditSchedule(t, n, '2026-01-30');
        expect(s).toHaveLength(n);
        expect(s.reduce((a, i) => a + i.amountFen, 0)).toBe(t);
        const amounts = s.map((i) => i.amountFen);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        for (const i of s) expect(Number.isInteger(i.amountFen)).toBe(true);
      }),
    );
  });

  it('falls due one instalment a day from the first day, across month and year ends', () => {
    const s = creditSchedule(1000, 3, '2026-12-31');
    expect(s).toEqual([
      { seq: 1, dueDay: '2026-12-31', amountFen: 334 },
      { seq: 2, dueDay: '2027-01-01', amountFen: 333 },
      { seq: 3, dueDay: '2027-01-02', amountFen: 333 },
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('refuses a price that is not whole fen and instalments outside 1..36', () => {
    expect(() => creditSchedule(10.5, 3, '2026-01-01')).toThrow();
    expect(() => creditSchedule(0, 3, '2026-01-01')).toThrow();
    expect(() => creditSchedule(100, 0, '2026-01-01')).toThrow();
    expect(() => creditSchedule(100, 37, '2026-01-01')).toThrow();
  });
});

describe('creditDueBy', () => {
  it('is what fell due by the day less what was paid, the shortfall carried, never negative', () => {
    fc.assert(
      fc.property(total, instalments, fc.integer({ min: -2, max: 40 }), (t, n, d) => {
        const s = creditSchedule(t, n, '2026-03-01');
        const day = addDays('2026-03-01', d);
        const fell = s.filter((i) => i.dueDay <= day).reduce((a, i) => a + i.amountFen, 0);
        expect(creditDueBy(s, 0, day)).toBe(fell);
        expect(creditDueBy(s, t, day)).toBe(0);
        if (d >= n - 1) expect(creditDueBy(s, 0, day)).toBe(t);
      }),
    );
  });
});

describe('planCreditDeduction', () => {
  const wallets = fc.array(
    fc.record({
      walletType: fc.constantFrom('profit', 'reward'),
      balanceFen: fc.integer({ min: -1000, max: 1_000_000 }),
    }),
    { maxLength: 2 },
  );

  it('never takes a wallet below zero and takes min(owed, available)', () => {
    fc.assert(
      fc.property(wallets, fc.integer({ min: 0, max: 3_000_000 }), (ws, owed) => {
        const takes = planCreditDeduction(ws, owed);
        const available = ws.reduce((a, w) => a + Math.max(0, w.balanceFen), 0);
        expect(takes.reduce((a, t) => a + t.amountFen, 0)).toBe(Math.min(owed, available));
        const left = new Map<string, number>();
        ws.forEach((w) => left.set(w.walletType, (left.get(w.walletType) ?? 0) + w.balanceFen));
        for (const t of takes) {
          expect(t.amountFen).toBeGreaterThan(0);
          const w = ws.find((x) => x.walletType === t.walletType && x.balanceFen >= t.amountFen);
          expect(w).toBeDefined();
        }
      }),
    );
  });

  it('takes from the largest wallet first and touches a smaller one only when that is empty', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3_000_000 }),
        (profit, reward, owed) => {
          const takes = planCreditDeduction(
            [
              { walletType: 'profit', balanceFen: profit },
              { walletType: 'reward', balanceFen: reward },
            ],
            owed,
          );
          const larger = reward > profit ? 'reward' : 'profit';
          const larg = Math.max(profit, reward);
          if (larg > 0) expect(takes[0]!.walletType).toBe(larger);
          if (takes.length === 2) expect(takes[0]!.amountFen).toBe(larg);
          if (owed <= larg) expect(takes).toHaveLength(1);
        },
      ),
    );
  });

  it('example: 30 owed from profit 10 and reward 25 takes 25 from reward, then 5 from profit', () => {
    expect(
      planCreditDeduction(
        [
          { walletType: 'profit', balanceFen: 10 },
          { walletType: 'reward', balanceFen: 25 },
        ],
        30,
      ),
    ).toEqual([
      { walletType: 'reward', amountFen: 25 },
      { walletType: 'profit', amountFen: 5 },
    ]);
  });
});

describe('creditStatusLabel', () => {
  it('names every status in both languages', () => {
    for (const s of CREDIT_STATUSES) {
      expect(creditStatusLabel(s, 'zh')).not.toBe(s);
      expect(creditStatusLabel(s, 'en')).not.toBe(s);
    }
  });
});

describe('ledger labels of credit lines', () => {
  it('labels the deduction and the repayment in both languages', () => {
    expect(ledgerInfoTypeLabel('credit_deduction', 'zh')).toBe('货款代扣');
    expect(ledgerInfoTypeLabel('credit_deduction', 'en')).toBe('Terminal credit deduction');
    expect(ledgerInfoTypeLabel('credit_repayment', 'zh')).toBe('货款回款');
    expect(ledgerInfoTypeLabel('credit_repayment', 'en')).toBe('Terminal credit repayment');
  });
});
