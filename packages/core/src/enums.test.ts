import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  BANNER_TYPE,
  BIND_STATUS,
  CARD_TYPE,
  CHANGE_SERVICE_STATUS,
  ENUMS,
  ENUM_TYPE_NAMES,
  EXECUTION_STATUS,
  LEDGER_INFO_TYPES,
  OPERATE_STATUS,
  ORDER_PAY_TYPE,
  PAY_TYPE,
  RATE_TYPE,
  SHIPPING_PAY_WAY,
  STANDARD_CHECK_TYPE,
  TERMINAL_OPERATE_TYPE,
  TOTAL_TYPE,
  TRANSACTION_METHOD,
  TRANSACTION_STATUS,
  enumLabel,
  isEnumTypeName,
  ledgerInfoTypeLabel,
  ledgerInfoTypeOptions,
  standardCheckLabel,
} from './enums';
import type { EnumTypeName } from './enums';

/** The value sets of spec section 3, written out independently of the implementation. */
const SPEC_VALUES: Record<EnumTypeName, number[]> = {
  bind_status: [0, 1, 3],
  pay_type: [1, 2, 3, 4, 5, 6, 7],
  total_type: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  terminal_operate_type: [0, 1, 2, 3, 4, 5, 6],
  operate_status: [0, 1, 2],
  transaction_status: [1, 2, 3],
  transaction_method: [1, 2, 3],
  standard_check_type: [-2, -1, 0, 1],
  execution_status: [-1, 0, 1, 2],
  card_type: [0, 1, 2],
  change_service_status: [0, 1, 2, 3],
  rate_type: [1, 2, 3, 4, 5, 6],
  order_pay_type: [1, 2, 3, 4, 0],
  shipping_pay_way: [1, 2, 3, 4, 5],
  banner_type: [1, 2],
};

describe('enumeration registry', () => {
  it('lists exactly the fifteen dictionary types of the spec', () => {
    expect([...ENUM_TYPE_NAMES].sort()).toEqual(Object.keys(SPEC_VALUES).sort());
  });

  it.each(Object.entries(SPEC_VALUES))(
    '%s has exactly the spec values, in order',
    (name, values) => {
      expect(isEnumTypeName(name)).toBe(true);
      if (!isEnumTypeName(name)) return;
      expect(ENUMS[name].map((o) => o.value)).toEqual(values);
    },
  );

  it('gives every value a non-empty Chinese and English label, unique within its type', () => {
    for (const name of ENUM_TYPE_NAMES) {
      const options = ENUMS[name];
      for (const option of options) {
        expect(option.zh.trim(), `${name} ${option.value} zh`).not.toBe('');
        expect(option.en.trim(), `${name} ${option.value} en`).not.toBe('');
        // A Chinese label should contain Chinese unless it is an acronym such as POS.
        expect(/\p{Script=Han}|^[A-Z]+$/u.test(option.zh), `${name} ${option.value}`).toBe(true);
        expect(enumLabel(name, option.value, 'zh')).toBe(option.zh);
        expect(enumLabel(name, option.value, 'en')).toBe(option.en);
      }
      expect(new Set(options.map((o) => o.zh)).size).toBe(options.length);
      expect(new Set(options.map((o) => o.en)).size).toBe(options.length);
    }
  });

  it('rejects names that are not dictionary types', () => {
    expect(isEnumTypeName('nope')).toBe(false);
    expect(isEnumTypeName('toString')).toBe(false);
  });
});

describe('constant objects', () => {
  it('carry the spec numbers', () => {
    expect(BIND_STATUS).toEqual({ UNBOUND: 0, BOUND: 1, ACTIVATED: 3 });
    expect(PAY_TYPE.UNIONPAY_QR).toBe(5);
    expect(PAY_TYPE.ALIPAY_MERCHANT_SCAN).toBe(7);
    expect(TOTAL_TYPE.COMMUNICATION_FEE).toBe(9);
    expect(TOTAL_TYPE.SERVICE_FEE).toBe(8);
    expect(TERMINAL_OPERATE_TYPE.ALLOCATE).toBe(0);
    expect(TERMINAL_OPERATE_TYPE.DELETE).toBe(6);
    expect(OPERATE_STATUS.REJECTED).toBe(2);
    expect(TRANSACTION_STATUS.INITIALISED).toBe(3);
    expect(TRANSACTION_METHOD.QR).toBe(3);
    expect(STANDARD_CHECK_TYPE.NO_CHECK).toBe(-2);
    expect(EXECUTION_STATUS.FAILED).toBe(-1);
    expect(CARD_TYPE.QR).toBe(0);
    expect(CHANGE_SERVICE_STATUS.FAILED).toBe(3);
    expect(RATE_TYPE.DEBIT_CAP).toBe(6);
    expect(ORDER_PAY_TYPE.FREE_CLAIM).toBe(0);
    expect(SHIPPING_PAY_WAY.SELF_PICKUP).toBe(5);
    expect(BANNER_TYPE).toEqual({ HOME: 1, SHOP: 2 });
  });
});

