import { z } from 'zod';
import { maskPhone } from '../format';
import { validators } from '../validators';

export * from '../tax-channel';

/**
 * Contracts of withdrawals, settlement accounts, real-name verification, the pay password and
 * the transfer to the capital pool (business rules sections 7 and 9). Money is integer fen.
 */

export const WITHDRAW_MIN_FEN = 1000;
export const DEFAULT_WITHDRAW_FEE_FEN = 300;
/** 6% as ppm. */
export const DEFAULT_WITHDRAW_TAX_PPM = 60000;
export const PAY_PASSWORD_LENGTH = 6;
export const ID_CARD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Wallets money can be withdrawn from or moved to the capital pool from. */
export const WITHDRAWABLE_WALLETS = ['profit', 'reward'] as const;
export type WithdrawableWallet = (typeof WITHDRAWABLE_WALLETS)[number];

/** 0 pending review, 1 approved, 2 paid, 3 rejected, 4 failed. */
export const WITHDRAWAL_STATUSES = [0, 1, 2, 3, 4] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusOptions = [
  { value: 0, zh: '待审核', en: 'Pending review' },
  { value: 1, zh: '已审核', en: 'Approved' },
  { value: 2, zh: '已到账', en: 'Paid' },
  { value: 3, zh: '已驳回', en: 'Rejected' },
  { value: 4, zh: '打款失败', en: 'Failed' },
] as const;
export function withdrawalStatusLabel(status: number, lang: 'zh' | 'en' = 'zh'): string {
  const o = withdrawalStatusOptions.find((s) => s.value === status);
  return o ? o[lang] : String(status);
}

/** '12.5' -> 1250; null for anything that is not a positive amount with at most 2 decimals. */
export function parseYuanAmount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [y, f = ''] = t.split('.');
  return Number(y) * 100 + Number(f.padEnd(2, '0'));
}

const payPassword = z.string({ error: '请输入支付密码' }).regex(/^\d{6}$/, '支付密码须为6位数字');
const smsCode = z.string({ error: '请输入验证码' }).regex(/^\d{6}$/, '验证码须为6位数字');
const idemKey = z
  .string({ error: '缺少请求标识' })
  .trim()
  .min(8, '请求标识格式错误')
  .max(64, '请求标识格式错误')
  .regex(/^[\w-]+$/, '请求标识格式错误');
const walletType = z.enum(WITHDRAWABLE_WALLETS, { error: '请选择钱包' });
const amountFen = z
  .number({ error: '提现金额格式错误' })
  .int('提现金额最多两位小数')
  .positive('提现金额须大于0');
const holderName = z
  .string({ error: '请输入持卡人姓名' })
  .trim()
  .min(2, '持卡人姓名格式错误')
  .max(30, '持卡人姓名格式错误');
const mobile = z.string({ error: '请输入手机号' }).regex(/^1\d{10}$/, '手机号格式错误');
const id = z.coerce.number({ error: 'ID格式错误' }).int('ID格式错误').positive('ID格式错误');

// --- Pay password --------------------------------------------------------------------------
export const setPayPasswordRequest = z
  .object({ smsCode, payPassword, confirmPassword: z.string({ error: '请再次输入支付密码' }) })
  .refine((v) => v.payPassword === v.confirmPassword, {
    message: '两次输入的支付密码不一致',
    path: ['confirmPassword'],
  });
export type SetPayPasswordRequest = z.infer<typeof setPayPasswordRequest>;
export const payPasswordStatus = z.object({
  hasPayPassword: z.boolean(),
  lockedMinutes: z.number(),
  /** When the lock ends (ISO time), or null when payments are not locked. */
  lockedUntil: z.string().nullable(),
});
export type PayPasswordStatus = z.infer<typeof payPasswordStatus>;

// --- Real-name verification -------------------------------------------------------------------
/** 0 not submitted, 1 under verification, 2 verified, 3 refused. */
export const identityStatus = z.object({
  status: z.number(),
  verified: z.boolean(),
  realNameMasked: z.string().nullable(),
  idCardMasked: z.string().nullable(),
  reason: z.string().nullable(),
  hasFront: z.boolean(),
  hasBack: z.boolean(),
});
export type IdentityStatus = z.infer<typeof identityStatus>;

