import { z } from 'zod';
import { MAX_BATCH_SNS } from '../sn';

/**
 * Contracts of the terminals feature: stock lists and counts, terminal detail and history,
 * operations (allocate, transfer, recall and the holder's answer, bind, unbind), records, the
 * scan calls, and the operators' calls (import, reclaim, delete, brand modification).
 *
 * A terminal outside the caller's subtree answers exactly like one that does not exist.
 * Times are ISO 8601 strings (UTC); money is integer fen.
 */

const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);
const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const TERMINAL_PAGE_SIZE_MAX = 100;

const cursorField = z.string().max(512, '分页游标格式错误').optional();
const pageSizeField = (fallback: number) =>
  z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(TERMINAL_PAGE_SIZE_MAX, `每页最多${TERMINAL_PAGE_SIZE_MAX}条`)
    .default(fallback);

/** A keyset page: nextCursor is null on the last page. */
export const termPageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// Brands and policies
// ---------------------------------------------------------------------------------------------

export const terminalBrand = z.object({
  id: z.number(),
  name: z.string(),
  models: z.array(z.string()),
});
export type TerminalBrand = z.infer<typeof terminalBrand>;

export const terminalPolicyOption = z.object({
  id: z.number(),
  brandId: z.number(),
  name: z.string(),
});
export type TerminalPolicyOption = z.infer<typeof terminalPolicyOption>;

export const terminalPolicyOptionsQuery = z.object({ brandId: queryId('品牌不正确').optional() });

// ---------------------------------------------------------------------------------------------
// Stock: counts and list
// ---------------------------------------------------------------------------------------------

export const terminalCountsByStatus = z.object({
  total: z.number(),
  unbound: z.number(),
  bound: z.number(),
  activated: z.number(),
});
export type TerminalCountsByStatus = z.infer<typeof terminalCountsByStatus>;

export const terminalSummaryQuery = z.object({
  /** Only the stock this agent holds itself (the caller or one of its subtree). */
  holderAgentId: queryId('持有人不正确').optional(),
});

export const terminalSummary = z.object({
  /** The whole subtree (or the chosen holder). */
  all: terminalCountsByStatus,
  /** Held by the caller itself. */
  own: terminalCountsByStatus,
  byBrand: z.array(terminalCountsByStatus.extend({ brandId: z.number(), brandName: z.string() })),
  /** Recalls waiting for the caller's answer. */
  pendingRecalls: z.number(),
});
export type TerminalSummary = z.infer<typeof terminalSummary>;

/** Counts of the caller and of each direct sub-agent's whole team (data / terminal info). */
export const terminalTeamBreakdown = z.object({
  own: terminalCountsByStatus,
  children: z.array(
    terminalCountsByStatus.extend({
      agentId: z.number(),
      agentName: z.string(),
      agentMobile: z.string(),
    }),
  ),
});
export type TerminalTeamBreakdown = z.infer<typeof terminalTeamBreakdown>;

export const terminalListQuery = z.object({
  bindStatus: z.coerce
    .number({ error: '绑定状态不正确' })
    .int('绑定状态不正确')
    .refine((v) => v === 0 || v === 1 || v === 3, '绑定状态不正确')
    .optional(),
  brandId: queryId('品牌不正确').optional(),
  /** Exactly this holder's stock (the caller or one of its subtree); the whole subtree when absent. */
  holderAgentId: queryId('持有人不正确').optional(),
  /** The start of an SN (at least 2 characters). */
  sn: z
    .string()
    .trim()
    .max(32, 'SN不能超过32个字符')
    .regex(/^[A-Za-z0-9]*$/, 'SN只能包含字母和数字')
    .optional(),
  /** Only terminals bound to this merchant. */
  merchantId: queryId('商户不正确').optional(),
  /** Only terminals with no operation waiting (what can be operated now). */
  operable: z
    .enum(['true', 'false'], { message: '参数格式错误' })
    .transform((v) => v === 'true')
    .optional(),
  cursor: cursorField,
  pageSize: pageSizeField(20),
});
export type TerminalListQuery = z.input<typeof terminalListQuery>;
export type TerminalListParams = z.infer<typeof terminalListQuery>;

