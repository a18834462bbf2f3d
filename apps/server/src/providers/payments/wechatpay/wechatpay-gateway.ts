import { X509Certificate, createPublicKey, type KeyObject } from 'node:crypto';
import type { GatewayNotify } from '@pos/core';
import type { AxiosInstance, AxiosResponse } from 'axios';
import { Aes, Decorator, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type {
  GatewayCashier,
  GatewayChannel,
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
} from '../gateway';
import type { WechatPaySettings } from './wechatpay-settings';

/** Seconds a signed answer or notification may be off this machine's clock (as the SDK allows). */
export const WECHATPAY_CLOCK_SKEW_S = 300;

/** A notification's encrypted resource (AEAD_AES_256_GCM with the APIv3 key). */
export interface WechatPayResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** A verified, decrypted notification. */
export interface WechatPayEvent {
  id: string;
  eventType: string;
  resource: Record<string, unknown>;
}

/** The payment result a TRANSACTION.* notification carries (decrypted). */
export interface WechatPayTransaction {
  mchid: string;
  appid?: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  success_time?: string;
  amount: { total: number; payer_total?: number; currency?: string };
}

/** The refund result a REFUND.* notification carries (decrypted). */
export interface WechatPayRefundResult {
  mchid: string;
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  refund_status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' | 'PROCESSING';
  success_time?: string;
  amount: { total: number; refund: number };
}

/** Why a notification was refused; the notify route answers it as WeChat Pay's FAIL. */
export class WechatPayNotifyError extends Error {}

/** What WeChat Pay answered when it refused a call (its code and message), or why it failed. */
export function describeWechatPayError(err: unknown): string {
  const r = (err as { response?: AxiosResponse<unknown> }).response;
  if (!r) return err instanceof Error ? err.message : String(err);
  let data = r.data as { code?: string; message?: string } | string | undefined;
  if (typeof data === 'string') {
    const text = data;
    try {
      data = JSON.parse(text) as { code?: string; message?: string };
    } catch {
      return `WeChat Pay answered ${r.status}: ${text.slice(0, 200)}`;
    }
  }
  return `WeChat Pay answered ${r.status}: ${data?.code ?? ''} ${data?.message ?? ''}`.trim();
}

/**
 * WeChat Pay API v3 for the mall (decision 028), on wechatpay-axios-plugin: it signs every
 * request with the merchant's key (Authorization: WECHATPAY2-SHA256-RSA2048) and verifies every
 * answer's Wechatpay-Signature with the platform key named by its Wechatpay-Serial. The keys are
 * the WeChat Pay public key when one is configured, else the platform certificates fetched from
 * GET /v3/certificates, decrypted with the APIv3 key, cached and fetched again every
 * certRefreshMs or when a notification names a serial not yet known.
 *
 * Payments are opened as H5 (a browser: the cashier is WeChat's h5_url), App (the native shell:
 * signed parameters for the SDK) or JSAPI (inside WeChat: signed parameters for
 * WeixinJSBridge, with the payer's openid). The payment number is WeChat's out_trade_no and
 * also the refund's out_refund_no, so a refund sent twice is one refund.
 */
export class WechatPayGateway implements PaymentGateway {
  readonly simulated = false;
  private readonly merchantKey: KeyObject;
  /** Platform keys by serial (certificate serial or public key id). */
  private keys = new Map<string, KeyObject>();
  private api: AxiosInstance | null = null;
  private fetchedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly s: WechatPaySettings) {
    this.merchantKey = Rsa.from(s.privateKey, Rsa.KEY_TYPE_PRIVATE);
    if (s.publicKey && s.publicKeyId)
      this.keys.set(s.publicKeyId, Rsa.from(s.publicKey, Rsa.KEY_TYPE_PUBLIC));
  }

  /** True in public key mode: nothing to fetch, the key is the configured one. */
  private get publicKeyMode() {
    return Boolean(this.s.publicKeyId);
  }

  /** The SDK's API v3 client over the platform keys known now. */
  private client(keys: Map<string, KeyObject> = this.keys): AxiosInstance {
    // The SDK wants at least one platform key up front; before the first certificate download
    // a placeholder stands in, whose serial no answer carries, so no answer passes it.
    const certs = keys.size ? Object.fromEntries(keys) : { 'no-platform-key-yet': '' };
    return new Decorator({
      mchid: this.s.mchid,
      serial: this.s.serial,
      privateKey: this.merchantKey,
      certs,
      baseURL: this.s.baseUrl,
      timeout: this.s.timeoutMs,
    } as unknown as ConstructorParameters<typeof Decorator>[0]).v3;
  }

  /** The client, after fetching the platform certificates when they are due. */
  private async ready(): Promise<AxiosInstance> {
    if (!this.publicKeyMode && Date.now() - this.fetchedAt >= this.s.certRefreshMs)
      await this.refreshCertificates();
    return (this.api ??= this.client());
  }

  /**
   * Fetches the platform certificates (GET /v3/certificates), decrypts each with the APIv3 key,
   * checks the answer's signature with one of them (or a key already trusted), and keeps them
   * all. Concurrent callers share one fetch.
   */
  refreshCertificates(): Promise<void> {
    this.refreshing ??= this.fetchCertificates().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async fetchCertificates() {
    const res = await this.client().get<string>('v3/certificates', {
      // The answer is checked here, against the certificates it carries.
      transformResponse: [(raw: string) => raw],
      responseType: 'text',
    });
    const raw = typeof res.data === 'string' ? res.data : JSON.stringify(res.data);
    const body = JSON.parse(raw) as {
      data?: { serial_no: string; encrypt_certificate: WechatPayResource }[];
    };
    const fetched = new Map<string, KeyObject>();
    for (const entry of body.data ?? []) {
      const pem = this.decrypt(entry.encrypt_certificate);
      const cert = new X509Certificate(pem);
      if (cert.serialNumber.toUpperCase() !== entry.serial_no.toUpperCase())
        throw new Error(`platform certificate ${entry.serial_no} carries another serial`);
      if (Date.parse(cert.validTo) < Date.now()) continue;
      fetched.set(entry.serial_no.toUpperCase(), createPublicKey(pem));
    }
    const header = (name: string) => String(res.headers[name.toLowerCase()] ?? '');
    const serial = header('Wechatpay-Serial').toUpperCase();
    const key = fetched.get(serial) ?? this.keys.get(serial);
    if (
      !key ||
      !this.signatureHolds(
        header('Wechatpay-Timestamp'),
        header('Wechatpay-Nonce'),
        raw,
        header('Wechatpay-Signature'),
        key,
      )
    )
      throw new Error('the platform certificates answer is not signed by WeChat Pay');
    if (!fetched.size) throw new Error('WeChat Pay returned no valid platform certificate');
    this.keys = new Map([...this.keys, ...fetched]);
    this.api = this.client();
    this.fetchedAt = Date.now();
  }

  /** AEAD_AES_256_GCM with the APIv3 key, as notifications and certificates are encrypted. */
  private decrypt(resource: WechatPayResource): string {
    if (resource.algorithm !== 'AEAD_AES_256_GCM')
      throw new WechatPayNotifyError(`unknown algorithm ${resource.algorithm}`);
    try {
      return Aes.AesGcm.decrypt(
        resource.ciphertext,
        this.s.apiV3Key,
        resource.nonce,
        resource.associated_data ?? '',
      );
    } catch {
      throw new WechatPayNotifyError('the resource does not decrypt with the APIv3 key');
    }
  }

  private signatureHolds(
    timestamp: string,
    nonce: string,
    body: string,
    signature: string,
    key: KeyObject,
  ): boolean {
    const at = Number(timestamp);
    if (!Number.isSafeInteger(at) || Math.abs(Formatter.timestamp() - at) > WECHATPAY_CLOCK_SKEW_S)
      return false;
    if (!nonce || !signature) return false;
    try {
      return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
    } catch {
      return false;
    }
  }

  /**
   * A notification as received: its Wechatpay-Signature over "timestamp\nnonce\nbody\n" checked
   * with the platform key its Wechatpay-Serial names (fetching the certificates once when that
   * serial is new), its timestamp within five minutes, and its resource decrypted. Throws
   * WechatPayNotifyError for anything else.
   */
  async verifyNotify(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<WechatPayEvent> {
    const h = (name: string) => {
      const v = headers[name.toLowerCase()];
      return (Array.isArray(v) ? v[0] : v) ?? '';
    };
    const serial = h('Wechatpay-Serial').toUpperCase();
    if (!serial) throw new WechatPayNotifyError('no Wechatpay-Serial');
    let key = this.keys.get(serial) ?? this.keys.get(h('Wechatpay-Serial'));
    if (!key && !this.publicKeyMode) {
      await this.refreshCertificates();
      key = this.keys.get(serial);
    }
    if (!key) throw new WechatPayNotifyError(`unknown platform serial ${serial}`);
    if (
      !this.signatureHolds(
        h('Wechatpay-Timestamp'),
        h('Wechatpay-Nonce'),
        rawBody,
        h('Wechatpay-Signature'),
        key,
      )
    )
      throw new WechatPayNotifyError('bad signature or stale timestamp');
    let body: { id?: string; event_type?: string; resource?: WechatPayResource };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      throw new WechatPayNotifyError('body is not JSON');
    }
    if (!body.resource || !body.event_type) throw new WechatPayNotifyError('no resource');
    let resource: Record<string, unknown>;
    try {
      resource = JSON.parse(this.decrypt(body.resource)) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof WechatPayNotifyError) throw err;
      throw new WechatPayNotifyError('the resource is not JSON');
    }
    if (resource.mchid !== this.s.mchid)
      throw new WechatPayNotifyError('the notification is for another merchant');
    return { id: String(body.id ?? ''), eventType: body.event_type, resource };
  }

  /**
   * Opens the payment; a refusal or failure is thrown with WeChat Pay's own code and message,
   * which the server log shows.
   */
  async createPayment(payment: GatewayPayment): Promise<GatewayCashier> {
    try {
      return await this.prepay(payment);
    } catch (err) {
      throw new Error(`WeChat Pay prepay failed: ${describeWechatPayError(err)}`, { cause: err });
    }
  }

  private async prepay(payment: GatewayPayment): Promise<GatewayCashier> {
    const api = await this.ready();
    const client = payment.client ?? 'h5';
    const order = {
      appid: client === 'app' ? this.s.appAppid : this.s.appid,
      mchid: this.s.mchid,
      description: payment.subject.slice(0, 127),
      out_trade_no: payment.paymentNo,
      notify_url: this.s.notifyUrl,
      amount: { total: payment.amountFen, currency: 'CNY' },
    };
    if (client !== 'app' && client !== 'jsapi') {
      // A browser, on a phone or not: WeChat's H5 cashier.
      const { data } = await api.post<{ h5_url: string }>('v3/pay/transactions/h5', {
        ...order,
        scene_info: {
          payer_client_ip: payment.payerIp || '127.0.0.1',
          h5_info: { type: 'Wap' },
        },
      });
      return { cashierUrl: data.h5_url };
    }
    if (client === 'jsapi') {
      if (!payment.openid) throw new Error('a JSAPI payment needs the payer openid');
      const { data } = await api.post<{ prepay_id: string }>('v3/pay/transactions/jsapi', {
        ...order,
        payer: { openid: payment.openid },
      });
      const timeStamp = String(Formatter.timestamp());
      const nonceStr = Formatter.nonce();
      const pkg = `prepay_id=${data.prepay_id}`;
      return {
        cashierUrl: '',
        appParams: {
          appId: order.appid,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: Rsa.sign(
            Formatter.joinedByLineFeed(order.appid, timeStamp, nonceStr, pkg),
            this.merchantKey,
          ),
        },
      };
    }
    const { data } = await api.post<{ prepay_id: string }>('v3/pay/transactions/app', order);
    const timestamp = String(Formatter.timestamp());
    const noncestr = Formatter.nonce();
    return {
      cashierUrl: '',
      appParams: {
        appid: order.appid,
        partnerid: this.s.mchid,
        prepayid: data.prepay_id,
        package: 'Sign=WXPay',
        noncestr,
        timestamp,
        sign: Rsa.sign(
          Formatter.joinedByLineFeed(order.appid, timestamp, noncestr, data.prepay_id),
          this.merchantKey,
        ),
      },
    };
  }

  /**
   * The payment as WeChat Pay has it (GET /v3/pay/transactions/out-trade-no/{no}), for a
   * notification late or lost: what its TRANSACTION.SUCCESS would carry once paid, else null.
   */
  async queryPayment(paymentNo: string, channel: GatewayChannel): Promise<GatewayNotify | null> {
    const api = await this.ready();
    let t: WechatPayTransaction;
    try {
      ({ data: t } = await api.get<WechatPayTransaction>(
        `v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}`,
        { params: { mchid: this.s.mchid } },
      ));
    } catch (err) {
      const r = (err as { response?: AxiosResponse<{ code?: string }> }).response;
      if (r?.status === 404 && r.data?.code === 'ORDER_NOT_EXIST') return null;
      throw err;
    }
    if (t.trade_state !== 'SUCCESS' || t.out_trade_no !== paymentNo) return null;
    return {
      paymentNo,
      tradeNo: t.transaction_id,
      channel,
      amountFen: t.amount.total,
      status: 'SUCCESS',
      paidAt: t.success_time ?? new Date().toISOString(),
    };
  }

  /**
   * Asks for the refund (POST /v3/refund/domestic/refunds); resolves once WeChat Pay has taken
   * it (PROCESSING or SUCCESS). Its final state arrives by a REFUND.* notification.
   */
  async refund(request: GatewayRefund): Promise<void> {
    const api = await this.ready();
    let data: { status: string };
    try {
      ({ data } = await api.post<{ status: string }>('v3/refund/domestic/refunds', {
        transaction_id: request.tradeNo,
        out_refund_no: request.paymentNo,
        reason: request.reason.slice(0, 80),
        notify_url: this.s.notifyUrl,
        amount: { refund: request.amountFen, total: request.amountFen, currency: 'CNY' },
      }));
    } catch (err) {
      throw new Error(`WeChat Pay refund failed: ${describeWechatPayError(err)}`, { cause: err });
    }
    if (data.status !== 'PROCESSING' && data.status !== 'SUCCESS')
      throw new Error(`WeChat Pay refund answered ${data.status}`);
  }

  async close() {
    this.api = null;
  }
}
