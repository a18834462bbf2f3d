import { z } from 'zod';
import {
  CREDIT_INSTALMENTS_MAX,
  CREDIT_INSTALMENTS_MIN,
  CREDIT_STATUSES,
  CREDIT_UNIT_PRICE_MAX_FEN,
} from '../credit';
import { termAgentBrief, terminalOperateRequest, termPageOf } from './terminals';

/**
 * Contracts of terminals on credit (货款代扣, issue 33): the seller's offer and its preview, the
 * receiver's answer, the seller's pause / resume / cancel / withdraw, and both sides' lists with
 * the schedule and every day's deduction. Money is integer fen; days are Asia/Shanghai dates.
 */

const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);

/** An allocate (0) or transfer (1) of the caller's stock, sold on credit. */
export const creditSaleRequest = terminalOperateRequest.omit({ fromAgentId: true }).extend({
  type: z.union([z.literal(0), z.literal(1)], { error: '赊销只能用于下发或划拨' }),
  unitPriceFen: z
    .number({ error: '请填写单台价格' })
    .int('单台价格最多两位小数')
    .min(1, '单台价格须大于0')
    .max(CREDIT_UNIT_PRICE_MAX_FEN, '单台价格不能超过100000元'),
  instalments: z
    .number({ error: '请选择分期数' })
    .int('分期数须为1到36的整数')
    .min(CREDIT_INSTALMENTS_MIN, '分期数须为1到36的整数')
    .max(CREDIT_INSTALMENTS_MAX, '分期数须为1到36的整数'),
});
export type CreditSaleRequest = z.infer<typeof creditSaleRequest>;

export const creditInstalment = z.object({
  seq: z.number(),
  /** The day it falls due; null until the buyer accepts (instalment 1 on the day of acceptance). */
  dueDay: z.string().nullable(),
  amountFen: z.number(),
});
export type CreditInstalmentView = z.infer<typeof creditInstalment>;

/** One debt of the chain: who sells to whom (one hop for an allocation, one per level deeper). */
export const creditHop = z.object({
  hop: z.number(),
  seller: termAgentBrief,
  buyer: termAgentBrief,
});

export const creditSalePreview = z.object({
  type: z.number(),
  count: z.number(),
  unitPriceFen: z.number(),
  totalFen: z.number(),
  instalments: z.number(),
  schedule: z.array(creditInstalment),
  hops: z.array(creditHop),
});
export type CreditSalePreview = z.infer<typeof creditSalePreview>;

export const creditSaleResult = z.object({
  operationId: z.number(),
  saleId: z.number(),
  status: z.enum(CREDIT_STATUSES),
  count: z.number(),
  totalFen: z.number(),
});
export type CreditSaleResult = z.infer<typeof creditSaleResult>;

export const creditDecisionRequest = z.object({
  saleId: bodyId('赊销记录不正确'),
  accept: z.boolean({ error: '请选择接受或拒绝' }),
});
export type CreditDecisionRequest = z.infer<typeof creditDecisionRequest>;

export const CREDIT_CONTROL_ACTIONS = ['pause', 'resume', 'cancel', 'withdraw'] as const;
export type CreditControlAction = (typeof CREDIT_CONTROL_ACTIONS)[number];
export const creditControlRequest = z.object({
  saleId: bodyId('赊销记录不正确'),
  action: z.enum(CREDIT_CONTROL_ACTIONS, { message: '操作不正确' }),
});
export type CreditControlRequest = z.infer<typeof creditControlRequest>;

export const creditSaleListQuery = z.object({
  /** buyer: my credit purchases; seller: my credit sales. */
  role: z.enum(['buyer', 'seller'], { message: '记录范围不正确' }),
  status: z.enum(CREDIT_STATUSES, { message: '状态不正确' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, '分页游标格式错误')
    .optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(50, '每页最多50条')
    .default(20),
});
export type CreditSaleListQuery = z.input<typeof creditSaleListQuery>;
export type CreditSaleListParams = z.infer<typeof creditSaleListQuery>;

export const creditSaleRow = z.object({
  id: z.number(),
  operationId: z.number(),
  hop: z.number(),
  status: z.enum(CREDIT_STATUSES),
  seller: termAgentBrief,
  buyer: termAgentBrief,
  /** The agent whose stock the terminals go to (the buyer, or an agent below it on a chain). */
  receiver: termAgentBrief,
  count: z.number(),
  unitPriceFen: z.number(),
  totalFen: z.number(),
  paidFen: z.number(),
  instalments: z.number(),
  firstDay: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** What the caller may do now: answer (the receiver of a pending sale), or the seller's controls. */
  canAnswer: z.boolean(),
  actions: z.array(z.enum(CREDIT_CONTROL_ACTIONS)),
});
export type CreditSaleRow = z.infer<typeof creditSaleRow>;

export const creditSalePage = termPageOf(creditSaleRow);
export type CreditSalePage = z.infer<typeof creditSalePage>;

export const creditSaleInfoQuery = z.object({ id: queryId('赊销记录不正确') });

export const creditDeduction = z.object({
  day: z.string(),
  dueFen: z.number(),
  amountFen: z.number(),
  /** The ledger entry that moved the money (null when nothing could be taken that day). */
  entryId: z.number().nullable(),
  createdAt: z.string(),
});
export type CreditDeduction = z.infer<typeof creditDeduction>;

export const creditSaleInfo = creditSaleRow.extend({
  schedule: z.array(creditInstalment),
  /** Every day's deduction, newest first. */
  deductions: z.array(creditDeduction),
  /** Owed now: instalments fallen due by today less what was paid (0 unless active or paused). */
  overdueFen: z.number(),
  /** The SNs of the terminals sold (at most 200). */
  sns: z.array(z.string()),
  /** Every debt the operation made, seller to receiver. */
  hops: z.array(creditHop),
});
export type CreditSaleInfo = z.infer<typeof creditSaleInfo>;
