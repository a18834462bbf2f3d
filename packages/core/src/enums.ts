/**
 * Display enumerations of product spec section 3, each with a Chinese and an English label.
 *
 * The numeric values are the ones stored in the database and sent over the wire, so they must
 * never be renumbered; only the labels are free to change.
 */

export type Lang = 'zh' | 'en';

export interface EnumOption<V extends number | string = number> {
  value: V;
  zh: string;
  en: string;
}

/** Reads the label of an option in the requested language. */
function labelOf(option: { zh: string; en: string }, lang: Lang): string {
  return lang === 'en' ? option.en : option.zh;
}

// ---------------------------------------------------------------------------------------------
// Terminals
// ---------------------------------------------------------------------------------------------

/** Value 2 is intentionally absent: the spec jumps from bound (1) to activated (3). */
export const BIND_STATUS = { UNBOUND: 0, BOUND: 1, ACTIVATED: 3 } as const;
export type BindStatus = (typeof BIND_STATUS)[keyof typeof BIND_STATUS];
export const bindStatusOptions: readonly EnumOption<BindStatus>[] = [
  { value: BIND_STATUS.UNBOUND, zh: '未绑定', en: 'Unbound' },
  { value: BIND_STATUS.BOUND, zh: '已绑定', en: 'Bound' },
  { value: BIND_STATUS.ACTIVATED, zh: '已激活', en: 'Activated' },
];

export const TERMINAL_OPERATE_TYPE = {
  ALLOCATE: 0,
  TRANSFER: 1,
  RECALL: 2,
  BIND: 3,
  UNBIND: 4,
  RECLAIM: 5,
  DELETE: 6,
} as const;
export type TerminalOperateType =
  (typeof TERMINAL_OPERATE_TYPE)[keyof typeof TERMINAL_OPERATE_TYPE];
export const terminalOperateTypeOptions: readonly EnumOption<TerminalOperateType>[] = [
  { value: TERMINAL_OPERATE_TYPE.ALLOCATE, zh: '下发', en: 'Allocate' },
  { value: TERMINAL_OPERATE_TYPE.TRANSFER, zh: '划拨', en: 'Transfer' },
  { value: TERMINAL_OPERATE_TYPE.RECALL, zh: '回拨', en: 'Recall' },
  { value: TERMINAL_OPERATE_TYPE.BIND, zh: '绑定', en: 'Bind' },
  { value: TERMINAL_OPERATE_TYPE.UNBIND, zh: '解绑', en: 'Unbind' },
  { value: TERMINAL_OPERATE_TYPE.RECLAIM, zh: '回收', en: 'Reclaim' },
  { value: TERMINAL_OPERATE_TYPE.DELETE, zh: '删除', en: 'Delete' },
];

export const OPERATE_STATUS = { PENDING: 0, PASSED: 1, REJECTED: 2 } as const;
export type OperateStatus = (typeof OPERATE_STATUS)[keyof typeof OPERATE_STATUS];
export const operateStatusOptions: readonly EnumOption<OperateStatus>[] = [
  { value: OPERATE_STATUS.PENDING, zh: '待审核', en: 'Pending' },
  { value: OPERATE_STATUS.PASSED, zh: '已通过', en: 'Passed' },
  { value: OPERATE_STATUS.REJECTED, zh: '已驳回', en: 'Rejected' },
];

export const CHANGE_SERVICE_STATUS = { APPLYING: 0, PROCESSING: 1, DONE: 2, FAILED: 3 } as const;
export type ChangeServiceStatus =
  (typeof CHANGE_SERVICE_STATUS)[keyof typeof CHANGE_SERVICE_STATUS];
export const changeServiceStatusOptions: readonly EnumOption<ChangeServiceStatus>[] = [
  { value: CHANGE_SERVICE_STATUS.APPLYING, zh: '申请中', en: 'Applying' },
  { value: CHANGE_SERVICE_STATUS.PROCESSING, zh: '处理中', en: 'Processing' },
  { value: CHANGE_SERVICE_STATUS.DONE, zh: '已完成', en: 'Done' },
  { value: CHANGE_SERVICE_STATUS.FAILED, zh: '失败', en: 'Failed' },
];

// ---------------------------------------------------------------------------------------------
// Payments and transactions
// ---------------------------------------------------------------------------------------------

