/**
 * 联动 notices → unified events. Every value is mapped by a table below; what a table does not
 * know (a pay type, a card type, a status, a notice) becomes an `unknown` event, so the push is
 * kept and flagged for the operators. Nothing is defaulted. docs/channels.md shows these tables.
 */
import {
  CARD_TYPE,
  PAY_TYPE,
  RATE_TYPE,
  TOTAL_TYPE,
  TRANSACTION_METHOD,
  type RateType,
} from '@pos/core';
import type {
  UnifiedEvent,
  UnifiedMerchant,
  UnifiedRate,
  UnifiedTrade,
  UnifiedUnknown,
} from '../unified';
import { fenToYuan } from './decimal';
import {
  FieldError,
  fen,
  list,
  object,
  optFen,
  optText,
  ppm,
  text,
  time,
  type Notice,
} from './fields';

export const SERVICE_TYPES = {
  PAY_ORDER: 'PAY_ORDER_NOTIFY',
  ACTIVATION: 'MATERIALS_ACTIVATION_NOTIFY',
  BIND: 'MATERIAL_BIND_STATUS_NOTIFY',
  REGISTER: 'CUSTOMER_INFO_REGISTER_NOTIFY',
  RATE: 'CUSTOMER_LAST_RATE_NOTIFY',
  PAYMENT: 'PAYMENT_ORDER_NOTIFY',
  PAYMENT_V2: 'PAYMENT_ORDER_NOTIFY_V2',
  UNION_CHANGE: 'CUSTOMER_UNION_CHANGE_NOTIFY',
} as const;

/** How a trade is classified on the platform. */
interface TradeClass {
  totalType: number;
  cardType: number;
}

/**
 * 支付类型明细 (payTypeCode) → the platform's total type and card type. 特惠 (POS_DISCOUNT_*) is
 * the separately priced card product, the platform's VIP swipe; 云闪付 up to 1000 yuan is cloud
 * flash pay; above 1000 it is priced as an ordinary card (the spec's table 6.14 lists it with
 * POS_DC/POS_CC), so it keeps the card's credit/debit type and the debit cap.
 */
export const PAY_TYPE_CODES: Readonly<Record<string, TradeClass>> = {
  POS_DC: { totalType: TOTAL_TYPE.POS_DEBIT, cardType: CARD_TYPE.DEBIT },
  POS_CC: { totalType: TOTAL_TYPE.POS_CREDIT, cardType: CARD_TYPE.CREDIT },
  POS_DISCOUNT_CC: { totalType: TOTAL_TYPE.VIP_CREDIT, cardType: CARD_TYPE.CREDIT },
  POS_DISCOUNT_GF_CC: { totalType: TOTAL_TYPE.VIP_CREDIT, cardType: CARD_TYPE.CREDIT },
  POS_DISCOUNT_PA_CC: { totalType: TOTAL_TYPE.VIP_CREDIT, cardType: CARD_TYPE.CREDIT },
  POS_DISCOUNT_MS_CC: { totalType: TOTAL_TYPE.VIP_CREDIT, cardType: CARD_TYPE.CREDIT },
  UNIONPAY_DOWN_CC: { totalType: TOTAL_TYPE.CLOUD_FLASH_PAY, cardType: CARD_TYPE.CREDIT },
  UNIONPAY_DOWN_DC: { totalType: TOTAL_TYPE.CLOUD_FLASH_PAY, cardType: CARD_TYPE.DEBIT },
  UNIONPAY_UP_CC: { totalType: TOTAL_TYPE.POS_CREDIT, cardType: CARD_TYPE.CREDIT },
  UNIONPAY_UP_DC: { totalType: TOTAL_TYPE.POS_DEBIT, cardType: CARD_TYPE.DEBIT },
  WECHAT: { totalType: TOTAL_TYPE.QR, cardType: CARD_TYPE.QR },
  ALIPAY: { totalType: TOTAL_TYPE.QR, cardType: CARD_TYPE.QR },
};

/** 支付类型 (productTypeCode) → the platform's pay type and method, and the detail codes it allows (6.14). */
export const PRODUCT_TYPE_CODES: Readonly<
  Record<string, { payType: number; method: number; payTypeCodes: readonly string[] }>