export const terminalListItem = z.object({
  id: z.number(),
  sn: z.string(),
  brandId: z.number(),
  brandName: z.string(),
  model: z.string(),
  bindStatus: z.number(),
  holderAgentId: z.number().nullable(),
  holderName: z.string(),
  /** True when the caller holds it itself. */
  own: z.boolean(),
  merchantId: z.number().nullable(),
  merchantName: z.string().nullable(),
  boundAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
  /** End of the activation window of a bound terminal. */
  activationDeadline: z.string().nullable(),
  /** A recall is waiting for the holder's answer. */
  pending: z.boolean(),
});
export type TerminalListItem = z.infer<typeof terminalListItem>;
export const terminalPage = termPageOf(terminalListItem);
export type TerminalPage = z.infer<typeof terminalPage>;

// ---------------------------------------------------------------------------------------------
// Detail and history
// ---------------------------------------------------------------------------------------------

export const terminalInfoQuery = z
  .object({
    id: queryId('终端不正确').optional(),
    sn: z.string().trim().max(32, 'SN格式错误').optional(),
  })
  .refine((v) => v.id !== undefined || Boolean(v.sn), { message: '请输入终端SN', path: ['sn'] });

export const terminalOperationBrief = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  fromName: z.string(),
  toName: z.string(),
  operatorName: z.string(),
  count: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TerminalOperationBrief = z.infer<typeof terminalOperationBrief>;

export const terminalInfo = terminalListItem.extend({
  policyId: z.number().nullable(),
  policyName: z.string().nullable(),
  /** Deposit option in fen. */
  serviceFeeFen: z.number(),
  /** Yearly SIM fee option in fen. */
  commFeeFen: z.number(),
  holderMobile: z.string(),
  merchantNo: z.string().nullable(),
  createdAt: z.string(),
  /** Operations on this terminal, newest first (at most 50). */
  history: z.array(terminalOperationBrief),
  /** What the caller may do with it now. */
  canBind: z.boolean(),
  canUnbind: z.boolean(),
});
export type TerminalInfo = z.infer<typeof terminalInfo>;

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

/** The agent-side moves: allocate (0), transfer (1), recall (2). */
export const TERMINAL_MOVE_TYPES = [0, 1, 2] as const;

const snArray = z
  .array(z.string().max(64, 'SN格式错误'), { error: 'SN列表格式错误' })
  .max(MAX_BATCH_SNS, `一次最多操作${MAX_BATCH_SNS}台终端`);

/** An SN list or an SN range (start SN to end SN, same prefix). */
export const terminalSnSelection = z.object({
  sns: snArray.optional(),
  startSn: z.string().max(64, '起始SN格式错误').optional(),
  endSn: z.string().max(64, '结束SN格式错误').optional(),
});
export type TerminalSnSelection = z.infer<typeof terminalSnSelection>;

export const terminalOperateRequest = terminalSnSelection.extend({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '操作类型不正确' }),
  /** Allocate and transfer: who receives the terminals. */
  toAgentId: bodyId('接收代理商不正确').optional(),
  /** Recall: whose stock is taken back (read from the terminals when absent). */
  fromAgentId: bodyId('回拨对象不正确').optional(),
  reason: z.string().trim().max(200, '备注不能超过200个字符').optional(),
});
export type TerminalOperateRequest = z.infer<typeof terminalOperateRequest>;

export const termAgentBrief = z.object({
  id: z.number().nullable(),
  name: z.string(),
  mobile: z.string(),
});
export type TermAgentBrief = z.infer<typeof termAgentBrief>;

export const terminalOperatePreview = z.object({
  type: z.number(),
  count: z.number(),
  from: termAgentBrief,
  to: termAgentBrief,
  /** The first terminals that move, in SN order (at most 200). */
  terminals: z.array(z.object({ sn: z.string(), brandName: z.string(), model: z.string() })),
  /** Counts by brand of everything that moves. */
  byBrand: z.array(z.object({ brandName: z.string(), count: z.number() })),
});
export type TerminalOperatePreview = z.infer<typeof terminalOperatePreview>;

export const terminalOperateResult = z.object({
  operationId: z.number(),
  type: z.number(),
  status: z.number(),
  count: z.number(),
  autoPassAt: z.string().nullable(),
});
export type TerminalOperateResult = z.infer<typeof terminalOperateResult>;

export const recallDecisionRequest = z.object({
  operationId: bodyId('回拨记录不正确'),
  accept: z.boolean({ error: '请选择同意或拒绝' }),
  reason: z.string().trim().max(200, '理由不能超过200个字符').optional(),
});
export type RecallDecisionRequest = z.infer<typeof recallDecisionRequest>;

