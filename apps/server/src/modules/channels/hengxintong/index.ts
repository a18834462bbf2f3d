import { CARD_TYPE, PAY_TYPE, RATE_TYPE, TOTAL_TYPE, TRANSACTION_METHOD } from '@pos/core';
import type { Answer, ChannelAdapter, ChannelKeys, Decoded, Outcome, RawPush } from '../adapter';
import { sha256 } from '../../../lib/crypto';
import {
  fenOf,
  formatShanghaiTime,
  parseShanghaiTime,
  percentToPpm,
  ppmToPercent,
  rsaSign,
  rsaVerify,
  signingString,
} from '../sign';
import type { UnifiedEvent, UnifiedMerchant, UnifiedRate, UnifiedTrade } from '../unified';

/**
 * 恒信通 API push (docs/channels.md has the field mapping table). A JSON object of string fields
 * with an `action`; `sign` is SHA256withRSA (PKCS#1 v1.5, base64) by the acquirer over the other
 * non-empty fields as `k=v` sorted by key and joined by `&`. Amounts in fen, rates in percent,
 * times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai). `{"code":0}` acknowledges.
 */

type Fields = Record<string, string>;

/** transCardType -> what the platform records. A code not here is flagged, never guessed. */
const CARD_TYPES: Record<
  string,
  Pick<UnifiedTrade, 'payType' | 'totalType' | 'cardType' | 'method'>
> = {
  '00': {
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.POS_DEBIT,
    cardType: CARD_TYPE.DEBIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
  },
  '01': {
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.POS_CREDIT,
    cardType: CARD_TYPE.CREDIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
  },
  '061': {
    payType: PAY_TYPE.WECHAT,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
  },
  '062': {
    payType: PAY_TYPE.ALIPAY,
    totalType: TOTAL_TYPE.QR,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.QR,
  },
  // 银联支付: UnionPay's own QR / QuickPass, priced as cloud flash pay.
  '063': {
    payType: PAY_TYPE.UNIONPAY_QR,
    totalType: TOTAL_TYPE.CLOUD_FLASH_PAY,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.CLOUD_FLASH_PAY,
  },
  // Apple Pay: a contactless UnionPay tap at the terminal, priced as cloud flash pay.
  '065': {
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.CLOUD_FLASH_PAY,
    cardType: CARD_TYPE.QR,
    method: TRANSACTION_METHOD.CLOUD_FLASH_PAY,
  },
};

const APPROVE_STATUS: Record<string, UnifiedMerchant['status']> = {
  '1': 'reviewing',
  '2': 'approved',
  '3': 'rejected',
  '4': 'disabled',
};

const ACK: Answer = { status: 200, contentType: 'application/json', body: '{"code":0}' };
const NACK: Answer = { status: 403, contentType: 'application/json', body: '{"code":1}' };

const refuse = (reason: string, orderNo?: string): Decoded => ({ ok: false, reason, orderNo });

/** Rates of an onboarding or a rate notice; an ambiguous one (WeChat vs Alipay) is flagged. */
function ratesOf(f: Fields, unknown: string[]): UnifiedRate[] {
  const rates: UnifiedRate[] = [];
  const pct = (key: string) => {
    if (f[key] === undefined || f[key] === '') return null;
    const ppm = percentToPpm(f[key]);
    if (ppm === null) unknown.push(`unreadable ${key} ${f[key]}`);
    return ppm;
  };
  const credit = pct('creditCardFeeRate');
  if (credit !== null) rates.push({ rateType: RATE_TYPE.POS_SWIPE, value: credit });
  const cloud = pct('cloudCreditFeeRate') ?? pct('unionpayPayFeeRate');
  if (cloud !== null) rates.push({ rateType: RATE_TYPE.CLOUD_FLASH_PAY, value: cloud });
  const wx = pct('wxPayFeeRate');
  const ali = pct('alipayFeeRate');
  if (wx !== null && ali !== null && wx !== ali)
    unknown.push(`wxPayFeeRate ${f.wxPayFeeRate} and alipayFeeRate ${f.alipayFeeRate} differ`);
  else if ((wx ?? ali) !== null) rates.push({ rateType: RATE_TYPE.QR, value: (wx ?? ali)! });
  if (f.debitCardFeeMax !== undefined && f.debitCardFeeMax !== '') {
    const cap = fenOf(f.debitCardFeeMax);
    if (cap === null) unknown.push(`unreadable debitCardFeeMax ${f.debitCardFeeMax}`);
    else rates.push({ rateType: RATE_TYPE.DEBIT_CAP, value: cap });
  }
  return rates;
}