> = {
  Card: {
    payType: PAY_TYPE.POS,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    payTypeCodes: [
      'POS_DC',
      'POS_CC',
      'POS_DISCOUNT_CC',
      'POS_DISCOUNT_GF_CC',
      'POS_DISCOUNT_MS_CC',
      'POS_DISCOUNT_PA_CC',
    ],
  },
  QuickPass: {
    payType: PAY_TYPE.POS,
    method: TRANSACTION_METHOD.CLOUD_FLASH_PAY,
    payTypeCodes: [
      'POS_DC',
      'POS_CC',
      'POS_DISCOUNT_CC',
      'POS_DISCOUNT_GF_CC',
      'POS_DISCOUNT_MS_CC',
      'POS_DISCOUNT_PA_CC',
    ],
  },
  MobilePay: {
    payType: PAY_TYPE.POS,
    method: TRANSACTION_METHOD.CLOUD_FLASH_PAY,
    payTypeCodes: ['UNIONPAY_DOWN_CC', 'UNIONPAY_DOWN_DC', 'POS_DC', 'POS_CC'],
  },
  UnionQr: {
    payType: PAY_TYPE.UNIONPAY_QR,
    method: TRANSACTION_METHOD.QR,
    payTypeCodes: ['UNIONPAY_DOWN_CC', 'UNIONPAY_DOWN_DC', 'UNIONPAY_UP_CC', 'UNIONPAY_UP_DC'],
  },
  Wechat: { payType: PAY_TYPE.WECHAT, method: TRANSACTION_METHOD.QR, payTypeCodes: ['WECHAT'] },
  AliPay: { payType: PAY_TYPE.ALIPAY, method: TRANSACTION_METHOD.QR, payTypeCodes: ['ALIPAY'] },
};

/** 卡类型 (cardType, optional) must agree with the pay type's card. */
const CARD_CODES: Readonly<Record<string, number>> = {
  DC: CARD_TYPE.DEBIT,
  CC: CARD_TYPE.CREDIT,
};

/** 手续费计算规则: the rules the spec describes (the fee itself is 联动's, as reported). */
const FEE_RULES = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G']);

/** 止付类型 → the fee the policies share. */
const STOP_PAY_TYPES: Readonly<Record<string, 'service_fee' | 'comm_fee'>> = {
  MACHINE: 'service_fee',
  SIM: 'comm_fee',
};

/**
 * 费率类型 (payTypeViewCode) → the platform's merchant rates: the rate (ppm) goes to the rate type
 * that prices its trades; POS_DC also carries the debit cap (rate type 6, fen).
 */
export const RATE_CODES: Readonly<Record<string, { rateType: RateType; cap?: boolean }>> = {
  POS_CC: { rateType: RATE_TYPE.POS_SWIPE },
  POS_DC: { rateType: RATE_TYPE.POS_SWIPE, cap: true },
  POS_DISCOUNT_CC: { rateType: RATE_TYPE.VIP_SWIPE },
  POS_DISCOUNT_GF_CC: { rateType: RATE_TYPE.VIP_SWIPE },
  POS_DISCOUNT_PA_CC: { rateType: RATE_TYPE.VIP_SWIPE },
  POS_DISCOUNT_MS_CC: { rateType: RATE_TYPE.VIP_SWIPE },
  UNIONPAY_DOWN_CC: { rateType: RATE_TYPE.CLOUD_FLASH_PAY },
  WECHAT: { rateType: RATE_TYPE.QR },
  ALIPAY: { rateType: RATE_TYPE.QR },
};

export interface MappedNotice {
  /** The idempotency key of the push within the channel. */
  orderNo: string;
  events: UnifiedEvent[];
}

/** The push cannot even be named (its order number is missing): refused as malformed. */
export class UnnamedNotice extends Error {}

const unknown = (reason: string, sn?: string): UnifiedUnknown =>
  sn ? { type: 'unknown', reason, sn } : { type: 'unknown', reason };

/** The key a notice is stored and deduplicated under; throws UnnamedNotice when it has none. */
export function orderNoOf(serviceType: string, n: Notice, responseId: string): string {
  const need = (...keys: string[]) => {
    const values = keys.map((k) => {
      const v = n[k];
      if ((typeof v !== 'string' || v.trim() === '') && typeof v !== 'number')
        throw new UnnamedNotice(`${serviceType} without ${k}`);
      return String(v).trim();
    });
    return values.join(':');
  };
  switch (serviceType) {
    case SERVICE_TYPES.PAY_ORDER:
      return need('orderNo');
    case SERVICE_TYPES.ACTIVATION:
      // A terminal bound again later activates again: the merchant and the time tell them apart.
      return `activation:${need('materialsNo', 'customerNo', 'activationTime')}`;
    case SERVICE_TYPES.BIND:
      return `bind:${need('materialsNo', 'bindStatus', 'changeTime')}`;
    case SERVICE_TYPES.REGISTER: {
      const info = n.customerInfoNotify;
      if (typeof info !== 'object' || info === null)
        throw new UnnamedNotice(`${serviceType} without customerInfoNotify`);
      return `register:${orderNoOf('customerInfoNotify', info as Notice, responseId)}`;
    }
    case 'customerInfoNotify':
      return need('customerNo');
    case SERVICE_TYPES.RATE: {
      const versions = Array.isArray(n.rateNotifyList)
        ? [
            ...new Set(
              (n.rateNotifyList as Notice[]).map((r) => String(r?.rateVersion ?? '')).sort(),
            ),
          ].join(',')
        : '';
      return `rate:${need('customerNo')}:${versions}`;
    }
    case SERVICE_TYPES.PAYMENT:
    case SERVICE_TYPES.PAYMENT_V2:
      return `payment:${need('orderNo', 'status')}`;
    case SERVICE_TYPES.UNION_CHANGE:
      return `union:${need('customerNo')}:${responseId}`;
    default:
      if (!responseId) throw new UnnamedNotice(`${serviceType} without responseId`);
      return `${serviceType}:${responseId}`;
  }
}