/** Candidates to receive (allocate: direct sub-agents; transfer and recall: the subtree). */
export const terminalTargetAgentsQuery = z.object({
  type: z.coerce
    .number({ error: '操作类型不正确' })
    .int('操作类型不正确')
    .refine((v) => v === 0 || v === 1 || v === 2, '操作类型不正确'),
  keyword: z.string().trim().max(32, '搜索内容不能超过32个字符').optional(),
  /** Only this agent, if the operation can name it (a page opened for one agent). */
  agentId: queryId('代理商不正确').optional(),
  cursor: cursorField,
  pageSize: pageSizeField(20),
});
export const terminalTargetAgent = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  depth: z.number(),
  /** Unbound terminals it holds itself. */
  stock: z.number(),
});
export type TerminalTargetAgent = z.infer<typeof terminalTargetAgent>;
export const terminalTargetAgentPage = termPageOf(terminalTargetAgent);
export type TerminalTargetAgentPage = z.infer<typeof terminalTargetAgentPage>;

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export const terminalOperationListQuery = z.object({
  type: z.coerce
    .number({ error: '操作类型不正确' })
    .int('操作类型不正确')
    .min(0, '操作类型不正确')
    .max(7, '操作类型不正确')
    .optional(),
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .min(0, '状态不正确')
    .max(2, '状态不正确')
    .optional(),
  /** mine: started by the caller; incoming: the caller is the counterparty; all: either. */
  role: z.enum(['all', 'mine', 'incoming'], { message: '记录范围不正确' }).default('all'),
  cursor: cursorField,
  pageSize: pageSizeField(20),
});
export type TerminalOperationListQuery = z.input<typeof terminalOperationListQuery>;
export type TerminalOperationListParams = z.infer<typeof terminalOperationListQuery>;

export const terminalOperationRecord = z.object({
  id: z.number(),
  type: z.number(),
  status: z.number(),
  count: z.number(),
  firstSn: z.string().nullable(),
  lastSn: z.string().nullable(),
  /**
   * The SNs that moved, as runs of consecutive numbers in order (the first OPERATION_RUNS_SHOWN):
   * a range is shown only where every SN in it moved. firstSn/lastSn bound the batch, nothing more.
   */
  snRuns: z.array(z.object({ first: z.string(), last: z.string(), count: z.number() })),
  /** How many runs the SNs make in all. */
  runCount: z.number(),
  operator: termAgentBrief,
  from: termAgentBrief,
  to: termAgentBrief,
  /** The other party as the caller sees it. */
  counterparty: termAgentBrief,
  /** The caller started it. */
  mine: z.boolean(),
  /** The caller may accept or reject it now. */
  canDecide: z.boolean(),
  merchantName: z.string().nullable(),
  reason: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  autoPassAt: z.string().nullable(),
});
export type TerminalOperationRecord = z.infer<typeof terminalOperationRecord>;
/** Runs of SNs an operation record carries; the SN list of its detail page has them all. */
export const OPERATION_RUNS_SHOWN = 3;
export const terminalOperationPage = termPageOf(terminalOperationRecord);
export type TerminalOperationPage = z.infer<typeof terminalOperationPage>;

export const terminalOperationInfoQuery = z.object({
  id: queryId('记录不正确'),
  cursor: cursorField,
  pageSize: pageSizeField(100),
});
export const terminalOperationInfo = z.object({
  record: terminalOperationRecord,
  /** SNs of the operation in order, a page at a time. */
  sns: z.array(z.string()),
  nextCursor: z.string().nullable(),
});
export type TerminalOperationInfo = z.infer<typeof terminalOperationInfo>;

// ---------------------------------------------------------------------------------------------
// Bind and unbind
// ---------------------------------------------------------------------------------------------

export const newMerchantInput = z.object({
  name: z
    .string({ error: '商户名称不能为空' })
    .trim()
    .min(2, '商户名称至少2个字')
    .max(40, '商户名称不能超过40个字'),
  legalName: z
    .string({ error: '法人姓名不能为空' })
    .trim()
    .min(1, '法人姓名不能为空')
    .regex(/^\p{Script=Han}{2,10}$/u, '法人姓名为2-10个汉字'),
  mobile: z.string({ error: '手机号码不能为空' }).regex(/^1[3-9]\d{9}$/, '手机号码格式错误'),
  address: z.string().trim().max(100, '地址不能超过100个字').optional(),
});
export type NewMerchantInput = z.infer<typeof newMerchantInput>;

