import { describe, expect, it } from 'vitest';
import { activationDeadline, judgeActivation, judgeActivationVolume } from './activation';

const DAY = 24 * 3600 * 1000;
const bound = new Date('2026-03-01T02:00:00Z');
const at = (days: number) => new Date(bound.getTime() + days * DAY);
const card = (
  amountFen: number,
  days: number,
  extra: Partial<{ success: boolean; cardType: number }> = {},
) => ({
  amountFen,
  time: at(days),
  success: true,
  cardType: 1,
  ...extra,
});

describe('judgeActivation', () => {
  it('activates when successful card volume reaches 10,000 yuan within 30 days, at the crossing transaction', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [card(600_000, 5), card(400_000, 10, { cardType: 2 }), card(50_000, 11)],
      now: at(20),
    });
    expect(r.activated).toBe(true);
    expect(r.activatedAt).toEqual(at(10));
    expect(r.reason).toBe('activated');
  });
  it('ignores failed payments, QR payments and payments before binding', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [
        card(900_000, 1, { success: false }),
        card(900_000, 2, { cardType: 0 }),
        card(900_000, -1),
        card(500_000, 3),
      ],
      now: at(4),
    });
    expect(r).toMatchObject({ activated: false, volumeFen: 500_000, reason: 'volume_short' });
  });
  it('reads the status when success is absent', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [{ amountFen: 1_000_000, time: at(1), status: 1, cardType: 1 }],
      now: at(2),
    });
    expect(r.activated).toBe(true);
    const failed = judgeActivation({
      boundAt: bound,
      transactions: [{ amountFen: 1_000_000, time: at(1), status: 2, cardType: 1 }],
      now: at(2),
    });
    expect(failed.activated).toBe(false);
  });
  it('does not count volume after the window, and says the window passed', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [card(600_000, 1), card(600_000, 30)],
      now: at(40),
    });
    expect(r).toMatchObject({ activated: false, volumeFen: 600_000, reason: 'window_passed' });
    expect(r.deadline).toEqual(activationDeadline(bound));
  });
  it('counts a payment one millisecond before the deadline', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [
        { amountFen: 1_000_000, time: at(30).getTime() - 1, success: true, cardType: 2 },
      ],
      now: at(31),
    });
    expect(r.activated).toBe(true);
  });
  it('follows the policy rule when it has one', () => {
    const r = judgeActivation({
      boundAt: bound,
      transactions: [card(200_000, 1), card(300_000, 6)],
      now: at(7),
      rule: { thresholdFen: 500_000, windowDays: 5 },
    });
    expect(r).toMatchObject({ activated: false, volumeFen: 200_000, reason: 'window_passed' });
  });
  it('an unbound terminal is not activated', () => {
    expect(
      judgeActivation({ boundAt: null, transactions: [card(2_000_000, 1)], now: at(2) }).reason,
    ).toBe('not_bound');
  });
});

describe('judgeActivationVolume', () => {
  it('activates at now when the summed volume reaches the threshold inside the window', () => {
    expect(
      judgeActivationVolume({ boundAt: bound, volumeFen: 1_000_000, now: at(3) }),
    ).toMatchObject({
      activated: true,
      activatedAt: at(3),
    });
    expect(judgeActivationVolume({ boundAt: bound, volumeFen: 999_999, now: at(3) }).reason).toBe(
      'volume_short',
    );
    expect(
      judgeActivationVolume({ boundAt: bound, volumeFen: 5_000_000, now: at(30) }).reason,
    ).toBe('window_passed');
    expect(judgeActivationVolume({ boundAt: null, volumeFen: 5_000_000, now: at(1) }).reason).toBe(
      'not_bound',
    );
  });
});