export const PAY_TYPE = {
  POS: 1,
  ALIPAY: 2,
  WECHAT: 3,
  QUICK_PAY: 4,
  UNIONPAY_QR: 5,
  WECHAT_MERCHANT_SCAN: 6,
  ALIPAY_MERCHANT_SCAN: 7,
} as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];
export const payTypeOptions: readonly EnumOption<PayType>[] = [
  { value: PAY_TYPE.POS, zh: 'POS刷卡', en: 'POS' },
  { value: PAY_TYPE.ALIPAY, zh: '支付宝', en: 'Alipay' },
  { value: PAY_TYPE.WECHAT, zh: '微信', en: 'WeChat' },
  { value: PAY_TYPE.QUICK_PAY, zh: '快捷支付', en: 'Quick pay' },
  { value: PAY_TYPE.UNIONPAY_QR, zh: '银联二维码', en: 'UnionPay QR' },
  { value: PAY_TYPE.WECHAT_MERCHANT_SCAN, zh: '微信商户扫码', en: 'WeChat merchant scan' },
  { value: PAY_TYPE.ALIPAY_MERCHANT_SCAN, zh: '支付宝商户扫码', en: 'Alipay merchant scan' },
];

export const TOTAL_TYPE = {
  POS_CREDIT: 1,
  POS_DEBIT: 2,
  CLOUD_FLASH_PAY: 3,
  QR: 4,
  VIP_CREDIT: 5,
  VIP_DEBIT: 6,
  QUICK_PAY: 7,
  SERVICE_FEE: 8,
  COMMUNICATION_FEE: 9,
} as const;
export type TotalType = (typeof TOTAL_TYPE)[keyof typeof TOTAL_TYPE];
export const totalTypeOptions: readonly EnumOption<TotalType>[] = [
  { value: TOTAL_TYPE.POS_CREDIT, zh: 'POS贷记卡', en: 'POS credit' },
  { value: TOTAL_TYPE.POS_DEBIT, zh: 'POS借记卡', en: 'POS debit' },
  { value: TOTAL_TYPE.CLOUD_FLASH_PAY, zh: '云闪付', en: 'Cloud flash pay' },
  { value: TOTAL_TYPE.QR, zh: '扫码', en: 'QR' },
  { value: TOTAL_TYPE.VIP_CREDIT, zh: 'VIP贷记卡', en: 'VIP credit' },
  { value: TOTAL_TYPE.VIP_DEBIT, zh: 'VIP借记卡', en: 'VIP debit' },
  { value: TOTAL_TYPE.QUICK_PAY, zh: '快捷支付', en: 'Quick pay' },
  { value: TOTAL_TYPE.SERVICE_FEE, zh: '服务费', en: 'Service fee' },
  { value: TOTAL_TYPE.COMMUNICATION_FEE, zh: '流量费', en: 'Communication fee' },
];

export const TRANSACTION_STATUS = { SUCCESS: 1, FAILED: 2, INITIALISED: 3 } as const;
export type TransactionStatus = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
export const transactionStatusOptions: readonly EnumOption<TransactionStatus>[] = [
  { value: TRANSACTION_STATUS.SUCCESS, zh: '交易成功', en: 'Success' },
  { value: TRANSACTION_STATUS.FAILED, zh: '交易失败', en: 'Failed' },
  { value: TRANSACTION_STATUS.INITIALISED, zh: '初始化', en: 'Initialised' },
];

export const TRANSACTION_METHOD = { CARD_SWIPE: 1, CLOUD_FLASH_PAY: 2, QR: 3 } as const;
export type TransactionMethod = (typeof TRANSACTION_METHOD)[keyof typeof TRANSACTION_METHOD];
export const transactionMethodOptions: readonly EnumOption<TransactionMethod>[] = [
  { value: TRANSACTION_METHOD.CARD_SWIPE, zh: '普通刷卡', en: 'Ordinary card swipe' },
  { value: TRANSACTION_METHOD.CLOUD_FLASH_PAY, zh: '云闪付', en: 'Cloud flash pay' },
  { value: TRANSACTION_METHOD.QR, zh: '扫码', en: 'QR' },
];

export const CARD_TYPE = { QR: 0, CREDIT: 1, DEBIT: 2 } as const;
export type CardType = (typeof CARD_TYPE)[keyof typeof CARD_TYPE];
export const cardTypeOptions: readonly EnumOption<CardType>[] = [
  { value: CARD_TYPE.QR, zh: '二维码', en: 'QR' },
  { value: CARD_TYPE.CREDIT, zh: '贷记卡', en: 'Credit' },
  { value: CARD_TYPE.DEBIT, zh: '借记卡', en: 'Debit' },
];

