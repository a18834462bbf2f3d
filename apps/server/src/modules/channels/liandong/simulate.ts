/**
 * The simulator's side of 联动: unified events → the notice 联动 would send for them (then
 * codec.ts encrypts and signs it). What 联动 has no notice for (a refund, a fee without the trade
 * that paid it, quick pay) throws: the simulator must not invent a protocol.
 */
import { RATE_TYPE } from '@pos/core';
import type { UnifiedEvent, UnifiedRate, UnifiedTrade } from '../unified';
import { formatShanghaiTime, ppmToPercent } from '../sign';
import { fenToYuan } from './decimal';
import { PAY_TYPE_CODES, PRODUCT_TYPE_CODES, SERVICE_TYPES } from './mapping';

/** The rate a simulated trade carries when the event names none: 0.6 %. */
const DEFAULT_RATE_PPM = 6000;

/**
 * 联动 always names the merchant (customerNo is mandatory); the platform's own traffic knows only
 * the terminal, so the simulator names a merchant after it. The platform attributes a trade by
 * its terminal, never by this number.
 */
const merchantNoOf = (e: { merchantNo?: string; sn: string }) => e.merchantNo ?? `SIM${e.sn}`;

/** The product and detail codes of a trade (the first the tables allow). */
function codesOf(t: UnifiedTrade): { productTypeCode: string; payTypeCode: string } {
  for (const [productTypeCode, product] of Object.entries(PRODUCT_TYPE_CODES)) {
    if (product.payType !== t.payType || product.method !== t.method) continue;
    for (const payTypeCode of product.payTypeCodes) {
      const cls = PAY_TYPE_CODES[payTypeCode]!;
      if (cls.totalType === t.totalType && cls.cardType === t.cardType)
        return { productTypeCode, payTypeCode };
    }
  }
  throw new Error(
    `联动 has no pay type for pay type ${t.payType}, total type ${t.totalType}, card ${t.cardType}, method ${t.method}`,
  );
}

/** 联动's fee: the rate applied to the amount, rounded up to the fen (rule A). */
function feeOf(amountFen: number, ratePpm: number): number {
  const product = BigInt(amountFen) * BigInt(ratePpm);
  return Number((product + 999_999n) / 1_000_000n);
}

function payOrder(trade: UnifiedTrade, fee: UnifiedEvent | undefined): Record<string, unknown> {
  if (trade.kind !== 'payment') throw new Error(`联动 has no ${trade.kind} notice`);
  const { productTypeCode, payTypeCode } = codesOf(trade);
  const ratePpm = trade.ratePpm ?? DEFAULT_RATE_PPM;
  const debit = payTypeCode.endsWith('_DC');
  const feeFen = trade.feeFen ?? feeOf(trade.amountFen, ratePpm);
  const notice: Record<string, unknown> = {
    agentNo: 'SIMULATOR',
    customerName: merchantNoOf(trade),
    customerNo: merchantNoOf(trade),
    materialsNo: trade.sn,
    transType: 'TRADE',
    productTypeCode,
    payTypeCode,
    orderNo: trade.orderNo,
    amount: fenToYuan(trade.amountFen),
    settleAmount: fenToYuan(trade.amountFen - feeFen),
    rateVersion: '1',
    feeRate: ppmToPercent(ratePpm),
    isCapping: 'NO',
    feeCalculationRules: 'A',
    fee: fenToYuan(feeFen),
    fixedValue: '0.00',
    status: trade.status === 'success' ? 'SUCCESS' : 'FAIL',
    successTime: formatShanghaiTime(trade.tradeTime),
  };
  if (payTypeCode.startsWith('POS_') || payTypeCode.startsWith('UNIONPAY_'))
    notice.cardType = debit ? 'DC' : 'CC';
  if (trade.cardNo) notice.cardCode = trade.cardNo;
  if (fee) {
    if (fee.type !== 'fee' || fee.sn !== trade.sn)
      throw new Error('联动 carries only the fee its trade paid');
    notice.stopOrderNo = fee.orderNo;
    notice.stopPayType = fee.feeKind === 'service_fee' ? 'MACHINE' : 'SIM';
    notice.stopPayAmount = fenToYuan(fee.amountFen);
    notice.stopRuleIndex = 1;
    notice.stopPhaseIndex = 1;
  }
  return notice;
}

