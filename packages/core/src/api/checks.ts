import { z } from 'zod';
import type { Lang } from '../enums';
import { statsMonth } from './stats';

/**
 * Contracts of the standards checks ("tripartiteData", business rules section 8):
 * - GET /api/ag/check/standard: each bound terminal of the caller's subtree in month k of its
 *   policy for a calendar month, with its standard-check type (-2 no check, -1 not met, 0 pending,
 *   1 met, N > 1 met at level N) and the assessment job's execution status for that month;
 * - GET /api/ag/check/activation: whether and when terminals activated, and why not;
 * - GET /api/ag/check/terminal: one terminal's checks across its months (the info page);
 * - GET /api/ag/check/merchant-terminals: a merchant's bound terminals (merchBindTerm).
 *
 * A terminal or merchant outside the caller's subtree answers exactly like one that does not
 * exist. Times are ISO 8601 strings (UTC); months 'YYYY-MM' and days are Asia/Shanghai.
 */

const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);

export const CHECK_PAGE_SIZE_MAX = 50;
const pageSize = z.coerce
  .number({ error: '每页条数格式错误' })
  .int('每页条数格式错误')
  .min(1, '每页条数格式错误')
  .max(CHECK_PAGE_SIZE_MAX, `每页最多${CHECK_PAGE_SIZE_MAX}条`)
  .default(20);
const cursor = z.string().max(512, '分页游标格式错误').optional();
/** Part of an SN (its start), as typed or scanned; upper-cased. */
const snSearch = z
  .string({ error: 'SN格式错误' })
  .trim()
  .max(40, 'SN不能超过40个字符')
  .regex(/^[0-9A-Za-z-]*$/, 'SN只能包含字母、数字和-')
  .transform((s) => s.toUpperCase())
  .optional();

/** Where a check result comes from: the monthly job's row, or worked out from the daily rollup. */
export const CHECK_SOURCES = ['assessed', 'computed'] as const;
export type CheckSource = (typeof CHECK_SOURCES)[number];

/** The monthly assessment job of a month, with the product spec's execution status. */
export const checkJobStatus = z.object({
  month: statsMonth,
  /** -1 failed, 0 to be assessed, 1 in assessment, 2 succeeded. */
  status: z.number(),
  finishedAt: z.string().nullable(),
  /** Terminals the run assessed (all trees). */
  processed: z.number(),
});
export type CheckJobStatus = z.infer<typeof checkJobStatus>;

// ---------------------------------------------------------------------------------------------
// Merchant standard check
// ---------------------------------------------------------------------------------------------

/** Result filter: 1 matches met at any level (1 and every N > 1). */
export const STANDARD_RESULT_FILTERS = [-2, -1, 0, 1] as const;

export const standardCheckQuery = z.object({
  /** The calendar month assessed; the current month when absent (not a future one). */
  month: statsMonth.optional(),
  result: z.coerce
    .number({ error: '考核结果不正确' })
    .int('考核结果不正确')
    .refine((v) => (STANDARD_RESULT_FILTERS as readonly number[]).includes(v), '考核结果不正确')
    .optional(),
  sn: snSearch,
  cursor,
  pageSize,
});
export type StandardCheckQuery = z.input<typeof standardCheckQuery>;
export type StandardCheckParams = z.infer<typeof standardCheckQuery>;

export const standardCheckRow = z.object({
  terminalId: z.number(),
  sn: z.string(),
  brandName: z.string(),
  model: z.string(),
  bindStatus: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string(),
  boundAt: z.string().nullable(),
  policyName: z.string().nullable(),
  /** Month k after binding (the binding month is k = 1). */
  monthIndex: z.number(),
  /** T_k, or null when the policy sets none for month k. */
  thresholdFen: z.number().nullable(),
  /** The month's volume (the month so far while it is not over). */
  volumeFen: z.number(),
  /** Standard-check type: -2, -1, 0, 1, or N > 1 (met at level N). */
  result: z.number(),
  rewardFen: z.number(),
  source: z.enum(CHECK_SOURCES),
});
export type StandardCheckRow = z.infer<typeof standardCheckRow>;

export const standardCheckPage = z.object({
  month: statsMonth,
  job: checkJobStatus,
  rows: z.array(standardCheckRow),
  nextCursor: z.string().nullable(),
});
export type StandardCheckPage = z.infer<typeof standardCheckPage>;

// ---------------------------------------------------------------------------------------------
// Activation check
// ---------------------------------------------------------------------------------------------

