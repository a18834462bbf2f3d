import { randomBytes } from 'node:crypto';
import type { GatewayNotify } from '@pos/core';
import { AppError, notFound } from '../../lib/app-error';
import type { GatewayPayment, PaymentGateway } from './gateway';
import { signAcquirerBody } from '../../modules/acquirer/verify-signature';

/**
 * WeChat Pay and Alipay on this machine. It remembers the payments opened in this process; when
 * the payer confirms in its cashier (the app's simulated cashier sheet), it gives the payment a
 * trade number and delivers the signed callback a real gateway would send. Refunds are recorded
 * and accepted at once. Payments opened before a restart must be opened again.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly simulated = true;
  private readonly payments = new Map<string, GatewayPayment & { tradeNo?: string }>();
  /** Refunds accepted, by payment number (tests read them). */
  readonly refunds = new Map<string, { amountFen: number; reason: string }>();

  constructor(
    private readonly opts: {
      secret: string;
      deliver: (rawBody: string, signature: string) => Promise<void>;
    },
  ) {}

  async createPayment(payment: GatewayPayment) {
    this.payments.set(payment.paymentNo, { ...payment });
    return { cashierUrl: `simulated://cashier/${payment.paymentNo}` };
  }

  /**
   * The payer confirms in the cashier: the callback is signed and delivered. Confirming the same
   * payment again re-sends the same callback (same trade number), as gateways retry.
   */
  async pay(paymentNo: string): Promise<GatewayNotify> {
    const p = this.payments.get(paymentNo);
    if (!p) throw notFound('支付单不存在或已失效，请重新发起支付');
    p.tradeNo ??= `${p.channel === 'wechat' ? 'WX' : 'ALI'}${Date.now()}${randomBytes(4).toString('hex')}`;
    const notify: GatewayNotify = {
      paymentNo,
      tradeNo: p.tradeNo,
      channel: p.channel,
      amountFen: p.amountFen,
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    };
    const raw = JSON.stringify(notify);
    try {
      await this.opts.deliver(raw, signAcquirerBody(raw, this.opts.secret));
    } catch {
      throw new AppError('CONFLICT', '支付结果通知失败，请稍后在订单中查看');
    }
    return notify;
  }

  async refund(request: { paymentNo: string; amountFen: number; reason: string }) {
    this.refunds.set(request.paymentNo, { amountFen: request.amountFen, reason: request.reason });
  }

  async close() {
    this.payments.clear();
  }
}
