import { z } from 'zod';
import { MAX_BATCH_SNS } from '../sn';

/**
 * Contracts of the policies feature: product policies, the policies opened for agents (cost rates,
 * rewards, fee shares, merchant-rate ranges) and their versions, merchant rate changes, service and
 * communication fee changes, the price-adjustment share, and the acquirer's result callback.
 *
 * Rates are integers: ppm for rate types 1-5, fen per capped transaction for rate type 6 (the
 * debit-card cap). Money is integer fen; a pass-down share is ppm (1,000,000 = 100%). Anything
 * outside the caller's subtree answers exactly like something that does not exist.
 */

const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);
const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const wholeFen = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(1_000_000_000_00, message);
const rateValue = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(1_000_000, message);

export const POLICY_PAGE_SIZE_MAX = 50;
const cursorField = z.string().max(200, '分页游标格式错误').optional();
const pageSizeField = z.coerce
  .number({ error: '每页条数格式错误' })
  .int('每页条数格式错误')
  .min(1, '每页条数格式错误')
  .max(POLICY_PAGE_SIZE_MAX, `每页最多${POLICY_PAGE_SIZE_MAX}条`)
  .default(20);

/** A keyset page: nextCursor is null on the last page. */
export const policyPageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), nextCursor: z.string().nullable() });

const rateTypeField = z.literal([1, 2, 3, 4, 5, 6], { error: '费率类型不正确' });

// ---------------------------------------------------------------------------------------------
// Terms (checked for shape here; the rules live in policy-rules.ts)
// ---------------------------------------------------------------------------------------------

export const productRateSchema = z.object({
  rateType: rateTypeField,
  standardRate: rateValue('标准费率格式错误'),
  minRate: rateValue('商户费率下限格式错误'),
  maxRate: rateValue('商户费率上限格式错误'),
  acquirerCost: rateValue('收单成本格式错误'),
});

export const standardMonthSchema = z.object({
  month: z
    .number({ error: '达标月份格式错误' })
    .int('达标月份格式错误')
    .min(1, '达标月份格式错误')
    .max(36, '达标月份格式错误'),
  thresholdFen: wholeFen('达标交易额格式错误'),
});

export const productPolicyTermsSchema = z.object({
  rates: z.array(productRateSchema).max(6, '费率类型最多6种'),
  activationThresholdFen: wholeFen('激活交易额门槛格式错误'),
  activationWindowDays: z.number({ error: '激活期限格式错误' }).int('激活期限格式错误'),
  standardMonths: z.array(standardMonthSchema).max(12, '达标月份最多12个'),
  serviceFeeOptionsFen: z.array(wholeFen('服务费档位格式错误')).max(10, '服务费档位最多10个'),
  commFeeOptionsFen: z.array(wholeFen('流量费档位格式错误')).max(10, '流量费档位最多10个'),
});

/**
 * A product policy as agents see it: the acquirer's cost is the platform's business and is shown
 * only to operators (null for agents).
 */
export const productPolicyView = productPolicyTermsSchema.extend({
  rates: z.array(productRateSchema.extend({ acquirerCost: z.number().nullable() })),
});
export type ProductPolicyView = z.infer<typeof productPolicyView>;

export const agentRateSchema = z.object({
  rateType: rateTypeField,
  cost: rateValue('成本费率格式错误'),
  minRate: rateValue('商户费率下限格式错误'),
  maxRate: rateValue('商户费率上限格式错误'),
});

export const feeShareSchema = z.object({
  optionFen: wholeFen('档位金额格式错误'),
  shareFen: wholeFen('分润金额格式错误'),
  /** SIM fee options: the second collection's cashback and the third and later's (issue 33). */
  secondFen: wholeFen('返现金额格式错误').optional(),
  laterFen: wholeFen('返现金额格式错误').optional(),
});

export const agentPolicyTermsSchema = z.object({
  rates: z.array(agentRateSchema).max(6, '费率类型最多6种'),
  activationRewardFen: wholeFen('激活奖励格式错误'),
  standardRewardsFen: z.array(wholeFen('达标奖励格式错误')).max(12, '达标月份最多12个'),
  serviceFeeShares: z.array(feeShareSchema).max(10, '服务费档位最多10个'),
  commFeeShares: z.array(feeShareSchema).max(10, '流量费档位最多10个'),
});

