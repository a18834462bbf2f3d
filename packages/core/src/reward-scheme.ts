/**
 * Reward schemes (达标奖励, issue 33) and genuine activations (伪激活).
 *
 * A scheme is a list of stages counted from a terminal's activation, each either a number of days
 * or a number of Asia/Shanghai calendar months (the activation month is month 1, as the standard
 * check counts the binding month). A stage is met when the terminal's qualifying trades inside it
 * reach the stage's target, measured by volume (fen) or by trade count. Qualifying trades are
 * successful payments of the scheme's card types whose amount lies in [minTradeFen, maxTradeFen];
 * a refund or reversal of a qualifying payment takes its amount (and its count) back.
 *
 * Each stage pays a reward per agent level (级差): agent ai of the chain a0 (the direct agent who
 * bound the terminal) ... ak (top) has the figure of its level, and earns it less the figure of
 * the agent below it (core splitFixed), so the chain together earns the top's figure. With
 * `missEnds` a missed stage ends the scheme (later stages are void); without it later stages can
 * still pay.
 *
 * An activation is genuine when at least one of the trades that activated the terminal is a real
 * payment: not a fee collection, of an allowed card type, and at least the minimum amount. A
 * terminal activated by fee-only or tiny trades is flagged and its rewards held until reviewed.
 */

import { z } from 'zod';
import { CARD_TYPE, TOTAL_TYPE, TRANSACTION_STATUS } from './enums';
import { splitFixed, type FixedSplit } from './settlement/split';

const DAY_MS = 24 * 3600 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

export const SCHEME_UNITS = ['day', 'month'] as const;
export type SchemeUnit = (typeof SCHEME_UNITS)[number];
export const SCHEME_MEASURES = ['volume', 'count'] as const;
export type SchemeMeasure = (typeof SCHEME_MEASURES)[number];

const fen = z.number().int().min(0).max(1_000_000_000_00);

export const schemeStageSchema = z.object({
  /** Days or calendar months this stage lasts. */
  length: z.number().int().min(1).max(366),
  /** Volume in fen, or a number of trades. */
  target: z.number().int().min(1).max(1_000_000_000_00),
  /** Reward per agent level, fen: index 0 is level 1 (V1). A level past the list has the last. */
  rewardsByLevelFen: z.array(fen).min(1).max(20),
});
export type SchemeStage = z.infer<typeof schemeStageSchema>;

export const genuineRuleSchema = z.object({
  /** The smallest payment that makes an activation genuine, fen. */
  minTradeFen: fen,
  /** Card types (1 credit, 2 debit, 0 QR) that make an activation genuine. */
  cardTypes: z.array(z.number().int().min(0).max(2)).min(1).max(3),
});
export type GenuineRule = z.infer<typeof genuineRuleSchema>;

export const rewardSchemeTermsSchema = z
  .object({
    unit: z.enum(SCHEME_UNITS),
    measure: z.enum(SCHEME_MEASURES),
    cardTypes: z.array(z.number().int().min(0).max(2)).min(1).max(3),
    minTradeFen: fen.default(0),
    /** null: no upper bound. */
    maxTradeFen: fen.nullable().default(null),
    missEnds: z.boolean(),
    stages: z.array(schemeStageSchema).min(1).max(24),
    genuine: genuineRuleSchema,
  })
  .superRefine((v, ctx) => {
    if (v.maxTradeFen !== null && v.maxTradeFen < v.minTradeFen) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxTradeFen'],
        message: '最高交易金额不能小于最低交易金额',
      });
    }
  });
export type RewardSchemeTerms = z.infer<typeof rewardSchemeTermsSchema>;

/** The built-in genuine-activation rule: one card payment of at least 100 yuan. */
export const DEFAULT_GENUINE_RULE: GenuineRule = {
  minTradeFen: 10_000,
  cardTypes: [CARD_TYPE.CREDIT, CARD_TYPE.DEBIT],
};

