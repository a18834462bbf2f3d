import { z } from 'zod';
import { PERMISSIONS, ROLES } from '../admin/roles';
import { agentPolicyTermsSchema, agentRateSchema, productPolicyView } from './policies';
import { safeLink, siteImage } from '../safe-url';
import { APP_PLATFORMS, appConfig } from './system';

/**
 * Contracts of the operators' console API (/prod-api/admin/...). Lists share one shape: a page
 * size, an opaque keyset cursor, a sort key and order, filters of their own, and `format=csv`
 * for the whole filtered list as a download: CSV, or an .xlsx sheet with `file=xlsx`.
 */

export const ADMIN_API_PREFIX = '/admin';

const text = (label: string, max = 200) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const id = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);

// ---------------------------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------------------------

export const adminLoginRequest = z.object({
  username: text('账号', 32),
  password: z.string({ error: '请填写密码' }).min(1, '请填写密码').max(64, '密码格式错误'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const adminOperator = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type AdminOperator = z.infer<typeof adminOperator>;

/**
 * Either signed in (TOTP off) or a next step: a short-lived, single-use challenge for a new
 * password (stage 'password': the password was issued by someone else, a new operator or a TOTP
 * reset) or for the authenticator code, with the secret and its otpauth URI when the operator has
 * not enrolled an authenticator yet (shown as a QR code).
 */
export const adminLoginResult = z.object({
  stage: z.enum(['done', 'totp', 'password']),
  token: z.string().optional(),
  operator: adminOperator.optional(),
  challenge: z.string().optional(),
  enrol: z.object({ secret: z.string(), otpauthUri: z.string() }).nullable().optional(),
});
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const adminTotpRequest = z.object({
  challenge: z.string({ error: '登录已过期，请重新登录' }).min(1).max(2048),
  code: z.string({ error: '请填写动态验证码' }).regex(/^\d{6}$/, '动态验证码为6位数字'),
});
export type AdminTotpRequest = z.infer<typeof adminTotpRequest>;

/** An operator's own password: 8 to 64 characters with letters and digits. */
const operatorPassword = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .min(8, `${label}至少8位`)
    .max(64, `${label}不能超过64位`)
    .regex(/[A-Za-z]/, `${label}须包含字母`)
    .regex(/\d/, `${label}须包含数字`);

/** The step before the code when the password was issued by someone else: a new one. */
export const adminNewPasswordRequest = z.object({
  challenge: z.string({ error: '登录已过期，请重新登录' }).min(1).max(2048),
  newPassword: operatorPassword('新密码'),
});
export type AdminNewPasswordRequest = z.infer<typeof adminNewPasswordRequest>;

export const adminMe = z.object({
  operator: adminOperator,
  expiresAt: z.string(),
  idleMinutes: z.number(),
  /** The built-in simulated SMS gateway is the SMS provider (the console shows its outbox). */
  simulatedSms: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMe>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export const PAGE_SIZE_MAX = 200;
export const listQueryBase = z.object({
  pageSize: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(PAGE_SIZE_MAX, `每页条数不能超过${PAGE_SIZE_MAX}`)
    .default(20),
  cursor: z.string().max(512, '分页游标不正确').optional(),
  sort: z.string().max(32).optional(),
  order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).optional(),
  format: z.enum(['json', 'csv'], { error: '导出格式不正确' }).optional(),
  /** The file a download (format=csv) is written as: CSV (the default) or an .xlsx sheet. */
  file: z.enum(['csv', 'xlsx'], { error: '导出文件类型不正确' }).optional(),
});
export type ListQueryBase = z.infer<typeof listQueryBase>;

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), nextCursor: z.string().nullable(), total: z.number().optional() });
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
  /** Rows the whole filtered list holds: only on lists whose count is cheap (small tables). */
  total?: number;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals
// ---------------------------------------------------------------------------------------------

export const adminWithdrawalQuery = listQueryBase.extend({
  status: z.coerce.number({ error: '状态不正确' }).int().min(0).max(4).optional(),
  keyword: z.string().trim().max(32).optional(),
});
export type AdminWithdrawalQuery = z.infer<typeof adminWithdrawalQuery>;

export const adminWithdrawal = z.object({
  id: z.number(),
  agentId: z.number(),
  agentName: z.string(),
  agentMobile: z.string(),
  walletType: z.string(),
  amountFen: z.number(),
  feeFen: z.number(),
  taxFen: z.number(),
  netFen: z.number(),
  /** The tax part split: VAT and personal income tax (taxFen is their sum), and the channel. */
  vatFen: z.number(),
  pitFen: z.number(),
  taxChannelName: z.string().nullable(),
  taxAt: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  cardMasked: z.string(),
  idCardMasked: z.string().nullable(),
  status: z.number(),
  reason: z.string().nullable(),
  payoutRef: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const idsRequest = z.object({
  ids: z
    .array(z.number({ error: '编号不正确' }).int().positive(), { error: '请选择记录' })
    .min(1, '请选择记录')
    .max(200, '一次最多处理200条'),
});
export const batchRejectRequest = idsRequest.extend({ reason: text('驳回原因', 200) });
export type BatchRejectRequest = z.infer<typeof batchRejectRequest>;

export const batchResult = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), msg: z.string() })),
});
export type BatchResult = z.infer<typeof batchResult>;