describe('enumLabel', () => {
  it('uses the trade wording', () => {
    expect(enumLabel('bind_status', 0)).toBe('未绑定');
    expect(enumLabel('bind_status', 1)).toBe('已绑定');
    expect(enumLabel('bind_status', 3)).toBe('已激活');
    expect(ENUMS.terminal_operate_type.map((o) => o.zh)).toEqual([
      '下发',
      '划拨',
      '回拨',
      '绑定',
      '解绑',
      '回收',
      '删除',
    ]);
    expect(ENUMS.operate_status.map((o) => o.zh)).toEqual(['待审核', '已通过', '已驳回']);
    expect(enumLabel('pay_type', 2)).toBe('支付宝');
    expect(enumLabel('pay_type', 3, 'en')).toBe('WeChat');
    expect(enumLabel('rate_type', 6, 'en')).toBe('Debit-card cap');
    expect(enumLabel('banner_type', 1, 'en')).toBe('Home banner');
    expect(enumLabel('banner_type', 2, 'en')).toBe('Shop banner');
    expect(enumLabel('order_pay_type', 0, 'en')).toBe('Free claim');
  });

  it('defaults to Chinese', () => {
    expect(enumLabel('operate_status', 0)).toBe(enumLabel('operate_status', 0, 'zh'));
  });

  it('shows an unknown value as the number itself', () => {
    expect(enumLabel('bind_status', 2)).toBe('2');
    expect(enumLabel('pay_type', 99, 'en')).toBe('99');
    expect(enumLabel('standard_check_type', -3)).toBe('-3');
  });

  it('shows standard-check values above 1 as met level N', () => {
    expect(enumLabel('standard_check_type', 1)).toBe('已达标');
    expect(enumLabel('standard_check_type', 2)).toBe('达标等级2');
    expect(enumLabel('standard_check_type', 5, 'en')).toBe('Met level 5');
    expect(enumLabel('standard_check_type', -2, 'en')).toBe('No check');
    expect(standardCheckLabel(0)).toBe('待考核');
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), (n) => {
        expect(standardCheckLabel(n)).toBe(`达标等级${n}`);
        expect(standardCheckLabel(n, 'en')).toBe(`Met level ${n}`);
      }),
    );
  });

  it('does not invent levels for fractional values', () => {
    expect(enumLabel('standard_check_type', 1.5)).toBe('1.5');
  });
});

describe('ledger info types', () => {
  const requiredZh = [
    '交易分润',
    '封顶分润',
    '调价分润',
    '激活奖励',
    '达标奖励',
    '服务费分润',
    '流量费分润',
    '月激活基础补贴',
    '推手奖励',
    '推手货款提现',
    '提现',
    '提现手续费',
    '提现税费',
    '提现退回',
    '转入资金池',
    '退款冲正',
  ];

  it('includes every type the brief lists, with unique codes', () => {
    expect(LEDGER_INFO_TYPES.map((t) => t.zh)).toEqual(expect.arrayContaining(requiredZh));
    const codes = LEDGER_INFO_TYPES.map((t) => t.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const t of LEDGER_INFO_TYPES) {
      expect(t.en.trim()).not.toBe('');
      expect(t.code).toMatch(/^[a-z_]+$/);
    }
  });

  it('shows the pusher goods-account withdrawal as goods-account withdrawal', () => {
    expect(ledgerInfoTypeLabel('推手货款提现')).toBe('货款提现');
    expect(ledgerInfoTypeLabel('pusher_goods_withdrawal')).toBe('货款提现');
    expect(ledgerInfoTypeLabel('pusher_goods_withdrawal', 'en')).toBe('Goods-account withdrawal');
    expect(ledgerInfoTypeLabel('Pusher goods-account withdrawal', 'en')).toBe(
      'Goods-account withdrawal',
    );
  });

  it('shows the monthly activation base subsidy as monthly allowance', () => {
    expect(ledgerInfoTypeLabel('月激活基础补贴')).toBe('月度津贴');
    expect(ledgerInfoTypeLabel('monthly_activation_base_subsidy', 'en')).toBe('Monthly allowance');
  });

  it('shows the word pusher as promoter', () => {
    expect(ledgerInfoTypeLabel('推手奖励')).toBe('推广员奖励');
    expect(ledgerInfoTypeLabel('pusher_reward', 'en')).toBe('Promoter reward');
    // Types the client does not know yet still get the rule.
    expect(ledgerInfoTypeLabel('推手团队奖励')).toBe('推广员团队奖励');
    expect(ledgerInfoTypeLabel('Bonus for pusher', 'en')).toBe('Bonus for promoter');
    // The specific rule wins over the general one inside longer names too.
    expect(ledgerInfoTypeLabel('推手货款提现退回')).toBe('货款提现退回');
  });

  it('translates known names into the requested language', () => {
    expect(ledgerInfoTypeLabel('交易分润', 'en')).toBe('Trade profit');
    expect(ledgerInfoTypeLabel('Withdrawal fee')).toBe('提现手续费');
    expect(ledgerInfoTypeLabel('refund_reversal')).toBe('退款冲正');
  });

  it('never displays pusher in any label', () => {
    for (const t of LEDGER_INFO_TYPES) {
      for (const lang of ['zh', 'en'] as const) {
        const label = ledgerInfoTypeLabel(t.code, lang);
        expect(label).not.toMatch(/推手|pusher/i);
        expect(label.trim()).not.toBe('');
      }
    }
    for (const option of ledgerInfoTypeOptions) {
      expect(option.zh).not.toContain('推手');
      expect(option.en).not.toMatch(/pusher/i);
    }
  });

  it('shows unknown text unchanged apart from the rules', () => {
    expect(ledgerInfoTypeLabel('其他')).toBe('其他');
    expect(ledgerInfoTypeLabel('')).toBe('');
  });
});