/** Maps one notice; field errors make it a flagged push (the notice is authentic). */
export function mapNotice(serviceType: string, n: Notice, responseId: string): MappedNotice {
  const orderNo = orderNoOf(serviceType, n, responseId);
  let events: UnifiedEvent[];
  try {
    events = eventsOf(serviceType, n);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    const sn = typeof n.materialsNo === 'string' ? n.materialsNo : undefined;
    events = [unknown(`${serviceType}: ${e.message}`, sn)];
  }
  return { orderNo, events };
}

function eventsOf(serviceType: string, n: Notice): UnifiedEvent[] {
  switch (serviceType) {
    case SERVICE_TYPES.PAY_ORDER:
      return payOrder(n);
    case SERVICE_TYPES.ACTIVATION:
      return activation(n);
    case SERVICE_TYPES.BIND:
      return bind(n);
    case SERVICE_TYPES.REGISTER:
      return register(n);
    case SERVICE_TYPES.RATE:
      return rateNotice(n);
    case SERVICE_TYPES.PAYMENT:
    case SERVICE_TYPES.PAYMENT_V2:
      return payout(serviceType, n);
    case SERVICE_TYPES.UNION_CHANGE:
      // 切换银联信息: the merchant's UnionPay registration at 联动; nothing on the platform follows.
      return [];
    default:
      return [unknown(`unknown serviceType ${serviceType}`)];
  }
}