/** Rate type 6 is a fixed cap in fen, not a ppm rate (business rules section 2). */
export const RATE_TYPE = {
  POS_SWIPE: 1,
  CLOUD_FLASH_PAY: 2,
  QR: 3,
  VIP_SWIPE: 4,
  QUICK_PAY: 5,
  DEBIT_CAP: 6,
} as const;
export type RateType = (typeof RATE_TYPE)[keyof typeof RATE_TYPE];
export const rateTypeOptions: readonly EnumOption<RateType>[] = [
  { value: RATE_TYPE.POS_SWIPE, zh: 'POS刷卡', en: 'POS swipe' },
  { value: RATE_TYPE.CLOUD_FLASH_PAY, zh: '云闪付', en: 'Cloud flash pay' },
  { value: RATE_TYPE.QR, zh: '扫码', en: 'QR' },
  { value: RATE_TYPE.VIP_SWIPE, zh: 'VIP刷卡', en: 'VIP swipe' },
  { value: RATE_TYPE.QUICK_PAY, zh: '快捷支付', en: 'Quick pay' },
  { value: RATE_TYPE.DEBIT_CAP, zh: '借记卡封顶', en: 'Debit-card cap' },
];

// ---------------------------------------------------------------------------------------------
// Standards checks
// ---------------------------------------------------------------------------------------------

/**
 * Values above MET are levels: a value N > 1 means "met at level N". Only the fixed values are
 * listed here; enumLabel renders the levels.
 */
export const STANDARD_CHECK_TYPE = { NO_CHECK: -2, NOT_MET: -1, PENDING: 0, MET: 1 } as const;
export type StandardCheckType = (typeof STANDARD_CHECK_TYPE)[keyof typeof STANDARD_CHECK_TYPE];
export const standardCheckTypeOptions: readonly EnumOption<StandardCheckType>[] = [
  { value: STANDARD_CHECK_TYPE.NO_CHECK, zh: '无考核', en: 'No check' },
  { value: STANDARD_CHECK_TYPE.NOT_MET, zh: '未达标', en: 'Not met' },
  { value: STANDARD_CHECK_TYPE.PENDING, zh: '待考核', en: 'Pending' },
  { value: STANDARD_CHECK_TYPE.MET, zh: '已达标', en: 'Met' },
];

/** Label of a standard-check value, including the open-ended "met at level N" values. */
export function standardCheckLabel(value: number, lang: Lang = 'zh'): string {
  if (Number.isInteger(value) && value > STANDARD_CHECK_TYPE.MET) {
    return lang === 'en' ? `Met level ${value}` : `达标等级${value}`;
  }
  const option = standardCheckTypeOptions.find((o) => o.value === value);
  return option ? labelOf(option, lang) : String(value);
}

export const EXECUTION_STATUS = {
  FAILED: -1,
  TO_BE_ASSESSED: 0,
  IN_ASSESSMENT: 1,
  SUCCEEDED: 2,
} as const;
export type ExecutionStatus = (typeof EXECUTION_STATUS)[keyof typeof EXECUTION_STATUS];
export const executionStatusOptions: readonly EnumOption<ExecutionStatus>[] = [
  { value: EXECUTION_STATUS.FAILED, zh: '执行失败', en: 'Failed' },
  { value: EXECUTION_STATUS.TO_BE_ASSESSED, zh: '待考核', en: 'To be assessed' },
  { value: EXECUTION_STATUS.IN_ASSESSMENT, zh: '考核中', en: 'In assessment' },
  { value: EXECUTION_STATUS.SUCCEEDED, zh: '执行成功', en: 'Succeeded' },
];

// ---------------------------------------------------------------------------------------------
// Shop, orders and content
// ---------------------------------------------------------------------------------------------

export const ORDER_PAY_TYPE = {
  WECHAT: 1,
  ALIPAY: 2,
  POINTS: 3,
  GOODS_BALANCE: 4,
  FREE_CLAIM: 0,
} as const;
export type OrderPayType = (typeof ORDER_PAY_TYPE)[keyof typeof ORDER_PAY_TYPE];
/** Listed in the spec's order (free claim last), which is also the order the shop shows them. */
export const orderPayTypeOptions: readonly EnumOption<OrderPayType>[] = [
  { value: ORDER_PAY_TYPE.WECHAT, zh: '微信支付', en: 'WeChat' },
  { value: ORDER_PAY_TYPE.ALIPAY, zh: '支付宝支付', en: 'Alipay' },
  { value: ORDER_PAY_TYPE.POINTS, zh: '积分支付', en: 'Points' },
  { value: ORDER_PAY_TYPE.GOODS_BALANCE, zh: '货款余额', en: 'Goods balance' },
  { value: ORDER_PAY_TYPE.FREE_CLAIM, zh: '免费领取', en: 'Free claim' },
];