export const terminalBindRequest = z
  .object({
    sn: z.string({ error: '请输入终端SN' }).trim().min(1, '请输入终端SN').max(32, 'SN格式错误'),
    /** An existing merchant of the caller. */
    merchantId: bodyId('商户不正确').optional(),
    /** Or a new merchant signed up with this terminal. */
    merchant: newMerchantInput.optional(),
  })
  .refine((v) => (v.merchantId === undefined) !== (v.merchant === undefined), {
    message: '请选择商户或填写新商户信息',
    path: ['merchantId'],
  });
export type TerminalBindRequest = z.infer<typeof terminalBindRequest>;

export const terminalBindResult = z.object({
  terminalId: z.number(),
  sn: z.string(),
  merchantId: z.number(),
  merchantNo: z.string(),
  operationId: z.number(),
});
export type TerminalBindResult = z.infer<typeof terminalBindResult>;

export const terminalUnbindRequest = z.object({
  sn: z.string({ error: '请输入终端SN' }).trim().min(1, '请输入终端SN').max(32, 'SN格式错误'),
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional(),
});
export type TerminalUnbindRequest = z.infer<typeof terminalUnbindRequest>;

// ---------------------------------------------------------------------------------------------
// Scan (/app/api/scan/..., merchant token in the `token` header)
// ---------------------------------------------------------------------------------------------

export const scanTokenResponse = z.object({ token: z.string(), expiresInSeconds: z.number() });
export type ScanTokenResponse = z.infer<typeof scanTokenResponse>;

export const scanTerminalQuery = z.object({
  sn: z.string({ error: '请输入终端SN' }).trim().min(1, '请输入终端SN').max(200, 'SN格式错误'),
});
export const scanTerminal = z.object({
  sn: z.string(),
  brandName: z.string(),
  model: z.string(),
  bindStatus: z.number(),
  /** The caller holds it, unbound and free: it can be bound now. */
  canBind: z.boolean(),
});
export type ScanTerminal = z.infer<typeof scanTerminal>;

// ---------------------------------------------------------------------------------------------
// Operators (/api/term-info/...)
// ---------------------------------------------------------------------------------------------

export const importTerminalsRequest = terminalSnSelection.extend({
  brandId: bodyId('请选择品牌'),
  model: z.string({ error: '请选择型号' }).trim().min(1, '请选择型号').max(40, '型号格式错误'),
  policyId: bodyId('请选择政策').optional(),
  serviceFeeFen: z
    .number()
    .int('服务费格式错误')
    .min(0, '服务费格式错误')
    .max(10_000_000, '服务费格式错误')
    .optional(),
  commFeeFen: z
    .number()
    .int('流量费格式错误')
    .min(0, '流量费格式错误')
    .max(10_000_000, '流量费格式错误')
    .optional(),
});
export type ImportTerminalsRequest = z.infer<typeof importTerminalsRequest>;

/** CSV text: a header line naming sn, brand, model and optionally policy, then one terminal a line. */
export const terminalImportCsvRequest = z.object({
  csv: z
    .string({ error: '请上传CSV文件' })
    .min(1, '请上传CSV文件')
    .max(2_000_000, 'CSV文件不能超过2MB'),
});

export const terminalBatchResult = z.object({
  count: z.number(),
  operationId: z.number().nullable(),
});
export type TerminalBatchResult = z.infer<typeof terminalBatchResult>;

export const terminalPlatformBatchRequest = terminalSnSelection.extend({
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional(),
});
export type TerminalPlatformBatchRequest = z.infer<typeof terminalPlatformBatchRequest>;

export const terminalBrandModifyRequest = terminalSnSelection.extend({
  brandId: bodyId('请选择品牌'),
  model: z.string({ error: '请选择型号' }).trim().min(1, '请选择型号').max(40, '型号格式错误'),
  /** Only count what would change, change nothing. */
  dryRun: z.boolean().optional(),
});
export type TerminalBrandModifyRequest = z.infer<typeof terminalBrandModifyRequest>;

export const terminalBrandCreateRequest = z.object({
  name: z
    .string({ error: '品牌名称不能为空' })
    .trim()
    .min(1, '品牌名称不能为空')
    .max(40, '品牌名称不能超过40个字'),
  models: z
    .array(z.string().trim().min(1, '型号不能为空').max(40, '型号格式错误'))
    .max(50, '型号最多50个'),
});