function decodeFields(f: Fields): Decoded {
  const action = f.action ?? '';
  const sn = f.tusn?.trim() ?? '';
  const merchantNo = f.merchantNo?.trim() || undefined;
  const unknown: string[] = [];
  const events: UnifiedEvent[] = [];
  let orderNo: string;

  switch (action) {
    case 'pos_order': {
      orderNo = f.orderNo?.trim() ?? '';
      if (!orderNo) return refuse('pos_order without orderNo');
      const amount = fenOf(f.amount);
      const time = parseShanghaiTime(f.transTime);
      if (!sn || amount === null || !time)
        return refuse('pos_order: tusn, amount or transTime unreadable', orderNo);
      const kind = CARD_TYPES[f.transCardType ?? ''];
      if (!kind) {
        unknown.push(`unknown transCardType ${f.transCardType ?? ''}`);
        break;
      }
      const rate = f.transactionFee ? percentToPpm(f.transactionFee) : null;
      const highRate = f.highRate ? percentToPpm(f.highRate) : null;
      const d0 = f.feeExt ? fenOf(f.feeExt) : null;
      if (f.transactionFee && rate === null)
        unknown.push(`unreadable transactionFee ${f.transactionFee}`);
      if (f.highRate && highRate === null) unknown.push(`unreadable highRate ${f.highRate}`);
      if (f.feeExt && d0 === null) unknown.push(`unreadable feeExt ${f.feeExt}`);
      if (unknown.length > 0) break;
      const extra: UnifiedTrade['extra'] = {};
      if (highRate !== null) extra.highRatePpm = highRate;
      if (d0 !== null) extra.d0FeeFen = d0;
      events.push({
        type: 'trade',
        orderNo,
        kind: 'payment',
        sn,
        merchantNo,
        amountFen: amount,
        ...kind,
        // 恒信通 pushes successful trades only.
        status: 'success',
        ...(rate !== null ? { ratePpm: rate } : {}),
        ...(f.cardNo ? { cardNo: f.cardNo } : {}),
        tradeTime: time,
        ...(Object.keys(extra).length > 0 ? { extra } : {}),
      });
      break;
    }
    case 'sn_device_fee': {
      orderNo = f.orderNo?.trim() ?? '';
      if (!orderNo) return refuse('sn_device_fee without orderNo');
      const amount = fenOf(f.chargingAmount);
      const at = parseShanghaiTime(f.chargingTime);
      if (!sn || amount === null || !at)
        return refuse('sn_device_fee: tusn, chargingAmount or chargingTime unreadable', orderNo);
      const feeKind = f.type === '1' ? 'service_fee' : f.type === '2' ? 'comm_fee' : null;
      if (!feeKind) {
        unknown.push(`unknown sn_device_fee type ${f.type ?? ''}`);
        break;
      }
      events.push({ type: 'fee', orderNo, sn, merchantNo, feeKind, amountFen: amount, at });
      break;
    }
    case 'sn_bind': {
      // No order number in this notice: a retry repeats the same signed content.
      orderNo = `sn_bind:${sha256(signingString(f))}`;
      if (!sn || !merchantNo) return refuse('sn_bind without tusn or merchantNo', orderNo);
      const what = f.status === '1' ? 'bind' : f.status === '2' ? 'unbind' : null;
      if (!what) {
        unknown.push(`unknown sn_bind status ${f.status ?? ''}`);
        break;
      }
      // The notice carries no time: the binding takes effect when it is heard.
      events.push({ type: 'bind', action: what, sn, merchantNo, at: new Date() });
      break;
    }
    case 'merc_income': {
      orderNo = `merc_income:${sha256(signingString(f))}`;
      if (!merchantNo) return refuse('merc_income without merchantNo', orderNo);
      const status = APPROVE_STATUS[f.approveStatus ?? ''];
      if (!status) {
        unknown.push(`unknown approveStatus ${f.approveStatus ?? ''}`);
        break;
      }
      const rates = ratesOf(f, unknown);
      if (unknown.length > 0) break;
      events.push({
        type: 'merchant',
        merchantNo,
        ...(sn ? { sn } : {}),
        status,
        ...(f.legalName ? { legalName: f.legalName, name: f.legalName } : {}),
        ...(f.address ? { address: f.address } : {}),
        ...(rates.length > 0 ? { rates } : {}),
      });
      break;
    }
    case 'merc_rate_update': {
      orderNo = `merc_rate_update:${sha256(signingString(f))}`;
      if (!merchantNo) return refuse('merc_rate_update without merchantNo', orderNo);
      const rates = ratesOf(f, unknown);
      if (unknown.length > 0) break;
      events.push({ type: 'merchant_rate', merchantNo, ...(sn ? { sn } : {}), rates });
      break;
    }
    default:
      orderNo = `${action.slice(0, 40) || 'none'}:${sha256(signingString(f))}`;
      unknown.push(`unknown action ${action}`);
  }
  if (unknown.length > 0)
    return {
      ok: true,
      orderNo,
      events: [{ type: 'unknown', reason: unknown.join('; '), ...(sn ? { sn } : {}) }],
    };
  return { ok: true, orderNo, events };
}