// --- Settlement accounts ----------------------------------------------------------------------
/** What a settlement account is: a bank card, or an Alipay account (paid by Alipay transfer). */
export const SETTLE_ACCOUNT_TYPES = ['bank', 'alipay'] as const;
export type SettleAccountType = (typeof SETTLE_ACCOUNT_TYPES)[number];
export const settleAccountTypeOptions = [
  { value: 'bank', zh: '银行卡', en: 'Bank card' },
  { value: 'alipay', zh: '支付宝', en: 'Alipay' },
] as const;
export function settleAccountTypeLabel(type: string, lang: 'zh' | 'en' = 'zh'): string {
  const o = settleAccountTypeOptions.find((t) => t.value === type);
  return o ? o[lang] : type;
}
/** What an Alipay settlement account shows where a card shows its bank. */
export const ALIPAY_ACCOUNT_BANK_NAME = '支付宝';

/** An Alipay login id: a mainland mobile number or an e-mail address; the message when not. */
export function alipayAccountProblem(account: string): string | null {
  const v = account.trim();
  if (!v) return '请输入支付宝账号';
  if (/^1\d{10}$/.test(v)) return null;
  if (v.length <= 64 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return null;
  return '支付宝账号须为手机号或邮箱';
}

/** '13812345678' -> '138****5678'; 'agent@example.com' -> 'a***@example.com'. */
export function maskAlipayAccount(account: string): string {
  const v = account.trim();
  const at = v.indexOf('@');
  if (at < 0) return maskPhone(v);
  return `${v.slice(0, 1)}***${v.slice(at)}`;
}

const accountType = z.enum(SETTLE_ACCOUNT_TYPES, { error: '请选择账户类型' }).default('bank');
const accountNo = z.string({ error: '请输入银行卡号' });
const optionalBankName = z.string({ error: '请输入开户银行' }).trim().optional();

/**
 * A bank card (number checked, bank named) or an Alipay account (login id checked; its bank is
 * 支付宝), each message on its own field.
 */
function checkAccount(
  v: { accountType: SettleAccountType; cardNo: string; bankName?: string },
  ctx: z.RefinementCtx,
) {
  if (v.accountType === 'alipay') {
    const msg = alipayAccountProblem(v.cardNo);
    if (msg) ctx.addIssue({ code: 'custom', path: ['cardNo'], message: msg });
    return;
  }
  const msg = validators.bankCard(v.cardNo.replace(/\s+/g, ''));
  if (msg) ctx.addIssue({ code: 'custom', path: ['cardNo'], message: msg });
  const bank = v.bankName ?? '';
  if (!bank) ctx.addIssue({ code: 'custom', path: ['bankName'], message: '请输入开户银行' });
  else if (bank.length < 2 || bank.length > 40)
    ctx.addIssue({ code: 'custom', path: ['bankName'], message: '开户银行格式错误' });
}
const normalizeAccount = <
  T extends { accountType: SettleAccountType; cardNo: string; bankName?: string },
>(
  v: T,
): T & { bankName: string } =>
  v.accountType === 'alipay'
    ? { ...v, cardNo: v.cardNo.trim(), bankName: ALIPAY_ACCOUNT_BANK_NAME }
    : { ...v, cardNo: v.cardNo.replace(/\s+/g, ''), bankName: v.bankName ?? '' };

export const addSettleRequest = z
  .object({ accountType, holderName, cardNo: accountNo, bankName: optionalBankName })
  .superRefine(checkAccount)
  .transform(normalizeAccount);
export type AddSettleRequest = z.input<typeof addSettleRequest>;
export type AddSettleInput = z.output<typeof addSettleRequest>;
export const addOtherSettleRequest = z
  .object({
    accountType,
    holderName,
    cardNo: accountNo,
    bankName: optionalBankName,
    mobile,
    smsCode,
  })
  .superRefine(checkAccount)
  .transform(normalizeAccount);
export type AddOtherSettleRequest = z.input<typeof addOtherSettleRequest>;
export type AddOtherSettleInput = z.output<typeof addOtherSettleRequest>;
export const delOtherSettleRequest = z.object({ id });
export const settleSmsQuery = z.object({ mobile });
export const settleAccount = z.object({
  id: z.number(),
  kind: z.enum(['own', 'other']),
  /** A bank card, or an Alipay account (its login id masked in cardMasked). */
  accountType: z.enum(SETTLE_ACCOUNT_TYPES),
  holderName: z.string(),
  bankName: z.string(),
  cardMasked: z.string(),
  mobileMasked: z.string().nullable(),
  createdAt: z.string(),
});
export type SettleAccount = z.infer<typeof settleAccount>;
export const settleAccountList = z.object({
  own: settleAccount.nullable(),
  others: z.array(settleAccount),
});
export type SettleAccountList = z.infer<typeof settleAccountList>;

// --- Withdrawals --------------------------------------------------------------------------------
export const withdrawPreviewQuery = z.object({
  walletType,
  amountFen: z.coerce
    .number({ error: '提现金额格式错误' })
    .int('提现金额最多两位小数')
    .positive('提现金额须大于0'),
});
/** The tax channel a withdrawal goes through, as it was when the withdrawal was requested. */
const taxChannelTerms = {
  /** Value-added tax and personal income tax, each in fen; taxFen is their sum. */
  vatFen: z.number(),
  pitFen: z.number(),
  taxChannelName: z.string().nullable(),
  /** 'payout' or 'request': when the taxes leave the wallet. */
  taxAt: z.string(),
  vatPpm: z.number().nullable(),
  pitPpm: z.number().nullable(),
};
export const withdrawPreview = z.object({
  walletType: z.string(),
  amountFen: z.number(),
  feeFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
  ...taxChannelTerms,
  /**
   * The channel and version these parts come from. Sent back with the request, it makes the
   * server refuse the withdrawal if the channel changed after the agent saw them.
   */
  taxTermsKey: z.string(),
  availableFen: z.number(),
  minFen: z.number(),
});
export type WithdrawPreview = z.infer<typeof withdrawPreview>;

export const withdrawApplyRequest = z
  .object({
    walletType,
    amountFen: amountFen.optional(),
    /** The amount as typed, in yuan with at most 2 decimals (instead of amountFen). */
    amount: z.string().optional(),
    accountId: id,
    payPassword,
    idempotencyKey: idemKey,
    /** The preview's taxTermsKey: the fee and taxes the agent confirmed (optional). */
    taxTermsKey: z
      .string({ error: '费用标识格式错误' })
      .regex(/^\d{1,18}:\d{1,9}$/, '费用标识格式错误')
      .optional(),
  })
  .transform((v, ctx) => {
    let fen = v.amountFen;
    if (fen === undefined && v.amount !== undefined) {
      const parsed = parseYuanAmount(v.amount);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: '提现金额格式错误，最多两位小数',
          path: ['amount'],
        });
        return z.NEVER;
      }
      fen = parsed;
    }
    if (fen === undefined) {
      ctx.addIssue({ code: 'custom', message: '请输入提现金额', path: ['amountFen'] });
      return z.NEVER;
    }
    return { ...v, amountFen: fen };
  });
