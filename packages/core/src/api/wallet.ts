import { z } from 'zod';
import type { EnumOption, LedgerInfoTypeCode } from '../enums';

/**
 * Contracts of the wallet: balances by wallet type, the ledger (account details and earnings
 * records), one earnings record with how it was computed, and the earnings statistics.
 * Money is integer fen; rates are ppm.
 */

// ---------------------------------------------------------------------------------------------
// Wallet types and info types
// ---------------------------------------------------------------------------------------------

/**
 * An agent's wallets. Profit takes trade profit and fee shares, reward takes rewards and the
 * monthly allowance, the capital pool pays for terminal purchase orders, and frozen holds
 * withdrawals under review.
 */
export const WALLET_TYPES = ['profit', 'reward', 'capital_pool', 'frozen'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const walletTypeOptions: readonly EnumOption<WalletType>[] = [
  { value: 'profit', zh: '分润钱包', en: 'Profit wallet' },
  { value: 'reward', zh: '奖励钱包', en: 'Reward wallet' },
  { value: 'capital_pool', zh: '资金池', en: 'Capital pool' },
  { value: 'frozen', zh: '提现冻结', en: 'Frozen for withdrawal' },
];

export function walletTypeLabel(type: string, lang: 'zh' | 'en' = 'zh'): string {
  const option = walletTypeOptions.find((o) => o.value === type);
  if (!option) return type;
  return lang === 'en' ? option.en : option.zh;
}

/** Info types that are earnings (what "today's earnings" adds up), refund reversals included. */
export const EARNING_INFO_TYPES = [
  'trade_profit',
  'debit_cap_profit',
  'price_adjust_profit',
  'activation_reward',
  'standard_reward',
  'service_fee_profit',
  'communication_fee_profit',
  'monthly_activation_base_subsidy',
  'pusher_reward',
  'refund_reversal',
] as const satisfies readonly LedgerInfoTypeCode[];
export type EarningInfoType = (typeof EARNING_INFO_TYPES)[number];

/** The wallet each kind of earnings is paid into. */
export const EARNING_WALLET: Record<Exclude<EarningInfoType, 'refund_reversal'>, WalletType> = {
  trade_profit: 'profit',
  debit_cap_profit: 'profit',
  price_adjust_profit: 'profit',
  service_fee_profit: 'profit',
  communication_fee_profit: 'profit',
  activation_reward: 'reward',
  standard_reward: 'reward',
  monthly_activation_base_subsidy: 'reward',
  pusher_reward: 'reward',
};

export function isEarningInfoType(code: string): code is EarningInfoType {
  return (EARNING_INFO_TYPES as readonly string[]).includes(code);
}

// ---------------------------------------------------------------------------------------------
// GET /api/ag/agent/wallet/showAgentWallet
// ---------------------------------------------------------------------------------------------

export const walletBalance = z.object({
  walletType: z.string(),
  balanceFen: z.number(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const agentWallet = z.object({
  /** Every wallet type, zero when the agent has never had money in it. */
  wallets: z.array(walletBalance),
  /** Profit + reward: what can be withdrawn or moved to the capital pool. */
  availableFen: z.number(),
  totalBalanceFen: z.number(),
  /** Earnings (refund reversals netted) of today and this month, Asia/Shanghai. */
  todayEarningsFen: z.number(),
  monthEarningsFen: z.number(),
  /** Everything ever earned, net of reversals. */
  totalEarningsFen: z.number(),
});
export type AgentWallet = z.infer<typeof agentWallet>;

// ---------------------------------------------------------------------------------------------
// GET /api/ag/agent/wallet/ledger
// ---------------------------------------------------------------------------------------------

export const LEDGER_PAGE_SIZE_MAX = 50;

/** A calendar month (Asia/Shanghai), 'YYYY-MM'. */
export const walletMonth = z
  .string({ error: '月份格式错误' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误');

export const ledgerQuery = z.object({
  /** One wallet's movements (account details); every wallet when absent. */
  walletType: z.enum(WALLET_TYPES, { message: '钱包类型不正确' }).optional(),
  /** A code of LEDGER_INFO_TYPES; several separated by commas. */
  infoType: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, '收支类型不正确')
    .max(400, '收支类型不正确')
    .optional(),
  /** Only earnings (info types of EARNING_INFO_TYPES): the earnings details page. */
  earningsOnly: z
    .enum(['true', 'false', '1', '0'], { message: '参数格式错误' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  month: walletMonth.optional(),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, '分页游标格式错误')
    .optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(LEDGER_PAGE_SIZE_MAX, `每页最多${LEDGER_PAGE_SIZE_MAX}条`)
    .default(20),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;
export type LedgerParams = z.infer<typeof ledgerQuery>;

export const ledgerLine = z.object({
  id: z.number(),
  walletType: z.string(),
  /** A code of LEDGER_INFO_TYPES; shown through ledgerInfoTypeLabel. */
  infoType: z.string(),
  amountFen: z.number(),
  txnId: z.number().nullable(),
  /** The transaction's amount, or the volume a reward was assessed on. */
  volumeFen: z.number().nullable(),
  /** Merchant name or terminal SN the line comes from, when there is one. */
  source: z.string().nullable(),
  /** For a refund or reversal: the amount of the original payment it is proportional to. */
  originalAmountFen: z.number().nullable(),
  /** The wallet's balance right after this line was posted. */
  balanceAfterFen: z.number(),
  createdAt: z.string(),
});
export type LedgerLine = z.infer<typeof ledgerLine>;

export const ledgerPage = z.object({
  rows: z.array(ledgerLine),
  nextCursor: z.string().nullable(),
  /** The sum of the month's lines matching the filters, when a month is given. */
  monthTotalFen: z.number().nullable(),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

// ---------------------------------------------------------------------------------------------
// GET /api/ag/agent/wallet/earning?id=
// ---------------------------------------------------------------------------------------------

export const earningQuery = z.object({
  id: z.coerce
    .number({ error: '记录编号不正确' })
    .int('记录编号不正确')
    .positive('记录编号不正确')
    .max(Number.MAX_SAFE_INTEGER, '记录编号不正确'),
});

export const earningBasis = z.object({
  volumeFen: z.number().nullable(),
  /** 'ppm' rates or 'fen' fixed amounts. */
  unit: z.enum(['ppm', 'fen']),
  ownCost: z.number().nullable(),
  lowerRate: z.number().nullable(),
  diff: z.number().nullable(),
  policyVersion: z.number().nullable(),
  /** Price-adjustment shares: what reached the agent and the part it kept (ppm). */
  reachedFen: z.number().nullable(),
  keepPpm: z.number().nullable(),
  merchantRate: z.number().nullable(),
  standardRate: z.number().nullable(),
  /** Rewards: the event (terminal SN, month k ...). */
  event: z.string().nullable(),
});
export type EarningBasis = z.infer<typeof earningBasis>;

export const earningTxn = z.object({
  id: z.number(),
  acquirerTxnId: z.string(),
  kind: z.number(),
  sn: z.string(),
  merchantName: z.string().nullable(),
  payType: z.number(),
  totalType: z.number(),
  cardType: z.number(),
  amountFen: z.number(),
  /** For a refund or reversal: the original payment's amount. */
  originalAmountFen: z.number().nullable(),
  tradeTime: z.string(),
});

export const earningDetail = ledgerLine.extend({
  basis: earningBasis,
  /** The entry that posted it: why it exists. */
  reason: z.string(),
  /** The original line a reversal undoes. */
  reversesLineId: z.number().nullable(),
  transaction: earningTxn.nullable(),
  /** In words, Chinese first: how the amount was computed. */
  formula: z.string(),
  formulaEn: z.string(),
});
export type EarningDetail = z.infer<typeof earningDetail>;

// ---------------------------------------------------------------------------------------------
// GET /api/ag/agent/wallet/earningsStats?month=
// ---------------------------------------------------------------------------------------------

export const earningsStatsQuery = z.object({ month: walletMonth.optional() });

export const earningsStats = z.object({
  month: z.string(),
  totalFen: z.number(),
  byType: z.array(z.object({ infoType: z.string(), amountFen: z.number(), count: z.number() })),
  byDay: z.array(z.object({ day: z.string(), amountFen: z.number() })),
});
export type EarningsStats = z.infer<typeof earningsStats>;

// ---------------------------------------------------------------------------------------------
// Jobs (operators): GET /api/ag/admin/jobs/list, POST /api/ag/admin/jobs/run
// ---------------------------------------------------------------------------------------------

export const JOB_NAMES = [
  'settlement',
  'activation',
  'standard_check',
  'comm_fee',
  'monthly_allowance',
  'credit_deduction',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const jobRun = z.object({
  job: z.string(),
  period: z.string(),
  /** Execution status: -1 failed, 0 to be assessed, 1 in assessment, 2 succeeded. */
  status: z.number(),
  processed: z.number(),
  postedFen: z.number(),
  error: z.string().nullable(),
  runs: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

export const runJobRequest = z.object({
  job: z.enum(JOB_NAMES, { message: '任务名称不正确' }),
  /** 'YYYY-MM' for monthly jobs, 'YYYY-MM-DD' for daily ones; the due period when absent. */
  period: z
    .string()
    .regex(/^\d{4}-\d{2}(-\d{2})?$/, '期间格式错误')
    .optional(),
});
export type RunJobRequest = z.infer<typeof runJobRequest>;
