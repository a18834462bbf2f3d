import {
  CARD_TYPE,
  PAY_TYPE,
  TOTAL_TYPE,
  TRANSACTION_METHOD,
  TRANSACTION_STATUS,
  type TransactionNotification,
} from '@pos/core';

/**
 * Realistic acquirer traffic for the demo terminals, shared by the traffic simulator (npm run
 * simulate) and the in-process demo traffic (SIMULATE_TRAFFIC=true): the spec's pay types, total
 * types, card types and methods in plausible proportions, amounts by kind of payment, busy hours
 * of the day, some failures, refunds and reversals of earlier payments, and repeated
 * notifications (which must change nothing).
 */

export type Rng = () => number;

/** A small seeded generator (mulberry32), so a run can be repeated. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Kind {
  weight: number;
  payType: number;
  totalType: number;
  cardType: number;
  method: number;
  /** Typical amount in yuan (log-normal around it). */
  typicalYuan: number;
}

/** How payments split between products on a card terminal in a small shop. */
const KINDS: Kind[] = [
  {
    weight: 30,
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.POS_CREDIT,
    cardType: CARD_TYPE.CREDIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    typicalYuan: 800,
  },
  {
    weight: 14,
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.POS_DEBIT,
    cardType: CARD_TYPE.DEBIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    typicalYuan: 1500,
  },
  {
    weight: 8,
    payType: PAY_TYPE.UNIONPAY_QR,
    totalType: TOTAL_TYPE.CLOUD_FLASH_PAY,
    cardType: CARD_TYPE.CREDIT,
    method: TRANSACTION_METHOD.CLOUD_FLASH_PAY,
    typicalYuan: 300,
  },
  {
    weight: 10,
    payType: PAY_TYPE.WECHAT,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
    typicalYuan: 60,
  },
  {
    weight: 9,
    payType: PAY_TYPE.ALIPAY,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
    typicalYuan: 60,
  },
  {
    weight: 4,
    payType: PAY_TYPE.WECHAT_MERCHANT_SCAN,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
    typicalYuan: 40,
  },
  {
    weight: 4,
    payType: PAY_TYPE.ALIPAY_MERCHANT_SCAN,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
    typicalYuan: 40,
  },
  {
    weight: 8,
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.VIP_CREDIT,
    cardType: CARD_TYPE.CREDIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    typicalYuan: 3000,
  },
  {
    weight: 4,
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.VIP_DEBIT,
    cardType: CARD_TYPE.DEBIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    typicalYuan: 5000,
  },
  {
    weight: 9,
    payType: PAY_TYPE.QUICK_PAY,
    totalType: TOTAL_TYPE.QUICK_PAY,
    cardType: CARD_TYPE.CREDIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    typicalYuan: 1200,
  },
];
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0);

/** Relative activity by hour of the day (Asia/Shanghai): quiet nights, busy lunch and evening. */
const HOURLY = [
  1, 0.5, 0.3, 0.2, 0.2, 0.3, 1, 3, 5, 7, 9, 10, 10, 8, 7, 7, 8, 9, 10, 10, 8, 6, 4, 2,
];

function pick<T extends { weight: number }>(items: readonly T[], total: number, rng: Rng): T {
  let x = rng() * total;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1]!;
}

/** A log-normal amount around `typicalYuan`, in whole fen, at least 1 yuan, at most 50,000. */
export function amountFen(typicalYuan: number, rng: Rng): number {
  const u = Math.max(1e-9, rng());
  const v = rng();
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  const yuan = Math.min(50_000, Math.max(1, typicalYuan * Math.exp(0.9 * normal)));
  // Shops often charge round sums.
  const fen = rng() < 0.4 ? Math.round(yuan) * 100 : Math.round(yuan * 100);
  return Math.max(100, fen);
}

