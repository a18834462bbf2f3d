import {
  NOTIFY_SIGNATURE_HEADER,
  NOTIFY_SIGN_TYPE_HEADER,
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  toEpochMs,
  transactionNotification,
  type TransactionNotification,
  type TransactionNotificationParsed,
} from '@pos/core';
import { hmacSign, verifyNotifySignature } from '../../lib/signature';
import type { Answer, ChannelAdapter, Decoded } from './adapter';
import type { UnifiedEvent } from './unified';

/**
 * The platform's own format (what `/api/notify/transaction` takes): a transaction notification
 * signed with HMAC-SHA256 of the raw body (hex, x-signature), or RSA-SHA256 (base64) when the
 * channel has an acquirer public key. Fee collections (total types 8 and 9) become fee events.
 */
const KIND = { [TXN_KIND.PAYMENT]: 'payment', [TXN_KIND.REFUND]: 'refund' } as Record<
  number,
  'payment' | 'refund' | 'reversal'
>;

/**
 * The unified event of one notification in the platform's own format (null: its trade time
 * cannot be read). `/api/notify/transaction` stores it with the raw push, as this channel does.
 */
export function eventOfNotification(n: TransactionNotificationParsed): UnifiedEvent | null {
  const ms = toEpochMs(n.tradeTime);
  if (ms === null) return null;
  const at = new Date(ms);
  const isFee =
    n.totalType === TOTAL_TYPE.SERVICE_FEE || n.totalType === TOTAL_TYPE.COMMUNICATION_FEE;
  let event: UnifiedEvent;
  if (isFee && n.kind === TXN_KIND.PAYMENT && n.status === TRANSACTION_STATUS.SUCCESS) {
    event = {
      type: 'fee',
      orderNo: n.txnId,
      sn: n.sn,
      feeKind: n.totalType === TOTAL_TYPE.SERVICE_FEE ? 'service_fee' : 'comm_fee',
      amountFen: n.amountFen,
      at,
    };
  } else {
    event = {
      type: 'trade',
      orderNo: n.txnId,
      kind: KIND[n.kind] ?? 'reversal',
      ...(n.origTxnId ? { origOrderNo: n.origTxnId } : {}),
      sn: n.sn,
      amountFen: n.amountFen,
      payType: n.payType,
      totalType: n.totalType,
      cardType: n.cardType,
      method: n.method,
      status: n.status === TRANSACTION_STATUS.SUCCESS ? 'success' : 'failed',
      ...(n.feeFen !== undefined ? { feeFen: n.feeFen } : {}),
      ...(n.rate !== undefined ? { ratePpm: n.rate } : {}),
      ...(n.cardNo ? { cardNo: n.cardNo } : {}),
      tradeTime: at,
    };
  }
  return event;
}

export const simulatedAdapter: ChannelAdapter = {
  protocol: 'simulated',
  requiredKeys: [],

  decode(push, keys): Decoded {
    if (!keys.secret && !keys.acquirerPublicKey)
      return { ok: false, reason: 'no secret or public key configured' };
    const check = verifyNotifySignature(
      push.body,
      push.headers[NOTIFY_SIGNATURE_HEADER],
      push.headers[NOTIFY_SIGN_TYPE_HEADER],
      { notifySecret: keys.secret ?? '', notifyRsaPublicKey: keys.acquirerPublicKey ?? '' },
    );
    if (!check.ok) return { ok: false, reason: check.reason };
    let json: unknown;
    try {
      json = JSON.parse(push.body.toString('utf8'));
    } catch {
      return { ok: false, reason: 'body is not JSON' };
    }
    const parsed = transactionNotification.safeParse(json);
    if (!parsed.success)
      return { ok: false, reason: parsed.error.issues[0]?.message ?? 'bad body' };
    const n = parsed.data;
    const event = eventOfNotification(n);
    if (!event) return { ok: false, reason: 'bad tradeTime', orderNo: n.txnId };
    return { ok: true, orderNo: n.txnId, events: [event] };
  },

  answer(outcome): Answer {
    if (outcome === 'refused')
      return {
        status: 403,
        contentType: 'application/json',
        body: '{"code":403,"msg":"refused"}',
      };
    return { status: 200, contentType: 'application/json', body: '{"code":200,"msg":"ok"}' };
  },

  encode(events, keys) {
    if (!keys.secret) throw new Error('simulated: secret needed');
    if (events.length !== 1) throw new Error('simulated: one event per push');
    const e = events[0]!;
    let n: TransactionNotification;
    if (e.type === 'trade') {
      n = {
        txnId: e.orderNo,
        kind:
          e.kind === 'payment'
            ? TXN_KIND.PAYMENT
            : e.kind === 'refund'
              ? TXN_KIND.REFUND
              : TXN_KIND.REVERSAL,
        ...(e.origOrderNo ? { origTxnId: e.origOrderNo } : {}),
        sn: e.sn,
        amountFen: e.amountFen,
        payType: e.payType,
        totalType: e.totalType,
        cardType: e.cardType,
        method: e.method,
        status: e.status === 'success' ? TRANSACTION_STATUS.SUCCESS : TRANSACTION_STATUS.FAILED,
        ...(e.feeFen !== undefined ? { feeFen: e.feeFen } : {}),
        ...(e.ratePpm !== undefined ? { rate: e.ratePpm } : {}),
        ...(e.cardNo ? { cardNo: e.cardNo } : {}),
        tradeTime: e.tradeTime.toISOString(),
      };
    } else if (e.type === 'fee') {
      n = {
        txnId: e.orderNo,
        kind: TXN_KIND.PAYMENT,
        sn: e.sn,
        amountFen: e.amountFen,
        payType: 1,
        totalType:
          e.feeKind === 'service_fee' ? TOTAL_TYPE.SERVICE_FEE : TOTAL_TYPE.COMMUNICATION_FEE,
        cardType: 1,
        method: 1,
        status: TRANSACTION_STATUS.SUCCESS,
        tradeTime: e.at.toISOString(),
      };
    } else throw new Error(`simulated has no push for ${e.type}`);
    const body = Buffer.from(JSON.stringify(n));
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [NOTIFY_SIGNATURE_HEADER]: hmacSign(body, keys.secret),
      },
    };
  },
};
