import { z } from 'zod';
import { listQueryBase } from './admin';

/**
 * A flagged notification attached to its terminal from the console: a payment to the terminal
 * named by `sn` (the notified SN when absent), a refund to its settled original.
 */
export const attachTxnRequest = z.object({
  id: z.coerce.number({ error: '交易不正确' }).int('交易不正确').positive('交易不正确'),
  sn: z.string().trim().min(1, '请输入SN').max(32, 'SN格式错误').optional(),
});
export type AttachTxnRequest = z.infer<typeof attachTxnRequest>;

export const attachTxnResult = z.object({
  id: z.number(),
  merchantName: z.string().nullable(),
  agentName: z.string().nullable(),
  /** A successful transaction joins the settlement queue; a failed one is only attributed. */
  queued: z.boolean(),
});
export type AttachTxnResult = z.infer<typeof attachTxnResult>;

// ---------------------------------------------------------------------------------------------
// Identification review (what the built-in verification refused)
// ---------------------------------------------------------------------------------------------

export const IDENTIFICATION_REVIEWS = ['pending', 'rejected', 'verified'] as const;
export const identificationQuery = listQueryBase.extend({
  review: z.enum(IDENTIFICATION_REVIEWS, { error: '状态不正确' }).optional(),
  keyword: z.string().trim().max(32).optional(),
});
export type IdentificationQuery = z.infer<typeof identificationQuery>;

export const adminIdentification = z.object({
  id: z.number(),
  merchantNo: z.string(),
  name: z.string(),
  legalName: z.string(),
  agentName: z.string(),
  idCardMasked: z.string().nullable(),
  identifyStatus: z.number(),
  reason: z.string().nullable(),
  frontFileId: z.number().nullable(),
  backFileId: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminIdentification = z.infer<typeof adminIdentification>;

export const decideIdentificationRequest = z.object({
  id: z.coerce.number({ error: '商户不正确' }).int().positive('商户不正确'),
  approve: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '驳回理由不能超过200个字符').optional(),
});
export type DecideIdentificationRequest = z.infer<typeof decideIdentificationRequest>;

/** Why a stored notification was not settled (transactions.flag), as operators read it. */
export const txnFlagOptions = [
  { value: 'unknown_terminal', zh: '未知终端', en: 'Unknown terminal' },
  { value: 'unbound_terminal', zh: '终端未绑定商户', en: 'Terminal not bound' },
  { value: 'duplicate_fee', zh: '重复收费', en: 'Duplicate fee' },
  { value: 'orig_not_settled', zh: '原交易未结算', en: 'Original not settled' },
] as const;