export const SHIPPING_PAY_WAY = {
  CASH_ON_DELIVERY: 1,
  POINTS: 2,
  ALIPAY_POSTAGE: 3,
  FREE_SHIPPING: 4,
  SELF_PICKUP: 5,
} as const;
export type ShippingPayWay = (typeof SHIPPING_PAY_WAY)[keyof typeof SHIPPING_PAY_WAY];
export const shippingPayWayOptions: readonly EnumOption<ShippingPayWay>[] = [
  { value: SHIPPING_PAY_WAY.CASH_ON_DELIVERY, zh: '货到付款', en: 'Cash on delivery' },
  { value: SHIPPING_PAY_WAY.POINTS, zh: '积分抵扣', en: 'Points' },
  { value: SHIPPING_PAY_WAY.ALIPAY_POSTAGE, zh: '支付宝付邮费', en: 'Alipay postage' },
  { value: SHIPPING_PAY_WAY.FREE_SHIPPING, zh: '包邮', en: 'Free shipping' },
  { value: SHIPPING_PAY_WAY.SELF_PICKUP, zh: '自提', en: 'Self pickup' },
];

export const BANNER_TYPE = { HOME: 1, SHOP: 2 } as const;
export type BannerType = (typeof BANNER_TYPE)[keyof typeof BANNER_TYPE];
export const bannerTypeOptions: readonly EnumOption<BannerType>[] = [
  { value: BANNER_TYPE.HOME, zh: '首页轮播图', en: 'Home banner' },
  { value: BANNER_TYPE.SHOP, zh: '商城轮播图', en: 'Shop banner' },
];

// ---------------------------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------------------------

/**
 * Dictionary type name -> options. The names are the ones a dictionary endpoint or a generic
 * select component asks for, so they are snake_case strings rather than the constant names.
 */
export const ENUMS = {
  bind_status: bindStatusOptions,
  pay_type: payTypeOptions,
  total_type: totalTypeOptions,
  terminal_operate_type: terminalOperateTypeOptions,
  operate_status: operateStatusOptions,
  transaction_status: transactionStatusOptions,
  transaction_method: transactionMethodOptions,
  standard_check_type: standardCheckTypeOptions,
  execution_status: executionStatusOptions,
  card_type: cardTypeOptions,
  change_service_status: changeServiceStatusOptions,
  rate_type: rateTypeOptions,
  order_pay_type: orderPayTypeOptions,
  shipping_pay_way: shippingPayWayOptions,
  banner_type: bannerTypeOptions,
} as const satisfies Record<string, readonly EnumOption<number>[]>;

export type EnumTypeName = keyof typeof ENUMS;

export const ENUM_TYPE_NAMES = Object.keys(ENUMS) as readonly EnumTypeName[];

export function isEnumTypeName(name: string): name is EnumTypeName {
  return Object.prototype.hasOwnProperty.call(ENUMS, name);
}

/**
 * Label of a value of a display enumeration. An unknown value is shown as the number itself, so a
 * value added on the server before the client knows it is still visible rather than blank.
 */
export function enumLabel(type: EnumTypeName, value: number, lang: Lang = 'zh'): string {
  if (type === 'standard_check_type') return standardCheckLabel(value, lang);
  const options: readonly EnumOption<number>[] = ENUMS[type];
  const option = options.find((o) => o.value === value);
  return option ? labelOf(option, lang) : String(value);
}

// ---------------------------------------------------------------------------------------------
// Ledger info types
// ---------------------------------------------------------------------------------------------

export interface LedgerInfoType {
  code: string;
  /** The name as the ledger stores it; display goes through ledgerInfoTypeLabel. */
  zh: string;
  en: string;
}

/**
 * Ledger entry types an agent sees in the wallet history. The zh and en names are the raw names
 * the ledger records (they still say "pusher"); the label rules of spec section 3 are applied only
 * when displaying, by ledgerInfoTypeLabel.
 */