export const revealRequest = z.object({
  id: id('记录编号'),
  what: z.enum(['card', 'idCard'], { error: '查看内容不正确' }),
});
export const revealResult = z.object({ value: z.string() });

// ---------------------------------------------------------------------------------------------
// Agents
// ---------------------------------------------------------------------------------------------

/**
 * The agent picker: agents whose name starts with the keyword, whose mobile starts with it, or
 * whose invite code or id is it; 20 at a time by id (keyset), each with its top agent, so the
 * operator sees which tree an action reaches before confirming it.
 */
export const agentSearchQuery = z.object({
  keyword: z
    .string({ error: '请输入代理商姓名、手机号或邀请码' })
    .trim()
    .min(1, '请输入代理商姓名、手机号或邀请码')
    .max(32, '搜索内容不能超过32个字符'),
  topOnly: z.enum(['true', 'false'], { error: '只看一级代理的取值不正确' }).optional(),
  cursor: z.string().max(512, '分页游标不正确').optional(),
});
export type AgentSearchQuery = z.infer<typeof agentSearchQuery>;
export const AGENT_SEARCH_LIMIT = 20;
export const agentPick = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  inviteCode: z.string(),
  level: z.number(),
  depth: z.number(),
  status: z.number(),
  topId: z.number(),
  topName: z.string(),
  topMobile: z.string(),
});
export type AgentPick = z.infer<typeof agentPick>;

export const adminAgentQuery = listQueryBase.extend({
  keyword: z.string().trim().max(32).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  topOnly: z.enum(['true', 'false']).optional(),
});
export type AdminAgentQuery = z.infer<typeof adminAgentQuery>;

export const adminAgent = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  inviteCode: z.string(),
  level: z.number(),
  depth: z.number(),
  parentId: z.number().nullable(),
  topId: z.number().nullable(),
  status: z.number(),
  isSpecificAccount: z.boolean(),
  realNameVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminAgent = z.infer<typeof adminAgent>;

export const adminAgentDetail = z.object({
  agent: adminAgent,
  chain: z.array(adminAgent.pick({ id: true, name: true, mobile: true, level: true })),
  children: z.array(adminAgent),
  subtreeSize: z.number(),
  wallets: z.array(z.object({ walletType: z.string(), balanceFen: z.number() })),
  terminals: z.object({
    total: z.number(),
    unbound: z.number(),
    bound: z.number(),
    activated: z.number(),
  }),
  merchants: z.number(),
});
export type AdminAgentDetail = z.infer<typeof adminAgentDetail>;