export const hengxintongAdapter: ChannelAdapter = {
  protocol: 'hengxintong',
  requiredKeys: ['acquirerPublicKey'],

  decode(push: RawPush, keys: ChannelKeys): Decoded {
    let parsed: unknown;
    try {
      parsed = JSON.parse(push.body.toString('utf8'));
    } catch {
      return refuse('body is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return refuse('body is not a JSON object');
    const fields: Fields = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      if (typeof v === 'string') fields[k] = v;
      else if (typeof v === 'number' && Number.isFinite(v)) fields[k] = String(v);
      else return refuse(`field ${k} is not a string`);
    }
    const orderHint = fields.orderNo?.slice(0, 64);
    if (!keys.acquirerPublicKey) return refuse('acquirer public key not configured', orderHint);
    if (!fields.sign) return refuse('missing sign', orderHint);
    if (!rsaVerify(signingString(fields), fields.sign, keys.acquirerPublicKey))
      return refuse('bad signature', orderHint);
    return decodeFields(fields);
  },

  answer(outcome: Outcome): Answer {
    return outcome === 'refused' ? NACK : ACK;
  },

  encode(events, keys) {
    if (!keys.acquirerPrivateKey) throw new Error('hengxintong: acquirer private key needed');
    if (events.length !== 1) throw new Error('hengxintong: one event per push');
    const fields = fieldsOf(events[0]!);
    fields.sign = rsaSign(signingString(fields), keys.acquirerPrivateKey);
    return {
      body: Buffer.from(JSON.stringify(fields)),
      headers: { 'content-type': 'application/json' },
    };
  },
};

/** The simulator's side: the push 恒信通 would send for one event. */
export function fieldsOf(e: UnifiedEvent): Fields {
  const brandCode = 'LD';
  switch (e.type) {
    case 'trade': {
      if (e.kind !== 'payment' || e.status !== 'success')
        throw new Error('hengxintong pushes successful payments only');
      const code = Object.entries(CARD_TYPES).find(
        ([, v]) =>
          v.totalType === e.totalType && v.payType === e.payType && v.cardType === e.cardType,
      )?.[0];
      if (!code)
        throw new Error(`hengxintong has no transCardType for ${e.payType}/${e.totalType}`);
      const f: Fields = {
        action: 'pos_order',
        brandCode,
        tusn: e.sn,
        transTime: formatShanghaiTime(e.tradeTime),
        orderNo: e.orderNo,
        transCardType: code,
        amount: String(e.amountFen),
      };
      if (e.cardNo) f.cardNo = e.cardNo;
      if (e.ratePpm !== undefined) f.transactionFee = ppmToPercent(e.ratePpm);
      if (e.extra?.d0FeeFen !== undefined) f.feeExt = String(e.extra.d0FeeFen);
      if (e.extra?.highRatePpm !== undefined) f.highRate = ppmToPercent(e.extra.highRatePpm);
      if (e.merchantNo) f.merchantNo = e.merchantNo;
      return f;
    }
    case 'fee':
      return {
        action: 'sn_device_fee',
        brandCode,
        tusn: e.sn,
        ...(e.merchantNo ? { merchantNo: e.merchantNo } : {}),
        chargingAmount: String(e.amountFen),
        type: e.feeKind === 'service_fee' ? '1' : '2',
        orderNo: e.orderNo,
        chargingTime: formatShanghaiTime(e.at),
      };
    case 'bind':
      return {
        action: 'sn_bind',
        brandCode,
        tusn: e.sn,
        status: e.action === 'bind' ? '1' : '2',
        merchantNo: e.merchantNo,
      };
    case 'merchant': {
      const f: Fields = {
        action: 'merc_income',
        brandCode,
        merchantNo: e.merchantNo,
        approveStatus: Object.entries(APPROVE_STATUS).find(([, v]) => v === e.status)![0],
        ...(e.sn ? { tusn: e.sn, bindStatus: '0' } : {}),
        ...(e.legalName ? { legalName: e.legalName } : {}),
        ...(e.address ? { address: e.address } : {}),
      };
      return { ...f, ...rateFields(e.rates ?? []) };
    }
    case 'merchant_rate':
      return {
        action: 'merc_rate_update',
        brandCode,
        merchantNo: e.merchantNo,
        ...(e.sn ? { tusn: e.sn } : {}),
        ...rateFields(e.rates),
      };
    default:
      throw new Error(`hengxintong has no push for ${e.type}`);
  }
}

function rateFields(rates: readonly UnifiedRate[]): Fields {
  const f: Fields = {};
  for (const r of rates) {
    if (r.rateType === RATE_TYPE.POS_SWIPE) f.creditCardFeeRate = ppmToPercent(r.value);
    else if (r.rateType === RATE_TYPE.CLOUD_FLASH_PAY) f.unionpayPayFeeRate = ppmToPercent(r.value);
    else if (r.rateType === RATE_TYPE.QR) {
      f.wxPayFeeRate = ppmToPercent(r.value);
      f.alipayFeeRate = ppmToPercent(r.value);
    } else if (r.rateType === RATE_TYPE.DEBIT_CAP) f.debitCardFeeMax = String(r.value);
    else throw new Error(`hengxintong has no field for rate type ${r.rateType}`);
  }
  return f;
}
