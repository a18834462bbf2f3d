import type { GatewayNotify } from '@pos/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { signAcquirerBody } from '../../modules/acquirer/verify-signature';
import { SimulatedGateway } from './simulated-gateway';

/**
 * The one interface between the mall and a payment gateway (WeChat Pay, Alipay). The platform
 * opens a payment and sends the phone to the gateway's cashier; the gateway answers with a signed
 * callback, which is the only way an order becomes paid by these pay types. Money not needed (a
 * second payment of one order) goes back through refund().
 *
 * Each channel has its own gateway: the buyer picks WeChat Pay or Alipay, and each may be the
 * built-in simulator, a real adapter, or off. The simulator signs its callbacks to
 * POST /api/pay/notify (HMAC-SHA256 of the raw body with PAYMENT_GATEWAY_SECRET in the
 * x-gateway-signature header); a real adapter has its own notify route speaking its provider's
 * protocol, which verifies and then applies the same GatewayNotify.
 */
export type GatewayChannel = 'wechat' | 'alipay';

export const GATEWAY_CHANNELS: readonly GatewayChannel[] = ['wechat', 'alipay'];

/**
 * Where the payer pays: the native shell's SDK, a phone browser, inside WeChat (JSAPI), or a
 * desktop browser (Alipay's page pay).
 */
export type GatewayClient = 'app' | 'h5' | 'jsapi' | 'page';

export interface GatewayPayment {
  paymentNo: string;
  channel: GatewayChannel;
  amountFen: number;
  subject: string;
  /** 'h5' unless the caller says otherwise. */
  client?: GatewayClient;
  /** The payer's address, which some gateways want for browser payments. */
  payerIp?: string;
  /** The payer's WeChat openid (JSAPI payments). */
  openid?: string;
}

export interface GatewayCashier {
  /** Where the phone goes to pay (a web cashier), or a scheme the native shell understands. */
  cashierUrl: string;
  /** Signed parameters the native shell hands to the provider's SDK (app payments). */
  appParams?: Record<string, string>;
}

export interface GatewayRefund {
  paymentNo: string;
  channel: GatewayChannel;
  tradeNo: string;
  amountFen: number;
  reason: string;
}

export interface PaymentGateway {
  /** True for the built-in simulator: no real money moves. */
  readonly simulated: boolean;
  /** Opens a payment; resolves to the cashier the phone goes to. */
  createPayment(payment: GatewayPayment): Promise<GatewayCashier>;
  /** Returns a paid payment's money to the payer; resolves once the gateway has accepted it. */
  refund(request: GatewayRefund): Promise<void>;
  /**
   * Asks the gateway whether a payment was paid (its notify may be late or lost): the result as
   * its notify would carry it, or null while it is not paid. Optional: a gateway without it
   * relies on its notifies alone.
   */
  queryPayment?(paymentNo: string, channel: GatewayChannel): Promise<GatewayNotify | null>;
  close(): Promise<void>;
}

/** The gateway of each channel, or null when that channel is off. */
export type GatewayLookup = (channel: GatewayChannel) => PaymentGateway | null;

export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';

/** The signature the gateway puts on a callback body. */
export const signGatewayBody = signAcquirerBody;

/** What configuration chose for a channel. */
export type GatewayChoice = 'simulated' | 'disabled' | 'real';

/**
 * A channel's choice in the configuration and, for 'real', the factory of its adapter. Each
 * provider's module owns its entry (WECHATPAY for WeChat, PAYMENT_GATEWAY until Alipay has its
 * own).
 */
function choiceOf(app: FastifyInstance, channel: GatewayChannel): GatewayChoice {
  if (channel === 'wechat')
    return app.config.wechatPay === 'wechatpay' ? 'real' : app.config.wechatPay;
  return app.config.alipayGateway === 'alipay' ? 'real' : app.config.alipayGateway;
}

/** Builds the real adapter of a channel from the configuration. */
const realAdapters: Partial<Record<GatewayChannel, (app: FastifyInstance) => PaymentGateway>> = {};

/** Called by a provider's module to say how its real adapter is built. */
export function defineRealGateway(
  channel: GatewayChannel,
  build: (app: FastifyInstance) => PaymentGateway,
) {
  realAdapters[channel] = build;
}

const registry = new WeakMap<Db, Map<GatewayChannel, PaymentGateway>>();
const simulators = new WeakMap<Db, SimulatedGateway>();

/** The built-in simulator of an app, shared by the channels that use it. */
function simulatorOf(app: FastifyInstance): SimulatedGateway {
  let sim = simulators.get(app.db);
  if (!sim) {
    sim = new SimulatedGateway({
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
    simulators.set(app.db, sim);
  }
  return sim;
}

/**
 * The gateway of a channel for an app (keyed by its database): a registered adapter, else what
 * the configuration chose: the built-in simulator, whose "the payer confirmed" step posts a
 * signed callback to the app itself, the channel's real adapter, or null when it is off.
 */
export function gatewayFor(app: FastifyInstance, channel: GatewayChannel): PaymentGateway | null {
  let byChannel = registry.get(app.db);
  if (!byChannel) registry.set(app.db, (byChannel = new Map()));
  let gateway = byChannel.get(channel);
  if (gateway) return gateway;
  const choice = choiceOf(app, channel);
  if (choice === 'disabled') return null;
  if (choice === 'simulated') gateway = simulatorOf(app);
  else {
    const build = realAdapters[channel];
    if (!build) throw new Error(`no real ${channel} gateway adapter is built into this server`);
    gateway = build(app);
  }
  byChannel.set(channel, gateway);
  return gateway;
}

/** Every channel's gateway of an app, as prepay and the refund job look them up. */
export const gatewaysOf =
  (app: FastifyInstance): GatewayLookup =>
  (channel) =>
    gatewayFor(app, channel);

/** The simulator when some channel uses it (its cashier confirms payments), else null. */
export function simulatedGatewayOf(app: FastifyInstance): SimulatedGateway | null {
  for (const channel of GATEWAY_CHANNELS) {
    const gateway = gatewayFor(app, channel);
    if (gateway instanceof SimulatedGateway) return gateway;
  }
  return null;
}

/**
 * Puts an adapter (or a test double) in place of what configuration chose for the app on this
 * database, for the channels named (both unless said).
 */
export function usePaymentGateway(
  db: Db,
  gateway: PaymentGateway,
  channels: readonly GatewayChannel[] = GATEWAY_CHANNELS,
) {
  let byChannel = registry.get(db);
  if (!byChannel) registry.set(db, (byChannel = new Map()));
  for (const channel of channels) byChannel.set(channel, gateway);
}

export async function closePaymentGateway(db: Db) {
  const gateways = new Set(registry.get(db)?.values() ?? []);
  const sim = simulators.get(db);
  if (sim) gateways.add(sim);
  registry.delete(db);
  simulators.delete(db);
  for (const gateway of gateways) await gateway.close();
}
