import type { GatewayNotify } from '@pos/core';
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import type {
  GatewayCashier,
  GatewayChannel,
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
} from '../gateway';
import {
  describe,
  fenOf,
  instantOf,
  succeeded,
  yuanOf,
  type AlipaySettings,
} from './alipay-client';

/** Trade states in which the buyer has paid (alipay.trade.query and the notify agree). */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** What a verified notify says: a payment to apply, or a state the platform has nothing to do for. */
export type AlipayNotifyReading =
  | { kind: 'paid'; notify: GatewayNotify }
  | { kind: 'ignored'; reason: string }
  | { kind: 'refused'; reason: string };

/**
 * Mall payments through Alipay's openapi gateway with the official SDK (decision 027).
 *
 * - app: alipay.trade.app.pay as the signed order string the native shell hands to Alipay's SDK
 *   (appParams.orderString), with the wap cashier as cashierUrl for a shell without it;
 * - h5 (and anything else from a phone): alipay.trade.wap.pay as a signed GET link;
 * - page: alipay.trade.page.pay as a signed GET link (a desktop browser).
 *
 * The payment number is Alipay's out_trade_no; the result arrives as the asynchronous notify
 * (verified here with Alipay's public key), or is asked for with alipay.trade.query when the
 * notify is late. Refunds use out_request_no R<payment number>, so a refund sent twice is paid
 * once, and are confirmed with alipay.trade.fastpay.refund.query before they count as done.
 */
export class AlipayGateway implements PaymentGateway {
  readonly simulated = false;

  constructor(
    private readonly sdk: AlipaySdk,
    private readonly settings: Pick<
      AlipaySettings,
      'appId' | 'notifyUrl' | 'returnUrl' | 'sellerId'
    > & {
      /** How long a payment may be paid (Alipay's timeout_express): the order's own time limit. */
      paymentMinutes: number;
    },
  ) {}

  async createPayment(payment: GatewayPayment): Promise<GatewayCashier> {
    if (payment.channel !== 'alipay')
      throw new Error('the Alipay gateway takes Alipay payments only');
    const biz = {
      outTradeNo: payment.paymentNo,
      totalAmount: yuanOf(payment.amountFen),
      subject: payment.subject.slice(0, 256),
      timeoutExpress: `${Math.max(1, Math.ceil(this.settings.paymentMinutes))}m`,
    };
    const common = {
      notifyUrl: this.settings.notifyUrl,
      ...(this.settings.returnUrl ? { returnUrl: this.settings.returnUrl } : {}),
    };
    const client: string = payment.client ?? 'h5';
    if (client === 'page') {
      return {
        cashierUrl: this.sdk.pageExecute('alipay.trade.page.pay', 'GET', {
          ...common,
          bizContent: { ...biz, productCode: 'FAST_INSTANT_TRADE_PAY' },
        }),
      };
    }
    const wap = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      ...common,
      bizContent: {
        ...biz,
        productCode: 'QUICK_WAP_WAY',
        ...(this.settings.returnUrl ? { quitUrl: this.settings.returnUrl } : {}),
      },
    });
    if (client !== 'app') return { cashierUrl: wap };
    const orderString = this.sdk.sdkExecute('alipay.trade.app.pay', {
      notifyUrl: this.settings.notifyUrl,
      bizContent: { ...biz, productCode: 'QUICK_MSECURITY_PAY' },
    });
    return { cashierUrl: wap, appParams: { orderString } };
  }

  /**
   * Asks Alipay for a payment's trade (alipay.trade.query): the paid result as a notify would
   * carry it, or null while it is unpaid, closed or unknown to Alipay.
   */
  async queryPayment(paymentNo: string, channel: GatewayChannel): Promise<GatewayNotify | null> {
    if (channel !== 'alipay') return null;
    const r = await this.exec('alipay.trade.query', { outTradeNo: paymentNo });
    if (!succeeded(r)) {
      if (r.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
      throw new Error(`alipay.trade.query: ${describe(r)}`);
    }
    if (!PAID_STATES.has(String(r.tradeStatus))) return null;
    const amountFen = fenOf(r.totalAmount);
    if (r.outTradeNo !== paymentNo || !r.tradeNo || amountFen === null)
      throw new Error('alipay.trade.query answered for another trade');
    return {
      paymentNo,
      tradeNo: String(r.tradeNo),
      channel: 'alipay',
      amountFen,
      status: 'SUCCESS',
      paidAt: instantOf(r.sendPayDate) ?? new Date().toISOString(),
    };
  }

  async refund(request: GatewayRefund): Promise<void> {
    const outRequestNo = `R${request.paymentNo}`;
    const r = await this.exec('alipay.trade.refund', {
      outTradeNo: request.paymentNo,
      refundAmount: yuanOf(request.amountFen),
      outRequestNo,
      refundReason: request.reason.slice(0, 256),
    });
    if (!succeeded(r)) throw new Error(`alipay.trade.refund: ${describe(r)}`);
    // The refund's own state decides: accepted is not yet returned to the payer.
    const q = await this.exec('alipay.trade.fastpay.refund.query', {
      outTradeNo: request.paymentNo,
      outRequestNo,
    });
    if (!succeeded(q)) throw new Error(`alipay.trade.fastpay.refund.query: ${describe(q)}`);
    if (q.refundStatus !== 'REFUND_SUCCESS')
      throw new Error(
        `the refund of ${request.paymentNo} is not done yet (${String(q.refundStatus)})`,
      );
    if (fenOf(q.refundAmount) !== request.amountFen)
      throw new Error(`the refund of ${request.paymentNo} is for another amount`);
  }

  /**
   * Reads an asynchronous notify (the form Alipay posted, already decoded): its RSA2 signature
   * must verify with Alipay's public key over the sorted parameters without sign and sign_type,
   * it must be for this application (and seller, when set), and only a paid trade is a payment.
   * The amount is checked against the payment where it is applied.
   */
  readNotify(form: Record<string, string>): AlipayNotifyReading {
    if (!form.sign || !this.sdk.checkNotifySignV2(form))
      return { kind: 'refused', reason: 'bad signature' };
    if (form.app_id !== this.settings.appId) return { kind: 'refused', reason: 'another app_id' };
    if (this.settings.sellerId && form.seller_id !== this.settings.sellerId)
      return { kind: 'refused', reason: 'another seller_id' };
    if (!PAID_STATES.has(form.trade_status ?? ''))
      return { kind: 'ignored', reason: `trade_status ${form.trade_status ?? '(none)'}` };
    const amountFen = fenOf(form.total_amount);
    if (!form.out_trade_no || !form.trade_no || amountFen === null || amountFen <= 0)
      return { kind: 'refused', reason: 'incomplete notify' };
    return {
      kind: 'paid',
      notify: {
        paymentNo: form.out_trade_no,
        tradeNo: form.trade_no,
        channel: 'alipay',
        amountFen,
        status: 'SUCCESS',
        paidAt: instantOf(form.gmt_payment) ?? new Date().toISOString(),
      },
    };
  }

  private exec(
    method: string,
    bizContent: Record<string, unknown>,
  ): Promise<AlipaySdkCommonResult> {
    return this.sdk.exec(method, { bizContent }, { validateSign: true });
  }

  async close() {}
}