export const createTopAgentRequest = z.object({
  name: text('姓名', 32),
  mobile: z.string({ error: '请填写手机号' }).regex(/^1\d{10}$/, '手机号格式不正确'),
  level: z.number({ error: '等级不正确' }).int('等级不正确').min(1, '等级不正确').max(99),
  isSpecificAccount: z.boolean().optional(),
});
export type CreateTopAgentRequest = z.infer<typeof createTopAgentRequest>;
export const createTopAgentResult = z.object({ agent: adminAgent, initialPassword: z.string() });

export const updateAgentRequest = z.object({
  id: id('代理编号'),
  level: z
    .number({ error: '等级不正确' })
    .int('等级不正确')
    .min(1, '等级不正确')
    .max(99)
    .optional(),
  isSpecificAccount: z.boolean({ error: '特殊账户标记不正确' }).optional(),
});
export const agentIdRequest = z.object({ id: id('代理编号') });
export const resetAgentPasswordResult = z.object({ initialPassword: z.string() });

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

export const adminBannerQuery = listQueryBase.extend({
  bannerType: z.coerce.number().int().min(1).max(2).optional(),
  isShow: z.enum(['true', 'false']).optional(),
});
export const adminBanner = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  bannerType: z.number(),
  isShow: z.boolean(),
  content: z.string(),
  sort: z.number(),
  createdAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBanner>;
export const saveBannerRequest = z.object({
  id: z.number().int().positive().optional(),
  title: text('标题', 64),
  imageUrl: siteImage('图片地址'),
  bannerType: z.union([z.literal(1), z.literal(2)], { error: '类型须为首页或商城' }),
  isShow: z.boolean({ error: '请选择是否显示' }),
  content: z.string().max(5000, '内容不能超过5000个字符').default(''),
  sort: z.number({ error: '排序不正确' }).int('排序须为整数').min(0, '排序不能为负').max(9999),
});
export type SaveBannerRequest = z.infer<typeof saveBannerRequest>;

export const adminNoticeQuery = listQueryBase.extend({
  keyword: z.string().trim().max(64).optional(),
});
export const adminNotice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type AdminNotice = z.infer<typeof adminNotice>;
export const saveNoticeRequest = z.object({
  id: z.number().int().positive().optional(),
  title: text('标题', 64),
  content: text('内容', 5000),
});
export type SaveNoticeRequest = z.infer<typeof saveNoticeRequest>;

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

