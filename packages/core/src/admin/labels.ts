/**
 * Words for the console's enumerations that are stored as codes: audit actions and their target
 * types, the jobs recorded in job_runs. The server types its audit calls and job keys with these
 * lists, so a new action or job cannot be written without its Chinese and English names; the
 * console shows the words, never the codes (issue 28).
 */
import { JOB_NAMES } from '../api/wallet';

type Words = { zh: string; en: string };

export const AUDIT_ACTION_LABELS = {
  'adjustment.create': { zh: '发起账务调整', en: 'Propose an adjustment' },
  'adjustment.approve': { zh: '通过账务调整', en: 'Approve an adjustment' },
  'adjustment.reject': { zh: '驳回账务调整', en: 'Reject an adjustment' },
  'agent.create_top': { zh: '新建一级代理', en: 'Create a top agent' },
  'agent.update': { zh: '修改代理', en: 'Edit an agent' },
  'agent.disable': { zh: '停用代理', en: 'Disable an agent' },
  'agent.enable': { zh: '启用代理', en: 'Enable an agent' },
  'agent.reset_password': { zh: '重置代理密码', en: "Reset an agent's password" },
  'app_config.update': { zh: '修改应用配置', en: 'Edit the app configuration' },
  'channel.update': { zh: '修改收单通道', en: 'Change an acquirer channel' },
  'channel_change.propose': { zh: '发起通道变更', en: 'Propose a channel change' },
  'channel_change.approve': { zh: '通过通道变更', en: 'Approve a channel change' },
  'channel_change.reject': { zh: '驳回通道变更', en: 'Reject a channel change' },
  'channel_push.replay': { zh: '重放通道推送', en: 'Replay a channel push' },
  'provider_keys.propose': { zh: '发起外部服务密钥变更', en: 'Propose provider keys' },
  'provider_keys.approve': { zh: '通过外部服务密钥变更', en: 'Approve provider keys' },
  'provider_keys.reject': { zh: '驳回外部服务密钥变更', en: 'Reject provider keys' },
  'provider_keys.update': { zh: '更新外部服务密钥', en: 'Update provider keys' },
  'app_version.propose_bundle': { zh: '上传热更新包', en: 'Upload a hot update' },
  'app_version.approve_bundle': { zh: '批准热更新包', en: 'Approve a hot update' },
  'app_version.reject_bundle': { zh: '驳回热更新包', en: 'Reject a hot update' },
  'app_version.publish_package': { zh: '提交安装包', en: 'Submit an app package' },
  'app_version.approve_package': { zh: '批准安装包', en: 'Approve an app package' },
  'app_version.reject_package': { zh: '驳回安装包', en: 'Reject an app package' },
  'app_version.withdraw': { zh: '撤回版本', en: 'Withdraw a version' },
  'banner.create': { zh: '新建轮播图', en: 'Create a banner' },
  'banner.update': { zh: '修改轮播图', en: 'Edit a banner' },
  'banner.delete': { zh: '删除轮播图', en: 'Delete a banner' },
  'brand.create': { zh: '新建品牌', en: 'Create a brand' },
  'brand.models': { zh: '修改品牌型号', en: "Edit a brand's models" },
  'file.upload': { zh: '上传文件', en: 'Upload a file' },
  'identification.approve': { zh: '通过实名认证复核', en: 'Approve an identification' },
  'identification.reject': { zh: '驳回实名认证复核', en: 'Reject an identification' },
  'job.run': { zh: '手动执行任务', en: 'Run a job' },
  'licence.approve': { zh: '通过营业执照', en: 'Approve a licence' },
  'licence.reject': { zh: '驳回营业执照', en: 'Reject a licence' },
  'mall_order.cancel': { zh: '取消商城订单', en: 'Cancel a mall order' },
  'mall_order.ship': { zh: '商城订单发货', en: 'Ship a mall order' },
  'mall_product.create': { zh: '新建商城商品', en: 'Create a mall product' },
  'mall_product.update': { zh: '修改商城商品', en: 'Edit a mall product' },
  'mall_quota.save': { zh: '设置免费领取额度', en: 'Set a free-claim quota' },
  'message.publish': { zh: '发布消息', en: 'Publish a message' },
  'notice.create': { zh: '新建公告', en: 'Create a notice' },
  'notice.update': { zh: '修改公告', en: 'Edit a notice' },
  'notice.delete': { zh: '删除公告', en: 'Delete a notice' },
  'operator.create': { zh: '新建操作员', en: 'Create an operator' },
  'operator.role': { zh: '修改操作员角色', en: "Change an operator's role" },
  'operator.enable': { zh: '启用操作员', en: 'Enable an operator' },
  'operator.disable': { zh: '停用操作员', en: 'Disable an operator' },
  'operator.reset_totp': { zh: '重置操作员登录', en: "Reset an operator's sign-in" },
  'operator.password_change': { zh: '操作员修改密码', en: 'Operator changed password' },
  'operator.totp_enrol': { zh: '操作员绑定验证器', en: 'Operator enrolled an authenticator' },
  'operator_change.propose': { zh: '提议操作员变更', en: 'Propose an operator change' },
  'operator_change.approve': { zh: '批准操作员变更', en: 'Approve an operator change' },
  'operator_change.reject': { zh: '驳回操作员变更', en: 'Reject an operator change' },
  'param.update': { zh: '修改系统参数', en: 'Edit a system parameter' },
  'pii.reveal': { zh: '查看完整证件/卡号', en: 'Reveal an ID or card number' },
  'school_category.save': { zh: '保存商学院分类', en: 'Save a school category' },
  'school_item.create': { zh: '发布商学院内容', en: 'Publish school content' },
  'school_item.update': { zh: '修改商学院内容', en: 'Edit school content' },
  'school_item.delete': { zh: '删除商学院内容', en: 'Delete school content' },
  'reward_scheme.save': { zh: '保存达标奖励方案', en: 'Save a reward scheme' },
  'false_activation.propose': { zh: '提交伪激活处理', en: 'Propose a false-activation decision' },
  'false_activation.approve': { zh: '复核通过伪激活处理', en: 'Approve a false activation' },
  'false_activation.reject': { zh: '驳回伪激活处理', en: 'Reject a false-activation decision' },
  'policy.create': { zh: '新建政策', en: 'Create a policy' },
  'policy.update': { zh: '修改政策', en: 'Edit a policy' },
  'policy.open_top': { zh: '开通一级代理政策', en: "Open a top agent's policy" },
  'policy.edit_top': { zh: '修改一级代理政策', en: "Edit a top agent's policy" },
  'sms.outbox.read': { zh: '查看模拟短信', en: 'Read the simulated SMS' },
  'terminal.import': { zh: '导入终端', en: 'Import terminals' },
  'terminal.allocate': { zh: '划拨终端', en: 'Allocate terminals' },
  'terminal.reclaim': { zh: '回收终端', en: 'Reclaim terminals' },
  'terminal.delete': { zh: '删除终端', en: 'Delete terminals' },
  'terminal.brand': { zh: '修改终端品牌', en: "Change terminals' brand" },
  'text.publish': { zh: '发布文本', en: 'Publish a text' },
  'tax_channel_change.propose': { zh: '发起税务通道变更', en: 'Propose a tax channel change' },
  'tax_channel_change.approve': { zh: '通过税务通道变更', en: 'Approve a tax channel change' },
  'tax_channel_change.reject': { zh: '驳回税务通道变更', en: 'Reject a tax channel change' },
  'tax_channel.update': { zh: '修改税务通道', en: 'Change a tax channel' },
  'ticket.assign': { zh: '分派工单', en: 'Assign a ticket' },
  'ticket.reply': { zh: '回复工单', en: 'Reply to a ticket' },
  'ticket.close': { zh: '关闭工单', en: 'Close a ticket' },
  'transaction.attach': { zh: '挂接交易到终端', en: 'Attach a transaction to a terminal' },
  'withdrawal.approve': { zh: '通过提现', en: 'Approve a withdrawal' },
  'withdrawal.reject': { zh: '驳回提现', en: 'Reject a withdrawal' },
  'withdrawal.pay': { zh: '提现打款', en: 'Pay a withdrawal' },
  'withdrawal.pay_failed': { zh: '提现打款失败', en: 'Withdrawal payout failed' },
  'withdrawal.pay_pending': { zh: '提现打款处理中', en: 'Withdrawal payout in progress' },
  'withdrawal.retry': { zh: '重试提现打款', en: 'Retry a withdrawal payout' },
} as const satisfies Record<string, Words>;

