/**
 * Terminal activation (business rules section 4): a bound terminal activates when its successful
 * card volume since binding reaches the policy's threshold within the policy's window. QR
 * payments are not card volume and do not count; failed or initialised transactions do not count.
 */

import { CARD_TYPE, TRANSACTION_STATUS } from './enums';

/** 10,000 yuan. */
export const DEFAULT_ACTIVATION_THRESHOLD_FEN = 1_000_000;
export const DEFAULT_ACTIVATION_WINDOW_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export interface ActivationTxn {
  amountFen: number;
  time: Date | number;
  /** True for a successful transaction (transaction status 1). */
  success?: boolean;
  /** Transaction status, read when `success` is absent. */
  status?: number;
  /** Card type: 0 QR, 1 credit, 2 debit. */
  cardType: number;
}

export interface ActivationRule {
  thresholdFen?: number;
  windowDays?: number;
}

export type ActivationReason = 'activated' | 'not_bound' | 'volume_short' | 'window_passed';

export interface ActivationResult {
  activated: boolean;
  /** When the threshold was reached: the time of the transaction that reached it. */
  activatedAt: Date | null;
  /** Counted volume inside the window (up to `now` if the window is still open). */
  volumeFen: number;
  thresholdFen: number;
  /** End of the activation window (exclusive), or null when not bound. */
  deadline: Date | null;
  reason: ActivationReason;
}

const ms = (t: Date | number) => (t instanceof Date ? t.getTime() : t);

export function activationDeadline(
  boundAt: Date | number,
  windowDays = DEFAULT_ACTIVATION_WINDOW_DAYS,
): Date {
  return new Date(ms(boundAt) + windowDays * DAY_MS);
}

/** Whether a transaction counts towards activation. */
export function countsForActivation(t: ActivationTxn): boolean {
  const success = t.success ?? t.status === TRANSACTION_STATUS.SUCCESS;
  return (
    success &&
    t.amountFen > 0 &&
    (t.cardType === CARD_TYPE.CREDIT || t.cardType === CARD_TYPE.DEBIT)
  );
}

/**
 * Judges activation from the transactions of one terminal. Only transactions at or after binding
 * and before the deadline (and not after `now`) count; they are taken in time order, so the
 * activation time is the transaction that crossed the threshold.
 */
export function judgeActivation(input: {
  boundAt: Date | number | null;
  transactions: readonly ActivationTxn[];
  now: Date | number;
  rule?: ActivationRule;
}): ActivationResult {
  const thresholdFen = input.rule?.thresholdFen ?? DEFAULT_ACTIVATION_THRESHOLD_FEN;
  const windowDays = input.rule?.windowDays ?? DEFAULT_ACTIVATION_WINDOW_DAYS;
  if (input.boundAt === null) {
    return {
      activated: false,
      activatedAt: null,
      volumeFen: 0,
      thresholdFen,
      deadline: null,
      reason: 'not_bound',
    };
  }
  const start = ms(input.boundAt);
  const deadline = activationDeadline(start, windowDays);
  const end = Math.min(deadline.getTime(), ms(input.now) + 1);
  const counted = input.transactions
    .filter((t) => countsForActivation(t) && ms(t.time) >= start && ms(t.time) < end)
    .sort((a, b) => ms(a.time) - ms(b.time));
  let volumeFen = 0;
  for (const t of counted) {
    volumeFen += t.amountFen;
    if (volumeFen >= thresholdFen) {
      return {
        activated: true,
        activatedAt: new Date(ms(t.time)),
        volumeFen,
        thresholdFen,
        deadline,
        reason: 'activated',
      };
    }
  }
  const reason: ActivationReason =
    ms(input.now) >= deadline.getTime() ? 'window_passed' : 'volume_short';
  return { activated: false, activatedAt: null, volumeFen, thresholdFen, deadline, reason };
}

/**
 * The same rule for a volume already summed (what settlement knows after adding a transaction):
 * activated when the volume reaches the threshold and `now` is inside the window.
 */
export function judgeActivationVolume(input: {
  boundAt: Date | number | null;
  volumeFen: number;
  now: Date | number;
  rule?: ActivationRule;
}): ActivationResult {
  const thresholdFen = input.rule?.thresholdFen ?? DEFAULT_ACTIVATION_THRESHOLD_FEN;
  const windowDays = input.rule?.windowDays ?? DEFAULT_ACTIVATION_WINDOW_DAYS;
  if (input.boundAt === null) {
    return {
      activated: false,
      activatedAt: null,
      volumeFen: input.volumeFen,
      thresholdFen,
      deadline: null,
      reason: 'not_bound',
    };
  }
  const deadline = activationDeadline(input.boundAt, windowDays);
  const now = ms(input.now);
  if (now >= deadline.getTime()) {
    return {
      activated: false,
      activatedAt: null,
      volumeFen: input.volumeFen,
      thresholdFen,
      deadline,
      reason: 'window_passed',
    };
  }
  if (now < ms(input.boundAt) || input.volumeFen < thresholdFen) {
    return {
      activated: false,
      activatedAt: null,
      volumeFen: input.volumeFen,
      thresholdFen,
      deadline,
      reason: 'volume_short',
    };
  }
  return {
    activated: true,
    activatedAt: new Date(now),
    volumeFen: input.volumeFen,
    thresholdFen,
    deadline,
    reason: 'activated',
  };
}