/** The platform's rates → 联动's rate list (the debit cap rides on POS_DC). */
function rateList(rates: readonly UnifiedRate[]): Record<string, unknown>[] {
  const by = new Map(rates.map((r) => [r.rateType, r.value]));
  const out: Record<string, unknown>[] = [];
  // A new version per notice, as 联动 numbers every change (the notice's idempotency key).
  const version = `SIM${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const entry = (code: string, ppm: number, capFen = 0) =>
    out.push({
      payTypeViewCode: code,
      rateValue: ppmToPercent(ppm),
      fixedValue: '0.00',
      cappingValue: fenToYuan(capFen),
      rateVersion: version,
      effectiveBegin: formatShanghaiTime(new Date(0)),
    });
  for (const [rateType, value] of by) {
    switch (rateType) {
      case RATE_TYPE.POS_SWIPE:
        entry('POS_CC', value);
        if (by.has(RATE_TYPE.DEBIT_CAP)) entry('POS_DC', value, by.get(RATE_TYPE.DEBIT_CAP));
        break;
      case RATE_TYPE.CLOUD_FLASH_PAY:
        entry('UNIONPAY_DOWN_CC', value);
        break;
      case RATE_TYPE.QR:
        entry('WECHAT', value);
        entry('ALIPAY', value);
        break;
      case RATE_TYPE.VIP_SWIPE:
        entry('POS_DISCOUNT_CC', value);
        break;
      case RATE_TYPE.DEBIT_CAP:
        if (!by.has(RATE_TYPE.POS_SWIPE)) throw new Error('联动 sends the debit cap with POS_DC');
        break;
      default:
        throw new Error(`联动 has no rate for rate type ${rateType}`);
    }
  }
  return out;
}

/** The 联动 notice that carries these events. */
export function noticeOf(events: readonly UnifiedEvent[]): {
  serviceType: string;
  notice: Record<string, unknown>;
} {
  const [first, second, ...rest] = events;
  if (!first || rest.length > 0) throw new Error('联动 carries one or two events per push');
  if (first.type === 'trade')
    return { serviceType: SERVICE_TYPES.PAY_ORDER, notice: payOrder(first, second) };
  if (first.type === 'bind' && second?.type === 'bind') {
    if (
      first.action !== 'unbind' ||
      second.action !== 'bind' ||
      first.merchantNo !== second.merchantNo
    )
      throw new Error('联动 moves a merchant from one terminal to another in one push');
    return {
      serviceType: SERVICE_TYPES.BIND,
      notice: {
        agentNo: 'SIMULATOR',
        customerNo: second.merchantNo,
        oldMaterialsNo: first.sn,
        materialsNo: second.sn,
        bindStatus: 'CHANGE_BIND',
        changeTime: formatShanghaiTime(second.at),
      },
    };
  }
  if (second) throw new Error(`联动 carries no ${first.type} with a ${second.type}`);
  switch (first.type) {
    case 'activation':
      return {
        serviceType: SERVICE_TYPES.ACTIVATION,
        notice: {
          customerNo: merchantNoOf(first),
          customerName: merchantNoOf(first),
          materialsNo: first.sn,
          materialsType: 'DQPOS',
          activationTime: formatShanghaiTime(first.activatedAt),
          activationStatus: 'FINISHED',
        },
      };
    case 'bind':
      return {
        serviceType: SERVICE_TYPES.BIND,
        notice: {
          agentNo: 'SIMULATOR',
          customerNo: first.merchantNo,
          materialsNo: first.sn,
          bindStatus: first.action === 'bind' ? 'BINDED' : 'TRUE',
          changeTime: formatShanghaiTime(first.at),
        },
      };
    case 'merchant': {
      if (first.status !== 'approved') throw new Error('联动 tells only of approved merchants');
      const now = formatShanghaiTime(new Date());
      return {
        serviceType: SERVICE_TYPES.REGISTER,
        notice: {
          customerInfoNotify: {
            agentNo: 'SIMULATOR',
            createTime: now,
            customerType: 'SMALL',
            customerNo: first.merchantNo,
            customerName: first.name ?? first.merchantNo,
            idType: 'ID',
            idCardName: '*',
            idCardNo: '*',
            idCardEffectiveBegin: now.slice(0, 10),
            idCardEffectiveEnd: '9999-12-31',
            category: '5311',
            categoryName: '百货',
            unionOrgCode: '310000',
            registerAddress: first.address ?? '',
            bussinessName: first.name ?? first.merchantNo,
            status: 'TRUE',
          },
          rateNotifyList: rateList(first.rates ?? []),
        },
      };
    }
    case 'merchant_rate':
      return {
        serviceType: SERVICE_TYPES.RATE,
        notice: { customerNo: first.merchantNo, rateNotifyList: rateList(first.rates) },
      };
    default:
      throw new Error(`联动 has no notice for a ${first.type} event`);
  }
}