// ---------------------------------------------------------------------------------------------
// Opened policies (GET /api/ag/agent/open/policy/info, GET /api/agent-rate/info/{id})
// ---------------------------------------------------------------------------------------------

/** One policy opened for the caller, as the app keeps it in policyList. */
export const openedPolicy = z.object({
  /** The agent policy id (what /api/agent-rate/info/{id} takes). */
  id: z.number(),
  policyId: z.number(),
  policyName: z.string(),
  brandId: z.number(),
  brandName: z.string(),
  version: z.number(),
  activationRewardFen: z.number(),
  serviceFeeOptionsFen: z.array(z.number()),
  commFeeOptionsFen: z.array(z.number()),
  updatedAt: z.string(),
});
export type OpenedPolicy = z.infer<typeof openedPolicy>;

export const agentRateInfoParams = z.object({ id: queryId('政策不正确') });

export const policyVersionEntry = z.object({
  version: z.number(),
  changedByName: z.string(),
  createdAt: z.string(),
  terms: agentPolicyTermsSchema,
});

/** One opened policy in full: the product, the agent's terms and its versions. */
export const agentPolicyDetail = openedPolicy.extend({
  agentId: z.number(),
  agentName: z.string(),
  agentMobile: z.string(),
  /** True when the caller is the agent itself; false when it is looking at its subtree. */
  isOwn: z.boolean(),
  /** True when the caller is the agent's parent, who may edit these terms. */
  canEdit: z.boolean(),
  openedByName: z.string(),
  createdAt: z.string(),
  product: productPolicyView,
  terms: agentPolicyTermsSchema,
  versions: z.array(policyVersionEntry),
});
export type AgentPolicyDetail = z.infer<typeof agentPolicyDetail>;

// ---------------------------------------------------------------------------------------------
// Opening a policy for a direct sub-agent
// ---------------------------------------------------------------------------------------------

/** A direct sub-agent the caller may open policies for. */
export const openCandidate = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  level: z.number(),
  /** Agent policy ids of the child by product policy id, for the policies it already holds. */
  opened: z.array(z.object({ policyId: z.number(), agentPolicyId: z.number() })),
});
export type OpenCandidate = z.infer<typeof openCandidate>;
export const openCandidatePage = policyPageOf(openCandidate);