export interface SchemeTxn {
  amountFen: number;
  time: Date | number;
  /** 1 payment, 2 refund, 3 reversal. Default 1. */
  kind?: number;
  /** Transaction status; 1 success. */
  status: number;
  cardType: number;
  /** Total type: 8 service fee and 9 communication fee are fee collections, not trades. */
  totalType?: number;
}

const ms = (t: Date | number) => (t instanceof Date ? t.getTime() : t);
const isFee = (t: SchemeTxn) =>
  t.totalType === TOTAL_TYPE.SERVICE_FEE || t.totalType === TOTAL_TYPE.COMMUNICATION_FEE;

/** Whether a transaction counts for the scheme (a refund counts negatively when it does). */
export function qualifiesForScheme(
  t: SchemeTxn,
  terms: Pick<RewardSchemeTerms, 'cardTypes' | 'minTradeFen' | 'maxTradeFen'>,
): boolean {
  return (
    t.status === TRANSACTION_STATUS.SUCCESS &&
    !isFee(t) &&
    terms.cardTypes.includes(t.cardType) &&
    t.amountFen >= terms.minTradeFen &&
    (terms.maxTradeFen === null || t.amountFen <= terms.maxTradeFen)
  );
}

/** The Shanghai calendar month start (as a UTC instant) `months` after the one holding `at`. */
function shanghaiMonthStart(at: number, months: number): number {
  const local = new Date(at + SHANGHAI_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1) - SHANGHAI_OFFSET_MS;
}

export interface StageWindow {
  index: number;
  /** Inclusive start and exclusive end, UTC instants. */
  start: Date;
  end: Date;
}

/**
 * The stages' windows from activation. Day stages: stage 1 starts at activation and each lasts
 * its days. Month stages: stage 1 starts at activation and ends after its months counting the
 * activation month as the first; each later stage starts where the previous one ended.
 */
export function stageWindows(
  terms: Pick<RewardSchemeTerms, 'unit' | 'stages'>,
  activatedAt: Date | number,
): StageWindow[] {
  const start = ms(activatedAt);
  let cursor = start;
  let months = 0;
  return terms.stages.map((stage, index) => {
    const from = cursor;
    if (terms.unit === 'day') {
      cursor = from + stage.length * DAY_MS;
    } else {
      months += stage.length;
      cursor = shanghaiMonthStart(start, months);
    }
    return { index, start: new Date(from), end: new Date(cursor) };
  });
}

export type StageStatus = 'open' | 'met' | 'missed' | 'void';

export interface StageProgress extends StageWindow {
  target: number;
  /** Volume in fen or a count of trades, net of refunds, never below 0. */
  progress: number;
  status: StageStatus;
  /** The top's figure: what the chain earns in all when the stage is met. */
  rewardFen: number;
}

/** The figure of an agent level under a stage: the list's entry, or its last for a higher level. */
export function stageFigure(stage: SchemeStage, level: number): number {
  const list = stage.rewardsByLevelFen;
  const i = Math.max(0, Math.min(list.length - 1, Math.trunc(level) - 1));
  return list[i]!;
}

/**
 * Each stage's progress and status at `now`. A stage is met as soon as its progress reaches the
 * target (a later refund does not take a met stage back once it has closed: only closed stages
 * are final); an open stage is 'open' until its end, then met or missed. After a missed stage, a
 * scheme whose missEnds is set has its later stages 'void'.
 */
