import { z } from 'zod';

/**
 * Contracts of transactions: the acquirer's signed notification (POST /api/notify/transaction)
 * and the trading pages (the transactions of the agent's merchants and team).
 */

// ---------------------------------------------------------------------------------------------
// The acquirer's notification
// ---------------------------------------------------------------------------------------------

/** Header carrying the signature of the raw body: hex HMAC-SHA256, or base64 RSA-SHA256. */
export const NOTIFY_SIGNATURE_HEADER = 'x-signature';
/** 'HMAC-SHA256' (default) or 'RSA-SHA256'. */
export const NOTIFY_SIGN_TYPE_HEADER = 'x-sign-type';

export const TXN_KIND = { PAYMENT: 1, REFUND: 2, REVERSAL: 3 } as const;
export type TxnKind = (typeof TXN_KIND)[keyof typeof TXN_KIND];
export const txnKindOptions = [
  { value: TXN_KIND.PAYMENT, zh: '消费', en: 'Payment' },
  { value: TXN_KIND.REFUND, zh: '退款', en: 'Refund' },
  { value: TXN_KIND.REVERSAL, zh: '冲正', en: 'Reversal' },
] as const;

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const transactionNotification = z
  .object({
    /** The acquirer's transaction id: the idempotency key. */
    txnId: z
      .string({ error: '交易流水号不能为空' })
      .trim()
      .min(1, '交易流水号不能为空')
      .max(64, '交易流水号过长'),
    /** 1 payment (default), 2 refund, 3 reversal. */
    kind: int('交易类别不正确', 1, 3).default(1),
    /** The original payment of a refund or reversal. */
    origTxnId: z.string().trim().min(1).max(64, '原交易流水号过长').optional(),
    sn: z.string({ error: '终端号不能为空' }).trim().min(1, '终端号不能为空').max(64, '终端号过长'),
    amountFen: z
      .number({ error: '交易金额不正确' })
      .int('交易金额不正确')
      .min(0, '交易金额不正确')
      .max(100_000_000_00, '交易金额超出范围'),
    payType: int('支付方式不正确', 1, 7),
    totalType: int('交易类型不正确', 1, 9),
    cardType: int('卡类型不正确', 0, 2),
    method: int('交易方式不正确', 1, 3),
    status: int('交易状态不正确', 1, 3),
    /** The fee charged to the merchant, when the acquirer reports it. */
    feeFen: z.number().int('手续费不正确').min(0, '手续费不正确').optional(),
    /** The merchant's rate applied (ppm; the cap in fen for a capped debit payment). */
    rate: z.number().int('费率不正确').min(0, '费率不正确').max(1_000_000, '费率不正确').optional(),
    cardNo: z.string().max(32, '卡号格式错误').optional(),
    /** ISO 8601 with a zone, or epoch milliseconds. */
    tradeTime: z.union([z.string().max(40), z.number().int()], { error: '交易时间格式错误' }),
  })
  .refine((v) => v.kind === TXN_KIND.PAYMENT || Boolean(v.origTxnId), {
    message: '退款或冲正须提供原交易流水号',
    path: ['origTxnId'],
  });
export type TransactionNotification = z.input<typeof transactionNotification>;
export type TransactionNotificationParsed = z.infer<typeof transactionNotification>;

export const notifyResult = z.object({
  id: z.number().nullable(),
  duplicate: z.boolean(),
  /** unknown_terminal, unbound_terminal, duplicate_fee ...: stored but not settled as it is. */
  flag: z.string().nullable(),
});
export type NotifyResult = z.infer<typeof notifyResult>;

// ---------------------------------------------------------------------------------------------
// Trading pages
// ---------------------------------------------------------------------------------------------

export const TRADE_PAGE_SIZE_MAX = 50;
const dateText = (message: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message);
const optionalInt = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();

export const tradeListQuery = z
  .object({
    /** all: the whole subtree (default); own: merchants the caller signed up itself; team: the rest. */
    scope: z.enum(['all', 'own', 'team'], { message: '范围不正确' }).default('all'),
    payType: optionalInt('支付方式不正确', 1, 7),
    totalType: optionalInt('交易类型不正确', 1, 9),
    status: optionalInt('交易状态不正确', 1, 3),
    kind: optionalInt('交易类别不正确', 1, 3),
    startDate: dateText('开始日期格式错误').optional(),
    endDate: dateText('结束日期格式错误').optional(),
    merchantId: optionalInt('商户编号不正确', 1, Number.MAX_SAFE_INTEGER),
    sn: z.string().trim().max(64, '终端号过长').optional(),
    cursor: z
      .string()
      .regex(/^\d{1,16}_\d{1,19}$/, '分页游标格式错误')
      .optional(),
    pageSize: z.coerce
      .number({ error: '每页条数格式错误' })
      .int('每页条数格式错误')
      .min(1, '每页条数格式错误')
      .max(TRADE_PAGE_SIZE_MAX, `每页最多${TRADE_PAGE_SIZE_MAX}条`)
      .default(20),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['startDate'],
  });
export type TradeListQuery = z.input<typeof tradeListQuery>;
export type TradeListParams = z.infer<typeof tradeListQuery>;

export const tradeItem = z.object({
  id: z.number(),
  acquirerTxnId: z.string(),
  kind: z.number(),
  sn: z.string(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  /** The merchant's direct agent (masked name). */
  agentName: z.string().nullable(),
  /** True when the merchant is the caller's own (signed up by the caller). */
  own: z.boolean(),
  payType: z.number(),
  totalType: z.number(),
  cardType: z.number(),
  method: z.number(),
  status: z.number(),
  amountFen: z.number(),
  feeFen: z.number().nullable(),
  cardNoMasked: z.string().nullable(),
  tradeTime: z.string(),
});
export type TradeItem = z.infer<typeof tradeItem>;

export const tradePage = z.object({
  rows: z.array(tradeItem),
  nextCursor: z.string().nullable(),
});
export type TradePage = z.infer<typeof tradePage>;

export const tradeDetailQuery = z.object({
  id: z.coerce
    .number({ error: '交易编号不正确' })
    .int('交易编号不正确')
    .positive('交易编号不正确')
    .max(Number.MAX_SAFE_INTEGER, '交易编号不正确'),
});

export const tradeDetail = tradeItem.extend({
  merchantNo: z.string().nullable(),
  origTxnId: z.number().nullable(),
  merchantRate: z.number().nullable(),
  settled: z.boolean(),
  settledAt: z.string().nullable(),
  /** What the caller earned on it (and lost on its refunds): its ledger lines. */
  myEarnings: z.array(
    z.object({
      id: z.number(),
      infoType: z.string(),
      amountFen: z.number(),
      createdAt: z.string(),
    }),
  ),
  /** Refunds and reversals of this payment. */
  refunds: z.array(
    z.object({ id: z.number(), kind: z.number(), amountFen: z.number(), tradeTime: z.string() }),
  ),
});
export type TradeDetail = z.infer<typeof tradeDetail>;

export const tradeStatsQuery = z.object({
  month: z
    .string({ error: '月份格式错误' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误')
    .optional(),
});

export const tradeStats = z.object({
  month: z.string(),
  own: z.object({ amountFen: z.number(), count: z.number() }),
  team: z.object({ amountFen: z.number(), count: z.number() }),
  /** Daily figures of the whole subtree (own included). */
  byDay: z.array(z.object({ day: z.string(), amountFen: z.number(), count: z.number() })),
});
export type TradeStats = z.infer<typeof tradeStats>;

export const flaggedTxnQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, '分页游标格式错误')
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
