import type { EnumTypeName } from '@pos/core';

type Words = { zh: string; en: string };

/** Each dictionary's name in words, for the headings of the dictionaries page. */
export const DICT_NAMES: Record<EnumTypeName, Words> = {
  bind_status: { zh: '终端绑定状态', en: 'Terminal binding status' },
  pay_type: { zh: '支付方式', en: 'Payment method' },
  total_type: { zh: '交易类别', en: 'Transaction category' },
  terminal_operate_type: { zh: '终端操作类型', en: 'Terminal operation type' },
  operate_status: { zh: '操作审核状态', en: 'Operation review status' },
  transaction_status: { zh: '交易状态', en: 'Transaction status' },
  transaction_method: { zh: '交易方式', en: 'Transaction method' },
  standard_check_type: { zh: '达标考核类型', en: 'Target check type' },
  execution_status: { zh: '执行状态', en: 'Execution status' },
  card_type: { zh: '卡类型', en: 'Card type' },
  change_service_status: { zh: '服务变更状态', en: 'Service change status' },
  rate_type: { zh: '费率类型', en: 'Rate type' },
  order_pay_type: { zh: '订单支付方式', en: 'Order payment method' },
  shipping_pay_way: { zh: '运费支付方式', en: 'Shipping payment' },
  banner_type: { zh: '轮播图位置', en: 'Banner position' },
};

/** A dictionary's name in words; its code for one this console does not know yet. */
export const dictName = (type: string, lang: 'zh' | 'en') =>
  (DICT_NAMES as Record<string, Words>)[type]?.[lang] ?? type;
