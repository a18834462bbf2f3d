import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { signAcquirerBody } from '../acquirer/verify-signature';
import { SimulatedGateway } from './simulated-gateway';

/**
 * The one interface between the mall and a payment gateway (WeChat Pay, Alipay). The platform
 * opens a payment and sends the phone to the gateway's cashier; the gateway answers with a signed
 * callback to POST /api/pay/notify (HMAC-SHA256 of the raw body with PAYMENT_GATEWAY_SECRET in
 * the x-gateway-signature header), which is the only way an order becomes paid by these pay
 * types. Money not needed (a second payment of one order) goes back through refund().
 */
export type GatewayChannel = 'wechat' | 'alipay';

export interface GatewayPayment {
  paymentNo: string;
  channel: GatewayChannel;
  amountFen: number;
  subject: string;
}

export interface PaymentGateway {
  /** True for the built-in simulator: no real money moves. */
  readonly simulated: boolean;
  /** Opens a payment; resolves to the cashier the phone goes to. */
  createPayment(payment: GatewayPayment): Promise<{ cashierUrl: string }>;
  /** Returns a paid payment's money to the payer; resolves once the gateway has accepted it. */
  refund(request: {
    paymentNo: string;
    tradeNo: string;
    amountFen: number;
    reason: string;
  }): Promise<void>;
  close(): Promise<void>;
}

export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';

/** The signature the gateway puts on a callback body. */
export const signGatewayBody = signAcquirerBody;

const registry = new WeakMap<Db, PaymentGateway>();

/**
 * The gateway of an app (keyed by its database): a registered adapter, else the built-in
 * simulator, whose "the payer confirmed" step posts a signed callback to the app itself.
 * Null when PAYMENT_GATEWAY=disabled and nothing is registered.
 */
export function gatewayFor(app: FastifyInstance): PaymentGateway | null {
  let gateway = registry.get(app.db);
  if (!gateway) {
    if (app.config.paymentGateway !== 'simulated') return null;
    gateway = new SimulatedGateway({
      secret: app.config.paymentGatewaySecret,
      deliver: async (rawBody, signature) => {
        const res = await app.inject({
          method: 'POST',
          url: '/prod-api/api/pay/notify',
          headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signature },
          payload: rawBody,
        });
        if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}`);
      },
    });
    registry.set(app.db, gateway);
  }
  return gateway;
}

/** Puts a real adapter (or a test double) in place of the simulator for the app on this database. */
export function usePaymentGateway(db: Db, gateway: PaymentGateway) {
  registry.set(db, gateway);
}

export async function closePaymentGateway(db: Db) {
  const gateway = registry.get(db);
  registry.delete(db);
  await gateway?.close();
}