/** PAY_ORDER_NOTIFY: the trade, and the service or SIM fee it paid when 联动 stopped pay for one. */
function payOrder(n: Notice): UnifiedEvent[] {
  const sn = text(n, 'materialsNo');
  const orderNo = text(n, 'orderNo');
  const merchantNo = text(n, 'customerNo');
  const flags: UnifiedUnknown[] = [];

  // The specification's trade notice has one transType, TRADE (a payment); it defines no refund
  // or reversal. Anything else would move money the other way, so it is never read as a payment:
  // neither the trade nor a fee it names is recorded, and the operators see the push.
  const transType = text(n, 'transType');
  const isTrade = transType === 'TRADE';
  if (!isTrade)
    flags.push(
      unknown(
        `unknown transType ${transType}: not recorded (the specification defines TRADE only)`,
        sn,
      ),
    );

  const payTypeCode = text(n, 'payTypeCode');
  const productTypeCode = text(n, 'productTypeCode');
  const cls = PAY_TYPE_CODES[payTypeCode];
  const product = PRODUCT_TYPE_CODES[productTypeCode];
  if (!cls) flags.push(unknown(`unknown payTypeCode ${payTypeCode}`, sn));
  if (!product) flags.push(unknown(`unknown productTypeCode ${productTypeCode}`, sn));
  else if (cls && !product.payTypeCodes.includes(payTypeCode))
    flags.push(unknown(`payTypeCode ${payTypeCode} is not one of ${productTypeCode}`, sn));
  const cardCode = optText(n, 'cardType');
  if (cardCode !== undefined) {
    const card = CARD_CODES[cardCode];
    if (card === undefined) flags.push(unknown(`unknown cardType ${cardCode}`, sn));
    else if (cls && cls.cardType !== CARD_TYPE.QR && card !== cls.cardType)
      flags.push(unknown(`cardType ${cardCode} contradicts payTypeCode ${payTypeCode}`, sn));
  }

  const statusCode = text(n, 'status');
  const status = statusCode === 'SUCCESS' ? 'success' : statusCode === 'FAIL' ? 'failed' : null;
  if (!status) flags.push(unknown(`unknown order status ${statusCode}`, sn));

  const rule = text(n, 'feeCalculationRules');
  if (!FEE_RULES.has(rule)) flags.push(unknown(`unknown feeCalculationRules ${rule}`, sn));
  const capping = text(n, 'isCapping');
  if (capping !== 'YES' && capping !== 'NO')
    flags.push(unknown(`unknown isCapping ${capping}`, sn));
  else if (capping === 'YES' && cls?.cardType !== CARD_TYPE.DEBIT)
    flags.push(unknown(`isCapping YES on a ${payTypeCode} trade, which has no cap`, sn));

  const amountFen = fen(n, 'amount');
  const feeFen = fen(n, 'fee');
  fen(n, 'settleAmount');
  fen(n, 'fixedValue');
  text(n, 'rateVersion');
  const ratePpm = ppm(n, 'feeRate');
  const tradeTime = time(n, 'successTime');
  if (amountFen < 0 || feeFen < 0) flags.push(unknown('negative amount or fee', sn));

  // 平台服务费 (the channel's surcharge on the trade): which split field a business type feeds is
  // not in the spec, so a charged one is for the operators.
  for (const s of list(n, 'serviceFeeList')) {
    const charged = optFen(s, 'serviceFee') ?? 0;
    if (charged !== 0)
      flags.push(
        unknown(
          `platform service fee ${fenToYuan(charged)} yuan of businessType ${optText(s, 'businessType') ?? '(none)'} has no mapping`,
          sn,
        ),
      );
  }

  const events: UnifiedEvent[] = [];
  let holdTrade = false;
  const stopType = optText(n, 'stopPayType');
  if (stopType !== undefined) {
    const feeKind = STOP_PAY_TYPES[stopType];
    const stopFen = optFen(n, 'stopPayAmount');
    if (!feeKind) flags.push(unknown(`unknown stopPayType ${stopType}`, sn));
    else if (stopFen === undefined || stopFen <= 0)
      flags.push(unknown(`stopPayType ${stopType} without a stopPayAmount`, sn));
    else if (status === 'success' && isTrade) {
      if (feeKind === 'comm_fee' && amountFen - feeFen < stopFen)
        // 通讯服务费 is taken only when the trade less its fee covers it.
        flags.push(
          unknown(`SIM fee ${fenToYuan(stopFen)} yuan exceeds the trade less its fee`, sn),
        );
      if (feeKind === 'service_fee') {
        // 服务费止付: 联动 charges no fee on this trade and shares none, while the platform's
        // split would share one by the rates; so the trade is not recorded, the operators see it.
        holdTrade = true;
        flags.push(
          unknown(
            `trade ${orderNo} paid the service fee: 联动 shares no fee on it, so it is not settled`,
            sn,
          ),
        );
      }
      events.push({
        type: 'fee',
        orderNo: optText(n, 'stopOrderNo') ?? `${orderNo}:${stopType}`,
        sn,
        merchantNo,
        feeKind,
        amountFen: stopFen,
        at: tradeTime,
      });
    }
  }

  if (cls && product && status && isTrade && !holdTrade) {
    const trade: UnifiedTrade = {
      type: 'trade',
      orderNo,
      kind: 'payment',
      sn,
      merchantNo,
      amountFen,
      payType: product.payType,
      totalType: cls.totalType,
      cardType: cls.cardType,
      method: product.method,
      status,
      feeFen,
      ratePpm,
      tradeTime,
    };
    const cardNo = optText(n, 'cardCode');
    if (cardNo) trade.cardNo = cardNo;
    events.unshift(trade);
  }
  return [...events, ...flags];
}

/** MATERIALS_ACTIVATION_NOTIFY: 联动 says the terminal reached its activation. */
function activation(n: Notice): UnifiedEvent[] {
  const sn = text(n, 'materialsNo');
  const merchantNo = text(n, 'customerNo');
  const status = text(n, 'activationStatus');
  const activatedAt = time(n, 'activationTime');
  if (status !== 'FINISHED') return [unknown(`unknown activationStatus ${status}`, sn)];
  return [{ type: 'activation', sn, merchantNo, activatedAt }];
}

/** MATERIAL_BIND_STATUS_NOTIFY: bound, unbound, forcibly unbound, or moved to another terminal. */
function bind(n: Notice): UnifiedEvent[] {
  const sn = text(n, 'materialsNo');
  const merchantNo = text(n, 'customerNo');
  const at = time(n, 'changeTime');
  const status = text(n, 'bindStatus');
  switch (status) {
    case 'BINDED':
      return [{ type: 'bind', action: 'bind', sn, merchantNo, at }];
    case 'TRUE':
    case 'FORCED_UNBIND':
      return [{ type: 'bind', action: 'unbind', sn, merchantNo, at }];
    case 'CHANGE_BIND': {
      const old = text(n, 'oldMaterialsNo');
      return [
        { type: 'bind', action: 'unbind', sn: old, merchantNo, at },
        { type: 'bind', action: 'bind', sn, merchantNo, at },
      ];
    }
    default:
      return [unknown(`unknown bindStatus ${status}`, sn)];
  }
}