export const openCandidatesQuery = z.object({
  /** One sub-agent by id (a page that arrives with ?childId=). */
  id: queryId('下级代理不正确').optional(),
  /** Part of the name, or the whole mobile or its last four digits. */
  keyword: z.string().trim().max(20, '搜索内容最多20个字').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const openDraftQuery = z.object({
  childId: queryId('下级代理不正确'),
  policyId: queryId('政策不正确'),
});

/** What the open-policy form starts from. */
export const openDraft = z.object({
  child: z.object({ id: z.number(), name: z.string(), mobile: z.string() }),
  policyId: z.number(),
  policyName: z.string(),
  brandName: z.string(),
  product: productPolicyView,
  /** The caller's own terms: the bounds of the child's. */
  own: agentPolicyTermsSchema,
  /** The child's terms now, when this is an edit. */
  current: agentPolicyTermsSchema.nullable(),
  currentVersion: z.number().nullable(),
});
export type OpenDraft = z.infer<typeof openDraft>;

export const openPolicyRequest = z.object({
  childId: bodyId('请选择下级代理'),
  policyId: bodyId('请选择政策'),
  terms: agentPolicyTermsSchema,
});
export type OpenPolicyRequest = z.infer<typeof openPolicyRequest>;

export const openPolicyResponse = z.object({
  id: z.number(),
  version: z.number(),
  created: z.boolean(),
});
export type OpenPolicyResponse = z.infer<typeof openPolicyResponse>;

export const openedForChildrenQuery = z.object({
  childId: queryId('下级代理不正确').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const openedForChild = z.object({
  id: z.number(),
  childId: z.number(),
  childName: z.string(),
  childMobile: z.string(),
  policyId: z.number(),
  policyName: z.string(),
  brandName: z.string(),
  version: z.number(),
  activationRewardFen: z.number(),
  /** The child's POS swipe cost (rate type 1), the figure agents compare first. */
  posCost: z.number().nullable(),
  updatedAt: z.string(),
});
export type OpenedForChild = z.infer<typeof openedForChild>;
export const openedForChildrenPage = policyPageOf(openedForChild);

// ---------------------------------------------------------------------------------------------
// Operators: product policies and root openings
// ---------------------------------------------------------------------------------------------

export const createProductPolicyRequest = productPolicyTermsSchema.extend({
  brandId: bodyId('品牌不正确'),
  name: z
    .string({ error: '政策名称不能为空' })
    .trim()
    .min(1, '政策名称不能为空')
    .max(50, '政策名称最多50个字'),
});
export type CreateProductPolicyRequest = z.infer<typeof createProductPolicyRequest>;

/**
 * An edit of a product policy: a new version with the same shape (rate types, number of standard
 * months, fee options); rates, ranges, costs, thresholds and the name may change.
 */
export const updateProductPolicyRequest = productPolicyTermsSchema.extend({
  id: bodyId('政策不正确'),
  name: z
    .string({ error: '政策名称不能为空' })
    .trim()
    .min(1, '政策名称不能为空')
    .max(50, '政策名称最多50个字'),
});
export type UpdateProductPolicyRequest = z.infer<typeof updateProductPolicyRequest>;

export const productPolicyInfo = productPolicyTermsSchema.extend({
  id: z.number(),
  brandId: z.number(),
  name: z.string(),
  version: z.number(),
});
export type ProductPolicyInfo = z.infer<typeof productPolicyInfo>;

export const productPolicyQuery = z.object({ id: queryId('政策不正确') });

export const openRootPolicyRequest = z.object({
  agentId: bodyId('代理不正确'),
  policyId: bodyId('请选择政策'),
  terms: agentPolicyTermsSchema,
});
export type OpenRootPolicyRequest = z.infer<typeof openRootPolicyRequest>;

// ---------------------------------------------------------------------------------------------
// Merchant rates and their changes
// ---------------------------------------------------------------------------------------------

export const rateMerchantsQuery = z.object({
  keyword: z.string().trim().max(40, '搜索内容最多40个字').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const rateMerchant = z.object({
  id: z.number(),
  merchantNo: z.string(),
  name: z.string(),
  legalName: z.string(),
  terminalCount: z.number(),
  sns: z.array(z.string()),
  policyNames: z.array(z.string()),
});
export type RateMerchant = z.infer<typeof rateMerchant>;
export const rateMerchantsPage = policyPageOf(rateMerchant);

export const merchantRateInfoQuery = z.object({ merchantId: queryId('商户不正确') });

export const merchantRateLine = z.object({
  rateType: z.number(),
  /** The merchant's rate now (the policy's standard rate until one is set). */
  rate: z.number(),
  standardRate: z.number(),
  /** What the merchant's direct agent may set it to. */
  minAllowed: z.number(),
  maxAllowed: z.number(),
  /** The direct agent's own cost; shown only to that agent. */
  ownCost: z.number().nullable(),
  /** A change this calendar month (Asia/Shanghai) that is not failed. */
  changedThisMonth: z.boolean(),
  /** When it may change again, when changedThisMonth. */
  nextChangeAt: z.string().nullable(),
  /** A change still in flight (applying or processing). */
  pendingChangeId: z.number().nullable(),
});
export type MerchantRateLine = z.infer<typeof merchantRateLine>;

export const merchantRateInfo = z.object({
  merchant: z.object({
    id: z.number(),
    merchantNo: z.string(),
    name: z.string(),
    legalName: z.string(),
    agentName: z.string(),
  }),
  /** True when the caller is the merchant's direct agent, the one who may change its rates. */
  canChange: z.boolean(),
  /** Why not, when it cannot. */
  cannotChangeReason: z.string().nullable(),
  policyId: z.number().nullable(),
  policyName: z.string().nullable(),
  terminals: z.array(z.object({ sn: z.string(), policyName: z.string().nullable() })),
  rates: z.array(merchantRateLine),
});
export type MerchantRateInfo = z.infer<typeof merchantRateInfo>;

export const changeMerchantRateRequest = z.object({
  merchantId: bodyId('商户不正确'),
  /** The terminal the change was started from (changeMerchRate), for the record. */
  sn: z.string().trim().max(32, 'SN格式错误').optional(),
  rates: z
    .array(z.object({ rateType: rateTypeField, rate: rateValue('商户费率格式错误') }))
    .min(1, '请至少修改一项费率')
    .max(6, '费率类型最多6种'),
});
export type ChangeMerchantRateRequest = z.infer<typeof changeMerchantRateRequest>;

export const changeMerchantRateResponse = z.object({ ids: z.array(z.number()) });

export const rateChangeListQuery = z.object({
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .min(0, '状态不正确')
    .max(3, '状态不正确')
    .optional(),
  merchantId: queryId('商户不正确').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const rateChangeItem = z.object({
  id: z.number(),
  merchantId: z.number(),
  merchantName: z.string(),
  merchantNo: z.string(),
  sn: z.string().nullable(),
  rateType: z.number(),
  oldRate: z.number(),
  newRate: z.number(),
  /** change-service status: 0 applying, 1 processing, 2 done, 3 failed. */
  status: z.number(),
  reason: z.string().nullable(),
  requestedByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RateChangeItem = z.infer<typeof rateChangeItem>;
export const rateChangePage = policyPageOf(rateChangeItem);

export const changeInfoQuery = z.object({ id: queryId('记录不正确') });

export const rateChangeDetail = rateChangeItem.extend({
  policyName: z.string().nullable(),
  requestNo: z.string(),
  agentName: z.string(),
  updatedAt: z.string(),
});
export type RateChangeDetail = z.infer<typeof rateChangeDetail>;

// ---------------------------------------------------------------------------------------------
// Service fee and communication fee changes
// ---------------------------------------------------------------------------------------------

/** 1 service fee (deposit), 2 communication fee (yearly SIM). */
export const FEE_KIND = { SERVICE: 1, COMM: 2 } as const;
export type FeeKind = (typeof FEE_KIND)[keyof typeof FEE_KIND];
const feeKindField = z.coerce
  .number({ error: '费用类型不正确' })
  .int('费用类型不正确')
  .min(1, '费用类型不正确')
  .max(2, '费用类型不正确');

export const feeTerminalsQuery = z.object({
  kind: feeKindField,
  policyId: queryId('政策不正确').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const feeTerminal = z.object({
  id: z.number(),
  sn: z.string(),
  policyId: z.number().nullable(),
  policyName: z.string().nullable(),
  serviceFeeFen: z.number(),
  commFeeFen: z.number(),
  /** A fee change of this kind still in flight. */
  pending: z.boolean(),
});
export type FeeTerminal = z.infer<typeof feeTerminal>;
export const feeTerminalPage = policyPageOf(feeTerminal);

export const changeFeeRequest = z.object({
  kind: z.union([z.literal(1), z.literal(2)], { error: '费用类型不正确' }),
  /** A list of SNs, or a range from startSn to endSn (same prefix), as in terminal operations. */
  sns: z
    .array(z.string().max(32, 'SN格式错误'))
    .max(MAX_BATCH_SNS, `一次最多操作${MAX_BATCH_SNS}台终端`)
    .optional(),
  startSn: z.string().trim().max(32, 'SN格式错误').optional(),
  endSn: z.string().trim().max(32, 'SN格式错误').optional(),
  feeFen: wholeFen('请选择费用档位'),
});
export type ChangeFeeRequest = z.infer<typeof changeFeeRequest>;

export const changeFeeResponse = z.object({ id: z.number(), count: z.number() });

export const feeChangeListQuery = z.object({
  kind: feeKindField.optional(),
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .min(0, '状态不正确')
    .max(3, '状态不正确')
    .optional(),
  sn: z.string().trim().max(32, 'SN格式错误').optional(),
  cursor: cursorField,
  pageSize: pageSizeField,
});

export const feeChangeItem = z.object({
  id: z.number(),
  kind: z.number(),
  count: z.number(),
  firstSn: z.string(),
  lastSn: z.string(),
  /** The batch's SNs as runs of consecutive numbers, in order (the first FEE_CHANGE_RUNS_SHOWN). */
  snRuns: z.array(z.object({ first: z.string(), last: z.string(), count: z.number() })),
  /** How many runs there are in all. */
  runCount: z.number(),
  newFeeFen: z.number(),
  status: z.number(),
  reason: z.string().nullable(),
  requestedByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FeeChangeItem = z.infer<typeof feeChangeItem>;
export const FEE_CHANGE_RUNS_SHOWN = 3;
export const feeChangePage = policyPageOf(feeChangeItem);

export const feeChangeDetail = feeChangeItem.extend({
  requestNo: z.string(),
  policyName: z.string().nullable(),
  updatedAt: z.string(),
  items: z.array(z.object({ sn: z.string(), oldFeeFen: z.number(), newFeeFen: z.number() })),
});
export type FeeChangeDetail = z.infer<typeof feeChangeDetail>;

// ---------------------------------------------------------------------------------------------
// Price-adjustment share (price-property)
// ---------------------------------------------------------------------------------------------

export const priceShareListQuery = z.object({ cursor: cursorField, pageSize: pageSizeField });

/** What a parent passes down to one direct child under one policy. */
export const priceShareItem = z.object({
  childId: z.number(),
  childName: z.string(),
  childMobile: z.string(),
  policyId: z.number(),
  policyName: z.string(),
  /** Part of the adjustment income reaching the parent that goes on to the child, ppm. */
  passPpm: z.number(),
  /** True while the parent has never set it (the default: pass 100%). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PriceShareItem = z.infer<typeof priceShareItem>;
export const priceSharePage = policyPageOf(priceShareItem);

export const priceShareInfoQuery = z.object({
  childId: queryId('下级代理不正确'),
  policyId: queryId('政策不正确'),
});

export const priceShareHistoryEntry = z.object({
  passPpm: z.number(),
  previousPassPpm: z.number(),
  changedByName: z.string(),
  createdAt: z.string(),
});

export const priceShareInfo = priceShareItem.extend({ history: z.array(priceShareHistoryEntry) });
export type PriceShareInfo = z.infer<typeof priceShareInfo>;

export const setPriceShareRequest = z.object({
  childId: bodyId('请选择下级代理'),
  policyId: bodyId('请选择政策'),
  passPpm: z
    .number({ error: '下放比例格式错误' })
    .int('下放比例格式错误')
    .min(0, '下放比例不能低于0%')
    .max(1_000_000, '下放比例不能高于100%'),
});
export type SetPriceShareRequest = z.infer<typeof setPriceShareRequest>;

/** What the caller's parent passes to the caller, per policy it holds. */
export const receivedPriceShare = z.object({
  policyId: z.number(),
  policyName: z.string(),
  parentName: z.string(),
  passPpm: z.number(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  /** How many direct children the caller passes to under this policy. */
  childCount: z.number(),
});
export type ReceivedPriceShare = z.infer<typeof receivedPriceShare>;

export const receivedPriceShareQuery = z.object({ policyId: queryId('政策不正确') });

export const receivedPriceShareInfo = receivedPriceShare.extend({
  history: z.array(priceShareHistoryEntry),
  /** What the caller passes on to each direct child under this policy. */
  children: z.array(priceShareItem),
});
export type ReceivedPriceShareInfo = z.infer<typeof receivedPriceShareInfo>;

// ---------------------------------------------------------------------------------------------
// The acquirer's result callback (POST /api/acquirer/callback, HMAC-SHA256 signed)
// ---------------------------------------------------------------------------------------------

export const ACQUIRER_SIGNATURE_HEADER = 'x-acquirer-signature';

export const acquirerCallbackRequest = z.object({
  /** The request number the platform sent: 'R<id>' for a rate change, 'F<id>' for a fee change. */
  requestNo: z.string().min(2).max(40),
  status: z.enum(['processing', 'success', 'failed']),
  reason: z.string().max(200).optional(),
});
export type AcquirerCallbackRequest = z.infer<typeof acquirerCallbackRequest>;