export function judgeScheme(input: {
  terms: RewardSchemeTerms;
  activatedAt: Date | number;
  transactions: readonly SchemeTxn[];
  now: Date | number;
  /** The level whose figure is reported as rewardFen (default: the highest listed). */
  level?: number;
}): StageProgress[] {
  const { terms } = input;
  const now = ms(input.now);
  const windows = stageWindows(terms, input.activatedAt);
  const sums = windows.map(() => 0);
  for (const t of input.transactions) {
    if (!qualifiesForScheme(t, terms)) continue;
    const at = ms(t.time);
    const w = windows.findIndex(
      (x) => at >= x.start.getTime() && at < x.end.getTime() && at <= now,
    );
    if (w < 0) continue;
    const sign = (t.kind ?? 1) === 1 ? 1 : -1;
    sums[w]! += sign * (terms.measure === 'volume' ? t.amountFen : 1);
  }
  let ended = false;
  return windows.map((w, i) => {
    const stage = terms.stages[i]!;
    const progress = Math.max(0, sums[i]!);
    const closed = now >= w.end.getTime();
    let status: StageStatus;
    if (ended) status = 'void';
    else if (progress >= stage.target) status = closed ? 'met' : 'open';
    else status = closed ? 'missed' : 'open';
    if (status === 'missed' && terms.missEnds) ended = true;
    const level = input.level ?? stage.rewardsByLevelFen.length;
    return { ...w, target: stage.target, progress, status, rewardFen: stageFigure(stage, level) };
  });
}

/**
 * Splits a met stage's reward down the chain by level difference: a0 earns the figure of its
 * level, ai the figure of its level less the figure below it (never negative, never more than
 * the top's figure in all).
 */
export function splitStageReward(
  stage: SchemeStage,
  chain: readonly { agentId: number; level: number }[],
): FixedSplit {
  return splitFixed({
    kind: 'standard_reward',
    chain: chain.map((a) => ({ agentId: a.agentId, figureFen: stageFigure(stage, a.level) })),
  });
}

export type GenuineVerdict =
  | { genuine: true }
  | { genuine: false; reason: 'no_trade' | 'fee_only' | 'tiny_trades' | 'card_type' };

/**
 * Whether an activation is genuine: at least one successful payment among the activating trades
 * that is not a fee collection, is of an allowed card type and reaches the minimum amount. The
 * reason otherwise names what was missing: every trade was a fee ('fee_only'), every real trade
 * was below the minimum ('tiny_trades'), or none was of an allowed card type ('card_type').
 */
export function judgeGenuineActivation(
  transactions: readonly SchemeTxn[],
  rule: GenuineRule = DEFAULT_GENUINE_RULE,
): GenuineVerdict {
  const payments = transactions.filter(
    (t) => t.status === TRANSACTION_STATUS.SUCCESS && (t.kind ?? 1) === 1 && t.amountFen > 0,
  );
  if (payments.length === 0) return { genuine: false, reason: 'no_trade' };
  const real = payments.filter((t) => !isFee(t));
  if (real.length === 0) return { genuine: false, reason: 'fee_only' };
  const allowed = real.filter((t) => rule.cardTypes.includes(t.cardType));
  if (allowed.length === 0) return { genuine: false, reason: 'card_type' };
  if (!allowed.some((t) => t.amountFen >= rule.minTradeFen)) {
    return { genuine: false, reason: 'tiny_trades' };
  }
  return { genuine: true };
}

export const FALSE_ACTIVATION_REASON_LABELS: Record<
  Exclude<GenuineVerdict, { genuine: true }>['reason'],
  { zh: string; en: string }
> = {
  no_trade: { zh: '无成功交易', en: 'No successful trade' },
  fee_only: { zh: '仅有费用扣款', en: 'Fee collections only' },
  tiny_trades: { zh: '仅有小额交易', en: 'Tiny trades only' },
  card_type: { zh: '无符合卡类型的交易', en: 'No trade of an allowed card type' },
};

export const STAGE_STATUS_LABELS: Record<StageStatus, { zh: string; en: string }> = {
  open: { zh: '进行中', en: 'In progress' },
  met: { zh: '已达标', en: 'Met' },
  missed: { zh: '未达标', en: 'Missed' },
  void: { zh: '已终止', en: 'Ended' },
};

/** Scheme reward states: recorded (waiting for the crediting job), held, credited, forfeited. */
export const SCHEME_REWARD_STATUS = {
  RECORDED: 0,
  HELD: 1,
  CREDITED: 2,
  FORFEITED: 3,
} as const;