/**
 * A rate list (rateNotifyList) → the platform's merchant rates. Several entries for one code: the
 * latest effectiveBegin counts (the spec's rule for repeated notices). Codes that price the same
 * rate type must agree; a code the table does not know, or a disagreement, is flagged.
 */
function ratesOf(entries: Notice[]): { rates: UnifiedRate[]; flags: UnifiedUnknown[] } {
  const latest = new Map<string, { entry: Notice; at: number }>();
  for (const e of entries) {
    const code = text(e, 'payTypeViewCode');
    const at = e.effectiveBegin === undefined ? 0 : time(e, 'effectiveBegin').getTime();
    const seen = latest.get(code);
    if (!seen || at >= seen.at) latest.set(code, { entry: e, at });
  }
  const flags: UnifiedUnknown[] = [];
  const byType = new Map<RateType, { value: number; from: string }>();
  const put = (rateType: RateType, value: number, from: string) => {
    const had = byType.get(rateType);
    if (had && had.value !== value)
      flags.push(unknown(`rate type ${rateType}: ${had.from} and ${from} disagree`));
    else if (!had) byType.set(rateType, { value, from });
  };
  for (const [code, { entry }] of [...latest].sort(([a], [b]) => a.localeCompare(b))) {
    const target = RATE_CODES[code];
    if (!target) {
      flags.push(unknown(`unknown payTypeViewCode ${code}`));
      continue;
    }
    put(target.rateType, ppm(entry, 'rateValue'), code);
    if (target.cap) put(RATE_TYPE.DEBIT_CAP, fen(entry, 'cappingValue'), `${code} cap`);
  }
  const rates = [...byType].map(([rateType, { value }]) => ({ rateType, value }));
  rates.sort((a, b) => a.rateType - b.rateType);
  return { rates, flags };
}

/** CUSTOMER_INFO_REGISTER_NOTIFY: the merchant onboarded at 联动, with its rates. */
function register(n: Notice): UnifiedEvent[] {
  const info = object(n, 'customerInfoNotify');
  const merchantNo = text(info, 'customerNo');
  const statusCode = text(info, 'status');
  const merchant: UnifiedMerchant = {
    type: 'merchant',
    merchantNo,
    status: 'approved',
    name: text(info, 'customerName'),
  };
  const address = optText(info, 'registerAddress');
  if (address) merchant.address = address;
  // 身份证姓名 and 手机号 arrive masked: they are not the merchant's, so they are not written.
  const { rates, flags } = ratesOf(list(n, 'rateNotifyList'));
  if (rates.length > 0) merchant.rates = rates;
  if (statusCode !== 'TRUE') return [unknown(`unknown merchant status ${statusCode}`), ...flags];
  return [merchant, ...flags];
}

/** CUSTOMER_LAST_RATE_NOTIFY: the merchant's rates now. */
function rateNotice(n: Notice): UnifiedEvent[] {
  const merchantNo = text(n, 'customerNo');
  const { rates, flags } = ratesOf(list(n, 'rateNotifyList', true));
  if (rates.length === 0) return flags.length ? flags : [unknown('rate notice without rates')];
  return [{ type: 'merchant_rate', merchantNo, rates }, ...flags];
}

/**
 * PAYMENT_ORDER_NOTIFY(_V2): a payout from the platform's own 联动 account. Nothing on the platform
 * follows from it (the push is kept for audit); a failed or rejected one is shown to operators.
 */
function payout(serviceType: string, n: Notice): UnifiedEvent[] {
  const orderNo = text(n, 'orderNo');
  const status = text(n, 'status');
  fen(n, 'amount');
  if (status === 'INIT' || status === 'WAIT_AUDIT' || status === 'WAIT_PAY' || status === 'SUCCESS')
    return [];
  if (status === 'FAIL' || status === 'REJECT')
    return [
      unknown(
        `${serviceType} ${orderNo}: payout ${status.toLowerCase()}${optText(n, 'failReason') ? `: ${optText(n, 'failReason')}` : ''}`,
      ),
    ];
  return [unknown(`${serviceType} ${orderNo}: unknown payout status ${status}`)];
}