export const LEDGER_INFO_TYPES = [
  { code: 'trade_profit', zh: '交易分润', en: 'Trade profit' },
  { code: 'debit_cap_profit', zh: '封顶分润', en: 'Debit cap profit' },
  { code: 'price_adjust_profit', zh: '调价分润', en: 'Price adjustment share' },
  { code: 'activation_reward', zh: '激活奖励', en: 'Activation reward' },
  { code: 'standard_reward', zh: '达标奖励', en: 'Standard reward' },
  { code: 'service_fee_profit', zh: '服务费分润', en: 'Service fee share' },
  { code: 'communication_fee_profit', zh: '流量费分润', en: 'Communication fee share' },
  {
    code: 'monthly_activation_base_subsidy',
    zh: '月激活基础补贴',
    en: 'Monthly activation base subsidy',
  },
  { code: 'pusher_reward', zh: '推手奖励', en: 'Pusher reward' },
  {
    code: 'pusher_goods_withdrawal',
    zh: '推手货款提现',
    en: 'Pusher goods-account withdrawal',
  },
  { code: 'withdrawal', zh: '提现', en: 'Withdrawal' },
  { code: 'withdrawal_fee', zh: '提现手续费', en: 'Withdrawal fee' },
  { code: 'withdrawal_tax', zh: '提现税费', en: 'Withdrawal tax' },
  { code: 'withdrawal_returned', zh: '提现退回', en: 'Withdrawal returned' },
  { code: 'transfer_to_capital_pool', zh: '转入资金池', en: 'Transfer to capital pool' },
  { code: 'mall_purchase', zh: '采购终端', en: 'Terminal purchase' },
  { code: 'mall_refund', zh: '采购退款', en: 'Purchase refund' },
  { code: 'points_activation', zh: '激活积分', en: 'Activation points' },
  { code: 'refund_reversal', zh: '退款冲正', en: 'Refund reversal' },
  { code: 'manual_adjustment', zh: '人工调账', en: 'Manual adjustment' },
  { code: 'credit_deduction', zh: '货款代扣', en: 'Terminal credit deduction' },
  { code: 'credit_repayment', zh: '货款回款', en: 'Terminal credit repayment' },
] as const satisfies readonly LedgerInfoType[];

export type LedgerInfoTypeCode = (typeof LEDGER_INFO_TYPES)[number]['code'];

/**
 * The specific rules come first: if the general pusher -> promoter replacement ran first, the
 * pusher goods-account withdrawal would become a "promoter goods-account withdrawal" and the
 * specific rule would no longer match it.
 */
const ZH_LABEL_RULES: readonly (readonly [RegExp, string])[] = [
  [/推手货款提现/g, '货款提现'],
  [/月激活基础补贴/g, '月度津贴'],
  [/推手/g, '推广员'],
];

const EN_LABEL_RULES: readonly (readonly [RegExp, string])[] = [
  [/pusher goods-account withdrawal/gi, 'Goods-account withdrawal'],
  [/monthly activation base subsidy/gi, 'Monthly allowance'],
];

/** Replaces "pusher" with "promoter", keeping a leading capital so sentence case survives. */
function replacePusher(text: string): string {
  return text.replace(/pusher/gi, (word) => (word[0] === 'P' ? 'Promoter' : 'promoter'));
}

function applyLabelRules(text: string): string {
  let out = text;
  for (const [pattern, replacement] of ZH_LABEL_RULES) out = out.replace(pattern, replacement);
  for (const [pattern, replacement] of EN_LABEL_RULES) out = out.replace(pattern, replacement);
  return replacePusher(out);
}

/**
 * Display label of a ledger info type. `raw` may be a code from LEDGER_INFO_TYPES, or a raw name
 * in either language; a known code or name is shown in the requested language, and any other text
 * (a type the server added later) is shown as given, with the label rules still applied.
 */
export function ledgerInfoTypeLabel(raw: string, lang: Lang = 'zh'): string {
  const text = raw.trim();
  const known = LEDGER_INFO_TYPES.find(
    (t) => t.code === text || t.zh === text || t.en.toLowerCase() === text.toLowerCase(),
  );
  return applyLabelRules(known ? labelOf(known, lang) : text);
}

/** Ledger info types with their display labels, ready for a filter list. */
export const ledgerInfoTypeOptions: readonly EnumOption<LedgerInfoTypeCode>[] =
  LEDGER_INFO_TYPES.map((t) => ({
    value: t.code,
    zh: ledgerInfoTypeLabel(t.code, 'zh'),
    en: ledgerInfoTypeLabel(t.code, 'en'),
  }));