/** A moment in the past `days` days, weighted by the busy hours of the day. */
export function pastTradeTime(days: number, now: Date, rng: Rng): Date {
  const dayOffset = Math.floor(rng() * days);
  const hourWeights = HOURLY.map((w, h) => ({ weight: w, h }));
  const { h } = pick(
    hourWeights,
    HOURLY.reduce((s, w) => s + w, 0),
    rng,
  );
  const shanghaiMidnight =
    Math.floor((now.getTime() + 8 * 3600e3) / 86400e3) * 86400e3 - 8 * 3600e3;
  const t = shanghaiMidnight - dayOffset * 86400e3 + h * 3600e3 + Math.floor(rng() * 3600e3);
  return new Date(Math.min(t, now.getTime() - 1000));
}

export interface TrafficState {
  /** Successful payments sent, for later refunds: acquirer id, SN, amount. */
  payments: {
    txnId: string;
    sn: string;
    amountFen: number;
    totalType: number;
    payType: number;
    cardType: number;
    method: number;
  }[];
  /** The last notification body sent, to repeat it sometimes. */
  last: TransactionNotification | null;
  seq: number;
}

export function newTrafficState(): TrafficState {
  return { payments: [], last: null, seq: 0 };
}

/**
 * The next notification for one of `sns`: mostly payments (about 5% failed, 1% left
 * initialised), about 2% refunds and 0.5% reversals of earlier payments, and about 1% a repeat
 * of the previous notification.
 */
export function nextNotification(
  sns: readonly string[],
  state: TrafficState,
  rng: Rng,
  tradeTime: Date,
  idPrefix = 'SIM',
): TransactionNotification {
  if (state.last && rng() < 0.01) return state.last;
  state.seq += 1;
  const txnId =
    `${idPrefix}${tradeTime.getTime().toString(36)}${state.seq.toString(36)}${Math.floor(rng() * 1e6).toString(36)}`.toUpperCase();
  const roll = rng();
  if (state.payments.length > 0 && roll < 0.025) {
    const index = Math.floor(rng() * state.payments.length);
    const orig = state.payments[index]!;
    const reversal = roll < 0.005;
    if (reversal) state.payments.splice(index, 1);
    const body: TransactionNotification = {
      txnId,
      kind: reversal ? 3 : 2,
      origTxnId: orig.txnId,
      sn: orig.sn,
      amountFen: reversal
        ? orig.amountFen
        : Math.max(1, Math.floor(orig.amountFen * (0.2 + rng() * 0.5))),
      payType: orig.payType,
      totalType: orig.totalType,
      cardType: orig.cardType,
      method: orig.method,
      status: TRANSACTION_STATUS.SUCCESS,
      tradeTime: tradeTime.toISOString(),
    };
    state.last = body;
    return body;
  }
  const kind = pick(KINDS, TOTAL_WEIGHT, rng);
  const sn = sns[Math.floor(rng() * sns.length)]!;
  const statusRoll = rng();
  const status =
    statusRoll < 0.05
      ? TRANSACTION_STATUS.FAILED
      : statusRoll < 0.06
        ? TRANSACTION_STATUS.INITIALISED
        : TRANSACTION_STATUS.SUCCESS;
  const amount = amountFen(kind.typicalYuan, rng);
  const body: TransactionNotification = {
    txnId,
    kind: 1,
    sn,
    amountFen: amount,
    payType: kind.payType,
    totalType: kind.totalType,
    cardType: kind.cardType,
    method: kind.method,
    status,
    cardNo:
      kind.cardType === CARD_TYPE.QR
        ? undefined
        : `62${String(Math.floor(rng() * 1e14)).padStart(14, '0')}`,
    tradeTime: tradeTime.toISOString(),
  };
  if (status === TRANSACTION_STATUS.SUCCESS) {
    state.payments.push({
      txnId,
      sn,
      amountFen: amount,
      totalType: kind.totalType,
      payType: kind.payType,
      cardType: kind.cardType,
      method: kind.method,
    });
    if (state.payments.length > 500) state.payments.shift();
  }
  state.last = body;
  return body;
}