/**
 * Why a terminal is where it is: activated; not bound; bound and the card volume is still short
 * of the threshold inside the window; the window passed without reaching it; or the threshold is
 * reached and the activation job has not marked it yet (reached).
 */
export const ACTIVATION_STATES = [
  'activated',
  'reached',
  'volume_short',
  'window_passed',
  'not_bound',
] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];

const ACTIVATION_STATE_LABELS: Record<ActivationState, { zh: string; en: string }> = {
  activated: { zh: '已激活', en: 'Activated' },
  reached: { zh: '已达标，待激活', en: 'Threshold reached, activating' },
  volume_short: { zh: '交易额未达标', en: 'Volume short' },
  window_passed: { zh: '已过激活期限', en: 'Window passed' },
  not_bound: { zh: '未绑定商户', en: 'Not bound' },
};

export function activationStateLabel(state: string, lang: Lang = 'zh'): string {
  const label = ACTIVATION_STATE_LABELS[state as ActivationState];
  if (!label) return state;
  return lang === 'en' ? label.en : label.zh;
}

/** The list's tabs: bound and waiting (1), activated (3), unbound stock (0), or every terminal. */
export const ACTIVATION_FILTERS = ['pending', 'activated', 'unbound', 'all'] as const;
export type ActivationFilter = (typeof ACTIVATION_FILTERS)[number];

export const activationCheckQuery = z.object({
  status: z.enum(ACTIVATION_FILTERS, { message: '激活状态不正确' }).default('pending'),
  sn: snSearch,
  cursor,
  pageSize,
});
export type ActivationCheckQuery = z.input<typeof activationCheckQuery>;
export type ActivationCheckParams = z.infer<typeof activationCheckQuery>;

export const activationCheckRow = z.object({
  terminalId: z.number(),
  sn: z.string(),
  brandName: z.string(),
  model: z.string(),
  bindStatus: z.number(),
  merchantId: z.number().nullable(),
  merchantName: z.string(),
  holderName: z.string(),
  boundAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  thresholdFen: z.number(),
  windowDays: z.number(),
  /** End of the activation window (exclusive); null when not bound. */
  deadline: z.string().nullable(),
  /** Card volume since binding inside the window (days of the daily rollup). */
  volumeFen: z.number(),
  state: z.enum(ACTIVATION_STATES),
});
export type ActivationCheckRow = z.infer<typeof activationCheckRow>;

export const activationCheckPage = z.object({
  rows: z.array(activationCheckRow),
  nextCursor: z.string().nullable(),
});
export type ActivationCheckPage = z.infer<typeof activationCheckPage>;

// ---------------------------------------------------------------------------------------------
// One terminal across months (info) and a merchant's terminals (merchBindTerm)
// ---------------------------------------------------------------------------------------------

export const terminalCheckQuery = z.object({
  sn: z
    .string({ error: '请输入SN' })
    .trim()
    .min(1, '请输入SN')
    .max(40, 'SN不能超过40个字符')
    .transform((s) => s.toUpperCase()),
});
export type TerminalCheckQuery = z.infer<typeof terminalCheckQuery>;

export const terminalCheckMonth = z.object({
  monthIndex: z.number(),
  month: statsMonth,
  thresholdFen: z.number().nullable(),
  volumeFen: z.number(),
  result: z.number(),
  rewardFen: z.number(),
  source: z.enum(CHECK_SOURCES),
  /** The month has not begun yet (a later standard month of the policy). */
  upcoming: z.boolean(),
  jobStatus: z.number(),
});
export type TerminalCheckMonth = z.infer<typeof terminalCheckMonth>;

export const terminalCheck = z.object({
  activation: activationCheckRow,
  policyId: z.number().nullable(),
  policyName: z.string().nullable(),
  /** Standard months of the policy and the current one, with any month the job assessed. */
  months: z.array(terminalCheckMonth),
});
export type TerminalCheck = z.infer<typeof terminalCheck>;

export const merchantTerminalsQuery = z.object({
  merchantId: queryId('商户不正确'),
  cursor,
  pageSize,
});
export type MerchantTerminalsQuery = z.input<typeof merchantTerminalsQuery>;
export type MerchantTerminalsParams = z.infer<typeof merchantTerminalsQuery>;

export const merchantTerminals = z.object({
  merchant: z.object({
    id: z.number(),
    merchantNo: z.string(),
    name: z.string(),
    legalName: z.string(),
    mobile: z.string(),
    agentName: z.string(),
    createdAt: z.string(),
  }),
  rows: z.array(activationCheckRow),
  nextCursor: z.string().nullable(),
});
export type MerchantTerminals = z.infer<typeof merchantTerminals>;
