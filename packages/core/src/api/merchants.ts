import { z } from 'zod';
import { validators } from '../validators';
import { termPageOf, terminalCountsByStatus } from './terminals';

/**
 * Contracts of the merchants feature: lists and detail (with the merchant's terminals, rates and
 * volume), figures, the business licence supplement and the legal person's identification.
 * A merchant outside the caller's subtree answers exactly like one that does not exist.
 * Names, mobiles and ID numbers arrive masked.
 */

const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);
const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const MERCHANT_PAGE_SIZE_MAX = 100;

export const LICENCE_STATUS = { NONE: 0, REVIEWING: 1, APPROVED: 2, REJECTED: 3 } as const;
export const licenceStatusOptions = [
  { value: 0, zh: '未补充', en: 'Not supplied' },
  { value: 1, zh: '审核中', en: 'Under review' },
  { value: 2, zh: '已通过', en: 'Approved' },
  { value: 3, zh: '已驳回', en: 'Rejected' },
] as const;

export const IDENTIFY_STATUS = { NONE: 0, VERIFIED: 1, FAILED: 2 } as const;
export const identifyStatusOptions = [
  { value: 0, zh: '未认证', en: 'Not verified' },
  { value: 1, zh: '已认证', en: 'Verified' },
  { value: 2, zh: '认证失败', en: 'Failed' },
] as const;

/** Filters of the merchant lists (the data pages call them conditions). */
export const MERCHANT_CONDITIONS = [
  'all',
  'activated',
  'notActivated',
  'newThisMonth',
  'noLicence',
  'notIdentified',
] as const;
export type MerchantCondition = (typeof MERCHANT_CONDITIONS)[number];

export const merchantListQuery = z.object({
  /** Part of the name, the start of the mobile or of the merchant number. */
  keyword: z.string().trim().max(32, '搜索内容不能超过32个字符').optional(),
  condition: z.enum(MERCHANT_CONDITIONS, { message: '筛选条件不正确' }).default('all'),
  /** Only the merchants signed up by this agent (the caller or one of its subtree). */
  agentId: queryId('代理商不正确').optional(),
  cursor: z.string().max(512, '分页游标格式错误').optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(MERCHANT_PAGE_SIZE_MAX, `每页最多${MERCHANT_PAGE_SIZE_MAX}条`)
    .default(20),
});
export type MerchantListQuery = z.input<typeof merchantListQuery>;
export type MerchantListParams = z.infer<typeof merchantListQuery>;

export const merchantListItem = z.object({
  id: z.number(),
  merchantNo: z.string(),
  name: z.string(),
  legalName: z.string(),
  mobile: z.string(),
  agentId: z.number(),
  agentName: z.string(),
  /** Signed up by the caller itself. */
  own: z.boolean(),
  status: z.number(),
  terminalCount: z.number(),
  activatedCount: z.number(),
  licenceStatus: z.number(),
  identifyStatus: z.number(),
  createdAt: z.string(),
});
export type MerchantListItem = z.infer<typeof merchantListItem>;
export const merchantPage = termPageOf(merchantListItem);
export type MerchantPage = z.infer<typeof merchantPage>;

export const merchantIdQuery = z.object({ id: queryId('商户不正确') });

export const merchantTerminal = z.object({
  id: z.number(),
  sn: z.string(),
  brandName: z.string(),
  model: z.string(),
  policyName: z.string().nullable(),
  bindStatus: z.number(),
  boundAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  activationDeadline: z.string().nullable(),
  serviceFeeFen: z.number(),
  commFeeFen: z.number(),
});
export type MerchantTerminal = z.infer<typeof merchantTerminal>;

export const merchantRate = z.object({ rateType: z.number(), ratePpm: z.number() });

export const merchantTrade = z.object({
  id: z.number(),
  sn: z.string(),
  /** 1 payment, 2 refund, 3 reversal. */
  kind: z.number(),
  /** 1 success, 2 failed, 3 initialised. */
  status: z.number(),
  amountFen: z.number(),
  payType: z.number(),
  tradeTime: z.string(),
});
export type MerchantTrade = z.infer<typeof merchantTrade>;