/** Every action the audit log records (`area.verb`). */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const AUDIT_TARGET_LABELS: Record<string, Words> = {
  agent: { zh: '代理商', en: 'Agent' },
  agent_policy: { zh: '代理政策', en: "Agent's policy" },
  app_config: { zh: '应用配置', en: 'App configuration' },
  app_version: { zh: '应用版本', en: 'App version' },
  banner: { zh: '轮播图', en: 'Banner' },
  brand: { zh: '品牌', en: 'Brand' },
  channel: { zh: '收单通道', en: 'Acquirer channel' },
  channel_change: { zh: '通道变更', en: 'Channel change' },
  provider_key_change: { zh: '外部服务密钥变更', en: 'Provider keys change' },
  provider: { zh: '外部服务', en: 'Outside provider' },
  channel_push: { zh: '通道推送', en: 'Channel push' },
  tax_channel: { zh: '税务通道', en: 'Tax channel' },
  tax_channel_change: { zh: '税务通道变更', en: 'Tax channel change' },
  content_file: { zh: '文件', en: 'File' },
  content_text: { zh: '文本', en: 'Text' },
  job: { zh: '任务', en: 'Job' },
  ledger_adjustment: { zh: '账务调整', en: 'Adjustment' },
  mall_order: { zh: '商城订单', en: 'Mall order' },
  mall_product: { zh: '商城商品', en: 'Mall product' },
  merchant: { zh: '商户', en: 'Merchant' },
  message: { zh: '消息', en: 'Message' },
  notice: { zh: '公告', en: 'Notice' },
  operator: { zh: '操作员', en: 'Operator' },
  operator_change: { zh: '操作员变更', en: 'Operator change' },
  policy: { zh: '政策', en: 'Policy' },
  reward_scheme: { zh: '达标奖励方案', en: 'Reward scheme' },
  false_activation: { zh: '伪激活', en: 'False activation' },
  school_category: { zh: '商学院分类', en: 'School category' },
  school_item: { zh: '商学院内容', en: 'School content' },
  sms_outbox: { zh: '模拟短信', en: 'Simulated SMS' },
  system_param: { zh: '系统参数', en: 'System parameter' },
  terminal_import: { zh: '终端导入', en: 'Terminal import' },
  terminal_operation: { zh: '终端操作', en: 'Terminal operation' },
  ticket: { zh: '客服工单', en: 'Support ticket' },
  transaction: { zh: '交易', en: 'Transaction' },
  withdrawal: { zh: '提现', en: 'Withdrawal' },
};

