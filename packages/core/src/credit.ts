/**
 * Terminals on credit (货款代扣, issue 33): a parent sells terminals to an agent below it for a
 * price paid in 1–36 daily instalments, deducted from the buyer's earnings wallets. The pure
 * rules both sides agree on: the schedule (its instalments sum exactly to the price, in fen), and
 * how one day's deduction is taken from the wallets (largest balance first, never below zero).
 */

export const CREDIT_INSTALMENTS_MIN = 1;
export const CREDIT_INSTALMENTS_MAX = 36;
/** The highest price per terminal a credit sale takes: 100,000 yuan. */
export const CREDIT_UNIT_PRICE_MAX_FEN = 10_000_000;

/** The wallets an instalment is deducted from: the earnings wallets, never the capital pool. */
export const CREDIT_DEDUCTION_WALLETS = ['profit', 'reward'] as const;
export type CreditDeductionWallet = (typeof CREDIT_DEDUCTION_WALLETS)[number];

/**
 * A credit sale's states: pending (the buyer has not answered; the terminals wait), refused (the
 * buyer said no; nothing moved), withdrawn (the seller took the offer back before an answer),
 * active (accepted: the terminals moved, instalments are deducted daily), paused (the seller
 * stopped deductions for now), cancelled (the seller forgave what was left), settled (paid in full).
 */
export const CREDIT_STATUSES = [
  'pending',
  'refused',
  'withdrawn',
  'active',
  'paused',
  'cancelled',
  'settled',
] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

export const CREDIT_STATUS_LABELS: Record<CreditStatus, { zh: string; en: string }> = {
  pending: { zh: '待确认', en: 'Awaiting answer' },
  refused: { zh: '已拒绝', en: 'Refused' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
  active: { zh: '扣款中', en: 'Deducting' },
  paused: { zh: '已暂停', en: 'Paused' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  settled: { zh: '已结清', en: 'Paid off' },
};

export function creditStatusLabel(status: string, lang: 'zh' | 'en' = 'zh'): string {
  const words = (CREDIT_STATUS_LABELS as Record<string, { zh: string; en: string }>)[status];
  return words ? words[lang] : status;
}

/** One instalment: its number (1-based), the Asia/Shanghai day it falls due and its amount. */
export interface CreditInstalment {
  seq: number;
  dueDay: string;
  amountFen: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `n` days after `day` (both 'YYYY-MM-DD'). */
export function addDays(day: string, n: number): string {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The schedule of a credit sale: `instalments` daily instalments, the first due on `firstDay`.
 * The price is split as evenly as whole fen allow; the first (total mod n) instalments carry one
 * fen more, so the instalments sum exactly to the total and differ by at most one fen.
 */
export function creditSchedule(
  totalFen: number,
  instalments: number,
  firstDay: string,
): CreditInstalment[] {
  if (!Number.isSafeInteger(totalFen) || totalFen <= 0) {
    throw new Error(`credit total ${totalFen} is not a positive whole number of fen`);
  }
  if (
    !Number.isInteger(instalments) ||
    instalments < CREDIT_INSTALMENTS_MIN ||
    instalments > CREDIT_INSTALMENTS_MAX
  ) {
    throw new Error(`instalments ${instalments} outside 1..36`);
  }
  const base = Math.floor(totalFen / instalments);
  const extra = totalFen - base * instalments;
  return Array.from({ length: instalments }, (_, i) => ({
    seq: i + 1,
    dueDay: addDays(firstDay, i),
    amountFen: base + (i < extra ? 1 : 0),
  }));
}

/** What is due by `day` (inclusive) and not yet paid: the shortfall of earlier days included. */
export function creditDueBy(
  schedule: readonly CreditInstalment[],
  paidFen: number,
  day: string,
): number {
  let due = 0;
  for (const i of schedule) if (i.dueDay <= day) due += i.amountFen;
  return Math.max(0, due - paidFen);
}

export interface WalletBalanceIn {
  walletType: string;
  balanceFen: number;
}

export interface WalletTake {
  walletType: string;
  amountFen: number;
}

/**
 * How one day's deduction of `owedFen` is taken: from the wallets with money, largest balance
 * first (on equal balances in the order given), each at most down to zero. Takes nothing from an
 * empty or negative wallet; the sum taken is min(owed, everything available).
 */
export function planCreditDeduction(
  wallets: readonly WalletBalanceIn[],
  owedFen: number,
): WalletTake[] {
  const order = wallets
    .map((w, i) => ({ ...w, i }))
    .filter((w) => w.balanceFen > 0)
    .sort((a, b) => b.balanceFen - a.balanceFen || a.i - b.i);
  let left = Math.max(0, owedFen);
  const takes: WalletTake[] = [];
  for (const w of order) {
    if (left <= 0) break;
    const take = Math.min(left, w.balanceFen);
    takes.push({ walletType: w.walletType, amountFen: take });
    left -= take;
  }
  return takes;
}