export const auditQuery = listQueryBase.extend({
  operatorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: z.iso.date({ error: '开始日期格式为YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: '结束日期格式为YYYY-MM-DD' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditRecord = z.object({
  id: z.number(),
  operatorId: z.number().nullable(),
  operatorName: z.string(),
  role: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;
/** The operators an audit filter offers (every one that ever existed, disabled ones too). */
export const auditOperator = z.object({ id: z.number(), name: z.string(), role: z.string() });
export type AuditOperator = z.infer<typeof auditOperator>;

// ---------------------------------------------------------------------------------------------
// Ledger adjustments (maker-checker)
// ---------------------------------------------------------------------------------------------

export const ADJUSTABLE_WALLETS = ['profit', 'reward', 'capital_pool'] as const;
export const adjustmentQuery = listQueryBase.extend({
  status: z.coerce.number().int().min(0).max(2).optional(),
});
export const createAdjustmentRequest = z.object({
  agentId: z.number({ error: '请选择代理' }).int('代理编号不正确').positive('代理编号不正确'),
  walletType: z.enum(ADJUSTABLE_WALLETS, { error: '钱包类型不正确' }),
  amountFen: z
    .number({ error: '请填写金额' })
    .int('金额须为整数分')
    .refine((v) => v !== 0, '金额不能为0')
    .refine((v) => Math.abs(v) <= 100_000_000, '金额不能超过100万元'),
  reason: text('调整原因', 200),
});
export type CreateAdjustmentRequest = z.infer<typeof createAdjustmentRequest>;
export const decideAdjustmentRequest = z.object({
  id: id('调整编号'),
  approve: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional(),
});
export const adjustment = z.object({
  id: z.number(),
  agentId: z.number(),
  agentName: z.string(),
  walletType: z.string(),
  amountFen: z.number(),
  reason: z.string(),
  status: z.number(),
  makerId: z.number(),
  makerName: z.string(),
  checkerId: z.number().nullable(),
  checkerName: z.string().nullable(),
  entryId: z.number().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

const figures = z.object({
  volumeFen: z.number(),
  transactions: z.number(),
  sharesPaidFen: z.number(),
  adjustmentsFen: z.number(),
  newMerchants: z.number(),
  activations: z.number(),
});

/** What each dashboard figure counts, for the period (China time) it is shown for. */
export const DASHBOARD_FIGURES: Record<keyof z.infer<typeof figures>, { zh: string; en: string }> =
  {
    volumeFen: {
      zh: '成功支付交易的金额合计（不含退款、撤销）',
      en: 'Sum of successful payments (refunds and reversals not counted)',
    },
    transactions: { zh: '成功支付交易的笔数', en: 'Number of successful payments' },
    sharesPaidFen: {
      zh: '入账代理钱包的收益（分润、奖励、补贴），扣除退款冲回；不含人工调账',
      en: "Earnings credited to agents' wallets (shares, rewards, allowances) less refund reversals; adjustments not included",
    },
    adjustmentsFen: {
      zh: '复核通过的人工调账入账代理钱包的净额',
      en: "Net of approved manual adjustments posted to agents' wallets",
    },
    newMerchants: { zh: '期间内新建的商户数', en: 'Merchants created in the period' },
    activations: { zh: '期间内激活的终端数', en: 'Terminals activated in the period' },
  };
export const dashboard = z.object({
  today: figures,
  month: figures,
  terminalsByStatus: z.object({
    unbound: z.number(),
    bound: z.number(),
    activated: z.number(),
    deleted: z.number(),
  }),
  trend: z.array(z.object({ day: z.string(), volumeFen: z.number(), transactions: z.number() })),
  attention: z.object({
    pendingWithdrawals: z.number(),
    licenceReviews: z.number(),
    /** Identifications the verification refused that no operator has reviewed yet. */
    identificationReviews: z.number(),
    flaggedNotifications: z.number(),
    failedJobs: z.number(),
    pendingAdjustments: z.number(),
    ledgerBalanced: z.boolean(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;

// ---------------------------------------------------------------------------------------------
// Terminals, jobs, licences
// ---------------------------------------------------------------------------------------------

export const terminalImportPreviewRequest = z.object({
  fileName: text('文件名', 200),
  csv: z
    .string({ error: '请选择CSV文件' })
    .min(1, '请选择CSV文件')
    .max(8 * 1024 * 1024, 'CSV文件不能超过8MB'),
});
export const importProblem = z.object({ line: z.number(), sn: z.string(), msg: z.string() });
export const terminalImportPreview = z.object({
  id: z.number(),
  totalRows: z.number(),
  validRows: z.number(),
  problemCount: z.number(),
  problems: z.array(importProblem),
  sample: z.array(
    z.object({ line: z.number(), sn: z.string(), brand: z.string(), model: z.string() }),
  ),
});
export type TerminalImportPreview = z.infer<typeof terminalImportPreview>;
export const terminalImportProgress = z.object({
  id: z.number(),
  fileName: z.string(),
  totalRows: z.number(),
  validRows: z.number(),
  doneRows: z.number(),
  /** 0 previewed, 1 importing, 2 done, 3 failed */
  status: z.number(),
  error: z.string().nullable(),
});
export type TerminalImportProgress = z.infer<typeof terminalImportProgress>;
export const importIdQuery = z.object({ id: id('导入编号') });
export const allocateToTopRequest = z.object({
  toAgentId: z.number({ error: '请选择一级代理商' }).int().positive('请选择一级代理商'),
  /** Every terminal a finished import wrote. */
  importId: z.number().int().positive().optional(),
  sns: z.array(z.string().max(32)).max(10_000).optional(),
  startSn: z.string().max(32).optional(),
  endSn: z.string().max(32).optional(),
});
export type AllocateToTopRequest = z.infer<typeof allocateToTopRequest>;

export const jobRunQuery = listQueryBase.extend({
  job: z.string().trim().max(32).optional(),
  status: z.coerce.number().int().min(-1).max(2).optional(),
});
export const adminJobRun = z.object({
  id: z.number(),
  job: z.string(),
  period: z.string(),
  status: z.number(),
  processed: z.number(),
  postedFen: z.number(),
  error: z.string().nullable(),
  runs: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AdminJobRun = z.infer<typeof adminJobRun>;

export const licenceQuery = listQueryBase.extend({
  status: z.coerce.number().int().min(0).max(3).optional(),
});
export const adminLicence = z.object({
  id: z.number(),
  merchantNo: z.string(),
  name: z.string(),
  agentName: z.string(),
  licenceNo: z.string().nullable(),
  licenceName: z.string().nullable(),
  licenceStatus: z.number(),
  updatedAt: z.string(),
  files: z.array(z.object({ id: z.number(), kind: z.string() })),
});
export type AdminLicence = z.infer<typeof adminLicence>;
export const decideLicenceRequest = z.object({
  id: id('商户编号'),
  approve: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '驳回理由不能超过200个字符').optional(),
});

// ---------------------------------------------------------------------------------------------
// Operators and system parameters
// ---------------------------------------------------------------------------------------------

export const adminOperatorRow = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.number(),
  totpEnrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type AdminOperatorRow = z.infer<typeof adminOperatorRow>;
export const createOperatorRequest = z.object({
  username: z
    .string({ error: '请填写账号' })
    .regex(/^[a-z][a-z0-9_.-]{2,31}$/, '账号为3-32位小写字母、数字或 _ . -，以字母开头'),
  name: text('姓名', 32),
  role: z.enum(ROLES, { error: '请选择角色' }),
});
export type CreateOperatorRequest = z.infer<typeof createOperatorRequest>;
export const operatorIdRequest = z.object({ id: id('操作员编号') });
export const operatorRoleRequest = z.object({
  id: id('操作员编号'),
  role: z.enum(ROLES, { error: '请选择角色' }),
});
export type OperatorRoleRequest = z.infer<typeof operatorRoleRequest>;

/**
 * Changes that give an operator power wait for a second super admin (decision 022): creating
 * one, changing its role, enabling it again, resetting its authenticator.
 */
export const OPERATOR_CHANGE_KINDS = ['create', 'role', 'enable', 'reset_totp'] as const;
export type OperatorChangeKind = (typeof OPERATOR_CHANGE_KINDS)[number];
export const operatorChangeRow = z.object({
  id: z.number(),
  kind: z.enum(OPERATOR_CHANGE_KINDS),
  operatorId: z.number().nullable(),
  /** The operator's username: the one to create, or the existing one's. */
  username: z.string(),
  name: z.string(),
  /** create: the role it gets; role: the new role; otherwise null. */
  role: z.enum(ROLES).nullable(),
  /** The operator's role before a role change. */
  fromRole: z.enum(ROLES).nullable(),
  status: z.number(),
  proposedBy: z.number(),
  proposedByName: z.string(),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OperatorChangeRow = z.infer<typeof operatorChangeRow>;
export const decideOperatorChangeRequest = z.object({
  id: id('变更编号'),
  approve: z.boolean({ error: '请选择批准或驳回' }),
  reason: z.string().trim().max(200, '驳回原因不能超过200个字符').optional(),
});
export type DecideOperatorChangeRequest = z.infer<typeof decideOperatorChangeRequest>;
/**
 * A decided change; creating an operator or resetting its authenticator issues a temporary
 * password, shown this once to the approving super admin, that the operator replaces at its
 * first sign-in before enrolling an authenticator.
 */
export const operatorChangeDecision = z.object({
  status: z.number(),
  operatorId: z.number().nullable(),
  username: z.string(),
  tempPassword: z.string().nullable(),
});
export type OperatorChangeDecision = z.infer<typeof operatorChangeDecision>;

export const systemParamRow = z.object({
  key: z.string(),
  name: z.string(),
  value: z.string(),
  public: z.boolean(),
  updatedAt: z.string(),
});
export type SystemParamRow = z.infer<typeof systemParamRow>;
export const saveParamRequest = z.object({
  key: text('参数键', 100),
  value: z.string({ error: '请填写参数值' }).max(10_000, '参数值过长'),
});

// ---------------------------------------------------------------------------------------------
// Transactions search
// ---------------------------------------------------------------------------------------------

/** Most days one transactions list spans (China-time days, both ends included). */
export const TXN_LIST_MAX_DAYS = 31;
export const adminTxnQuery = listQueryBase.extend({
  sn: z.string().trim().max(32, 'SN不能超过32个字符').optional(),
  acquirerTxnId: z.string().trim().max(64, '收单交易号不能超过64个字符').optional(),
  merchantNo: z.string().trim().max(32, '商户号不能超过32个字符').optional(),
  flagged: z.enum(['true', 'false'], { error: '只看异常的取值不正确' }).optional(),
  /** China-time days; today when no SN, acquirer id or merchant number narrows the list. */
  from: z.iso.date({ error: '开始日期格式为YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: '结束日期格式为YYYY-MM-DD' }).optional(),
  /** The agent's whole subtree (where each terminal was when it traded). */
  agentId: z.coerce
    .number({ error: '代理商不正确' })
    .int('代理商不正确')
    .positive('代理商不正确')
    .optional(),
  status: z.coerce
    .number({ error: '交易状态不正确' })
    .int('交易状态不正确')
    .min(1, '交易状态不正确')
    .max(3, '交易状态不正确')
    .optional(),
});
export type AdminTxnQuery = z.infer<typeof adminTxnQuery>;
export const adminTxn = z.object({
  id: z.number(),
  acquirerTxnId: z.string(),
  kind: z.number(),
  sn: z.string(),
  merchantName: z.string().nullable(),
  agentName: z.string().nullable(),
  agentMobile: z.string().nullable(),
  status: z.number(),
  amountFen: z.number(),
  feeFen: z.number().nullable(),
  flag: z.string().nullable(),
  tradeTime: z.string(),
});
export type AdminTxn = z.infer<typeof adminTxn>;

// ---------------------------------------------------------------------------------------------
// Terminal history and agent statements
// ---------------------------------------------------------------------------------------------

export const snHistoryQuery = z.object({
  sn: z
    .string({ error: '请输入SN' })
    .trim()
    .min(1, '请输入SN')
    .max(32, 'SN格式错误')
    .transform((v) => v.toUpperCase()),
});
export const snHistory = z.object({
  terminal: z.object({
    id: z.number(),
    sn: z.string(),
    brand: z.string(),
    model: z.string(),
    holderName: z.string().nullable(),
    merchantName: z.string().nullable(),
    bindStatus: z.number(),
    deleted: z.boolean(),
    createdAt: z.string(),
  }),
  operations: z.array(
    z.object({
      id: z.number(),
      type: z.number(),
      status: z.number(),
      operatorName: z.string(),
      fromName: z.string().nullable(),
      toName: z.string().nullable(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SnHistory = z.infer<typeof snHistory>;

export const statementQuery = listQueryBase.extend({
  agentId: z.coerce
    .number({ error: '请输入代理商ID' })
    .int('代理商ID不正确')
    .positive('代理商ID不正确'),
  walletType: z
    .enum(['profit', 'reward', 'capital_pool', 'frozen'], { error: '钱包类型不正确' })
    .default('profit'),
});
export const statementLine = z.object({
  id: z.number(),
  entryId: z.number(),
  amountFen: z.number(),
  infoType: z.string(),
  txnId: z.number().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;

// ---------------------------------------------------------------------------------------------
// Policies: product policies, root openings for top-level agents, a terminal's chain
// ---------------------------------------------------------------------------------------------

export const adminPolicyQuery = listQueryBase.extend({
  brandId: z.coerce
    .number({ error: '品牌不正确' })
    .int('品牌不正确')
    .positive('品牌不正确')
    .optional(),
  keyword: z.string().trim().max(50, '搜索内容最多50个字').optional(),
});

export const adminPolicy = z.object({
  id: z.number(),
  brandId: z.number(),
  brandName: z.string(),
  name: z.string(),
  version: z.number(),
  activationThresholdFen: z.number(),
  activationWindowDays: z.number(),
  standardMonthCount: z.number(),
  /** How many top-level agents hold it (their root policy). */
  topAgentsOpened: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPolicy = z.infer<typeof adminPolicy>;

/** One version of a product policy: its name and terms as they stood, who made it and when. */
export const adminPolicyVersion = z.object({
  version: z.number(),
  name: z.string(),
  terms: productPolicyView,
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPolicyVersion = z.infer<typeof adminPolicyVersion>;

export const adminPolicyDetail = z.object({
  policy: adminPolicy,
  terms: productPolicyView,
  /** Newest first; empty until the policy is first edited (version 1 is then kept too). */
  versions: z.array(adminPolicyVersion),
});
export type AdminPolicyDetail = z.infer<typeof adminPolicyDetail>;

export const adminPolicyTopAgentQuery = listQueryBase.extend({
  policyId: id('政策'),
  keyword: z.string().trim().max(32, '搜索内容最多32个字').optional(),
});

/** A top-level agent and its root policy under one product policy, if opened. */
export const adminPolicyTopAgent = z.object({
  agentId: z.number(),
  name: z.string(),
  mobile: z.string(),
  status: z.number(),
  agentPolicyId: z.number().nullable(),
  version: z.number().nullable(),
  /** POS swipe cost (rate type 1) in ppm, the figure compared first. */
  posCost: z.number().nullable(),
  activationRewardFen: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminPolicyTopAgent = z.infer<typeof adminPolicyTopAgent>;

export const adminRootDraftQuery = z.object({ agentId: id('代理'), policyId: id('政策') });

/**
 * What the root-opening form starts from: the product (with the acquirer's cost) and the agent's
 * current terms, or a starting point that keeps the platform a margin when none were opened.
 */
export const adminRootDraft = z.object({
  agent: z.object({ id: z.number(), name: z.string(), mobile: z.string() }),
  policyId: z.number(),
  policyName: z.string(),
  brandName: z.string(),
  product: productPolicyView,
  terms: agentPolicyTermsSchema,
  opened: z.boolean(),
  version: z.number().nullable(),
});
export type AdminRootDraft = z.infer<typeof adminRootDraft>;

export const adminPolicyChainQuery = z.object({
  sn: z
    .string({ error: '请输入SN' })
    .trim()
    .min(1, '请输入SN')
    .max(32, 'SN不能超过32个字符')
    .transform((v) => v.toUpperCase()),
});

/**
 * What settlement uses for one terminal: from the platform down to its holder, each level's costs
 * and rewards under the terminal's policy and what that level keeps from this terminal's volume
 * (per 10,000 yuan at the standard rate; per capped payment for the debit-card cap) and from its
 * activation. A level without terms breaks the chain and is named.
 */
export const adminPolicyChain = z.object({
  sn: z.string(),
  brandName: z.string(),
  policyId: z.number().nullable(),
  policyName: z.string().nullable(),
  holderAgentId: z.number().nullable(),
  merchantName: z.string().nullable(),
  levels: z.array(
    z.object({
      /** Null for the platform. */
      agentId: z.number().nullable(),
      name: z.string(),
      mobile: z.string(),
      agentPolicyId: z.number().nullable(),
      version: z.number().nullable(),
      rates: z.array(agentRateSchema.pick({ rateType: true, cost: true })),
      activationRewardFen: z.number().nullable(),
      keeps: z.array(z.object({ rateType: z.number(), fen: z.number() })),
      activationKeepsFen: z.number().nullable(),
    }),
  ),
  /** The first level on the way down without terms for this policy, if any. */
  brokenAt: z.number().nullable(),
});
export type AdminPolicyChain = z.infer<typeof adminPolicyChain>;

// ---------------------------------------------------------------------------------------------
// App versions and the app config
// ---------------------------------------------------------------------------------------------

export const adminAppVersionQuery = listQueryBase.extend({
  platform: z.enum(APP_PLATFORMS, { error: '平台不正确' }).optional(),
});

export const adminAppVersion = z.object({
  id: z.number(),
  platform: z.enum(APP_PLATFORMS),
  version: z.string(),
  /** 'wgt' for a hot update of the web bundle, 'apk' / 'ipa' for a full package link. */
  type: z.string(),
  title: z.string(),
  contents: z.string(),
  mandatory: z.boolean(),
  url: z.string(),
  sha256: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  minVersion: z.string().nullable(),
  createdAt: z.string(),
  /** A hot update is offered to the apps only once a second operator approved it. */
  status: z.enum(['pending', 'published', 'rejected']),
  /** Who uploaded a hot update, and who approved or rejected it (null for older rows). */
  proposedById: z.number().nullable(),
  proposedByName: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminAppVersion = z.infer<typeof adminAppVersion>;

/** A second operator approves (makes live) or rejects a pending hot update. */
export const decideHotUpdateRequest = z.object({
  id: z.number({ error: '版本不正确' }).int().positive('版本不正确'),
  approve: z.boolean({ error: '请选择批准或驳回' }),
  reason: z.string().trim().max(200, '驳回原因不能超过200个字').optional(),
});
export type DecideHotUpdateRequest = z.infer<typeof decideHotUpdateRequest>;

const versionNumber = z
  .string({ error: '请输入版本号' })
  .trim()
  .regex(/^\d+\.\d+\.\d+$/, '版本号格式错误，如 1.2.0');

/** A full package (Android apk, iOS) published as a download address. */
export const publishPackageRequest = z.object({
  platform: z.enum(['android', 'ios'], { error: '平台不正确' }),
  version: versionNumber,
  title: text('标题', 60),
  contents: z.string().trim().max(2000, '更新内容最多2000个字').default(''),
  mandatory: z.boolean().default(false),
  url: safeLink('下载地址', { httpsOnly: true, iosManifest: true }),
  /** The package's SHA-256 as the release pipeline computed it, when known. */
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i, 'SHA-256 须为64位十六进制')
    .optional(),
});
export type PublishPackageRequest = z.infer<typeof publishPackageRequest>;

export const adminAppConfig = appConfig.omit({
  domain: true,
  serverVersion: true,
  clearVersion: true,
});
export type AdminAppConfig = z.infer<typeof adminAppConfig>;

export const saveAppConfigRequest = z.object({
  appName: text('应用名称', 30),
  servicePhone: z
    .string({ error: '请填写客服电话' })
    .trim()
    .regex(/^[0-9-]{5,20}$/, '客服电话格式不正确'),
  androidUrl: safeLink('Android 下载地址', { optional: true, httpsOnly: true }),
  iosUrl: safeLink('iOS 下载地址', { optional: true, httpsOnly: true, iosManifest: true }),
  sharePoster: z.object({
    isShow: z.boolean({ error: '海报开关不正确' }),
    imageUrl: siteImage('海报地址', { optional: true }),
  }),
});
export type SaveAppConfigRequest = z.infer<typeof saveAppConfigRequest>;

// ---------------------------------------------------------------------------------------------
// Brands and models
// ---------------------------------------------------------------------------------------------

export const adminBrand = z.object({
  id: z.number(),
  name: z.string(),
  models: z.array(z.string()),
  /** Product policies defined for the brand. */
  policyCount: z.number(),
  createdAt: z.string(),
});
export type AdminBrand = z.infer<typeof adminBrand>;

export const saveBrandModelsRequest = z.object({
  id: id('品牌'),
  models: z
    .array(z.string().trim().min(1, '型号不能为空').max(40, '型号格式错误'))
    .min(1, '请至少保留一个型号')
    .max(50, '型号最多50个'),
});
export type SaveBrandModelsRequest = z.infer<typeof saveBrandModelsRequest>;