/**
 * Every job that records its periods in job_runs: the ones an operator may run (JOB_NAMES) and
 * the scheduler's own.
 */
export const JOB_KEYS = [
  ...JOB_NAMES,
  'recall_auto_pass',
  'acquirer_timeouts',
  'mall_order_timeouts',
  'mall_gateway_refunds',
  'mall_gateway_queries',
  'withdrawal_payouts',
  'mall_auto_receive',
  'ledger_partitions',
  'reward_schemes',
  'earnings_summary',
] as const;
export type JobKey = (typeof JOB_KEYS)[number];

export const JOB_LABELS: Record<JobKey, Words> = {
  settlement: { zh: '分润结算', en: 'Settlement' },
  activation: { zh: '激活判定', en: 'Activation' },
  standard_check: { zh: '达标考核', en: 'Standard assessment' },
  comm_fee: { zh: '流量费收取', en: 'Communication fees' },
  monthly_allowance: { zh: '月度津贴', en: 'Monthly allowance' },
  credit_deduction: { zh: '货款代扣', en: 'Terminal credit deductions' },
  recall_auto_pass: { zh: '回拨超时自动通过', en: 'Overdue recalls passed' },
  acquirer_timeouts: { zh: '收单变更超时', en: 'Acquirer change timeouts' },
  mall_order_timeouts: { zh: '商城订单超时关闭', en: 'Unpaid mall orders closed' },
  mall_gateway_refunds: { zh: '商城支付退款', en: 'Mall payment refunds' },
  mall_gateway_queries: { zh: '商城支付结果查询', en: 'Mall payment results asked' },
  withdrawal_payouts: { zh: '提现打款结果查询', en: 'Withdrawal payout results asked' },
  mall_auto_receive: { zh: '商城订单自动收货', en: 'Mall orders auto-received' },
  ledger_partitions: { zh: '账务分区维护', en: 'Ledger partitions' },
  reward_schemes: { zh: '达标奖励方案考核入账', en: 'Reward schemes assessed and credited' },
  earnings_summary: { zh: '每日收益消息', en: 'Daily earnings messages' },
};

const pick = (words: Words | undefined, code: string, lang: 'zh' | 'en') =>
  words ? words[lang] : code;

/** An audit action in words (the code itself only for an action this build does not know). */
export function auditActionLabel(action: string, lang: 'zh' | 'en' = 'zh'): string {
  return pick((AUDIT_ACTION_LABELS as Record<string, Words>)[action], action, lang);
}

export function auditTargetLabel(targetType: string, lang: 'zh' | 'en' = 'zh'): string {
  return pick(AUDIT_TARGET_LABELS[targetType], targetType, lang);
}

export function jobLabel(job: string, lang: 'zh' | 'en' = 'zh'): string {
  return pick((JOB_LABELS as Record<string, Words>)[job], job, lang);
}