export type WithdrawApplyRequest = z.input<typeof withdrawApplyRequest>;

export const withdrawal = z.object({
  id: z.number(),
  walletType: z.string(),
  amountFen: z.number(),
  feeFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
  ...taxChannelTerms,
  holderName: z.string(),
  bankName: z.string(),
  cardMasked: z.string(),
  status: z.number(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawListQuery = z.object({
  status: z.coerce
    .number({ error: '状态格式错误' })
    .int()
    .min(0, '状态格式错误')
    .max(4, '状态格式错误')
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, '游标格式错误')
    .optional(),
  pageSize: z.coerce.number({ error: '每页条数格式错误' }).int().min(1).max(50).default(20),
});
export type WithdrawListQuery = z.input<typeof withdrawListQuery>;
export const withdrawPage = z.object({
  rows: z.array(withdrawal),
  nextCursor: z.string().nullable(),
});
export type WithdrawPage = z.infer<typeof withdrawPage>;
export const withdrawIdQuery = z.object({ id });
export const rejectWithdrawRequest = z.object({
  id,
  reason: z
    .string({ error: '请输入驳回原因' })
    .trim()
    .min(1, '请输入驳回原因')
    .max(200, '驳回原因过长'),
});
export const payoutRequest = z.object({ id: id.optional() });
export const payoutResult = z.object({
  paid: z.number(),
  failed: z.number(),
  /** Sent to the payout provider, its outcome not final yet (asked again by a job). */
  pending: z.number().optional(),
});

// --- Capital pool -------------------------------------------------------------------------------
export const toCapitalPoolRequest = z.object({
  fromWalletType: walletType,
  amountFen: z
    .number({ error: '转入金额格式错误' })
    .int('转入金额最多两位小数')
    .positive('转入金额须大于0'),
  payPassword,
  idempotencyKey: idemKey,
});
export type ToCapitalPoolRequest = z.infer<typeof toCapitalPoolRequest>;
export const capitalTransferResult = z.object({
  entryId: z.number(),
  amountFen: z.number(),
  capitalPoolFen: z.number(),
});
export type CapitalTransferResult = z.infer<typeof capitalTransferResult>;