export const merchantDetail = merchantListItem.extend({
  address: z.string(),
  agentMobile: z.string(),
  terminals: z.array(merchantTerminal),
  /** The merchant's current rates by rate type (ppm; the cap in fen for rate type 6). */
  rates: z.array(merchantRate),
  /** The merchant's latest transactions (at most 10), newest first. */
  recentTrades: z.array(merchantTrade),
  /** Successful volume (net of refunds) this month (Asia/Shanghai) and in total, from settlement. */
  monthVolumeFen: z.number(),
  totalVolumeFen: z.number(),
  licence: z.object({
    status: z.number(),
    licenceNo: z.string().nullable(),
    licenceName: z.string().nullable(),
    licenceAddress: z.string().nullable(),
    validTo: z.string().nullable(),
    businessScope: z.string().nullable(),
    fileId: z.number().nullable(),
    reason: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
  identification: z.object({
    status: z.number(),
    idCardMasked: z.string().nullable(),
    frontFileId: z.number().nullable(),
    backFileId: z.number().nullable(),
    reason: z.string().nullable(),
    identifiedAt: z.string().nullable(),
  }),
});
export type MerchantDetail = z.infer<typeof merchantDetail>;

export const merchantSummary = z.object({
  total: z.number(),
  own: z.number(),
  newThisMonth: z.number(),
  withActivated: z.number(),
  noLicence: z.number(),
  notIdentified: z.number(),
  terminals: terminalCountsByStatus,
});
export type MerchantSummary = z.infer<typeof merchantSummary>;

// ---------------------------------------------------------------------------------------------
// Business licence supplement and identification
// ---------------------------------------------------------------------------------------------

/** Unified social credit code: 18 characters of digits and capital letters (no I, O, S, V, Z). */
export const LICENCE_NO_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const merchantLicenceRequest = z.object({
  id: bodyId('商户不正确'),
  licenceNo: z
    .string({ error: '营业执照号不能为空' })
    .trim()
    .toUpperCase()
    .min(1, '营业执照号不能为空')
    .regex(LICENCE_NO_PATTERN, '营业执照号应为18位统一社会信用代码'),
  licenceName: z
    .string({ error: '执照名称不能为空' })
    .trim()
    .min(2, '执照名称不能为空')
    .max(60, '执照名称不能超过60个字'),
  licenceAddress: z
    .string({ error: '经营地址不能为空' })
    .trim()
    .min(2, '经营地址不能为空')
    .max(100, '经营地址不能超过100个字'),
  validTo: z
    .string({ error: '有效期不能为空' })
    .trim()
    .refine((v) => v === '长期' || validators.date(v) === null, '有效期格式应为yyyy-mm-dd或"长期"'),
  businessScope: z.string().trim().max(200, '经营范围不能超过200个字').optional(),
  fileId: bodyId('请上传营业执照照片'),
});
export type MerchantLicenceRequest = z.infer<typeof merchantLicenceRequest>;

export const merchantLicenceReviewRequest = z.object({
  id: bodyId('商户不正确'),
  approve: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '理由不能超过200个字符').optional(),
});

export const merchantIdentifyRequest = z.object({
  id: bodyId('商户不正确'),
  legalName: z
    .string({ error: '法人姓名不能为空' })
    .trim()
    .min(1, '法人姓名不能为空')
    .regex(/^\p{Script=Han}{2,10}$/u, '法人姓名为2-10个汉字'),
  idCard: z
    .string({ error: '证件号码不能为空' })
    .trim()
    .superRefine((v, ctx) => {
      const msg = validators.idCard(v);
      if (msg) ctx.addIssue({ code: 'custom', message: msg });
    }),
  frontFileId: bodyId('请上传身份证人像面'),
  backFileId: bodyId('请上传身份证国徽面'),
});
export type MerchantIdentifyRequest = z.infer<typeof merchantIdentifyRequest>;

export const MERCHANT_FILE_KINDS = ['licence', 'id_front', 'id_back', 'shop'] as const;
export type MerchantFileKind = (typeof MERCHANT_FILE_KINDS)[number];
export const MERCHANT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const MERCHANT_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const merchantUploadResult = z.object({
  fileId: z.number(),
  sizeBytes: z.number(),
  mime: z.string(),
});
export type MerchantUploadResult = z.infer<typeof merchantUploadResult>;

export const merchantFileQuery = z.object({ id: queryId('文件不正确') });
