import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

/**
 * A local WeChat Pay (API v3) for tests, written from the published protocol and sharing no code
 * with the adapter under test:
 *
 * - every request must carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
 *   signature="…",timestamp="…",serial_no="…"`, the signature RSA-SHA256 (PKCS#1 v1.5) with the
 *   merchant's key over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n", the timestamp within five
 *   minutes and the serial the merchant's; anything else is answered 401 SIGN_ERROR;
 * - every answer is signed with the platform key: Wechatpay-Signature over
 *   "TIMESTAMP\nNONCE\nBODY\n", with Wechatpay-Timestamp, -Nonce and -Serial;
 * - GET /v3/certificates lists the platform certificate(s), each encrypted with AEAD_AES_256_GCM
 *   under the APIv3 key;
 * - H5, App and JSAPI prepay, refunds, and notifications (TRANSACTION.SUCCESS, REFUND.*) signed
 *   the same way with their resource encrypted, posted to the notify_url the merchant gave.
 *
 * The platform key pair and its self-signed certificate are made when the fake starts.
 */
export interface FakeMerchant {
  mchid: string;
  serial: string;
  /** The merchant's public key (the fake's copy of the merchant certificate). */
  publicKey: KeyObject;
  apiV3Key: string;
  appids: string[];
}

/** Delivers a notification to the notify_url (the test hands it to the app). */
export type Deliver = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ status: number; body: string }>;

interface Platform {
  serial: string;
  key: KeyObject;
  certPem: string;
}

interface FakePayment {
  appid: string;
  outTradeNo: string;
  total: number;
  notifyUrl: string;
  kind: 'h5' | 'app' | 'jsapi';
  prepayId: string;
  transactionId?: string;
  successTime?: string;
  state: 'NOTPAY' | 'SUCCESS';
}

interface FakeRefund {
  outRefundNo: string;
  refundId: string;
  transactionId: string;
  outTradeNo: string;
  refund: number;
  total: number;
  reason?: string;
  notifyUrl?: string;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
}

/** A notification as it was sent, so a test can send it again or tamper with it. */
export interface SentNotify {
  url: string;
  headers: Record<string, string>;
  body: string;
  answer: { status: number; body: string };
}

function makePlatform(): Platform {
  // The key pair by node:crypto (quick); the certificate around it by node-forge.
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  // 40 hex digits, as WeChat Pay's serials are, first digit non-zero so no leading zero is lost.
  const serial = `5${randomBytes(20).toString('hex').slice(1).toUpperCase()}`;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: 'Tenpay.com Root CA (fake)' },
    { name: 'organizationName', value: 'Tenpay.com (fake)' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(
    forge.pki.privateKeyFromPem(
      pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ),
    forge.md.sha256.create(),
  );
  return { serial, key: pair.privateKey, certPem: forge.pki.certificateToPem(cert) };
}

const now = () => Math.floor(Date.now() / 1000);
const nonce = () => randomBytes(16).toString('hex');

function rsaSign(message: string, key: KeyObject) {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

function encrypt(plaintext: string, apiV3Key: string, aad: string) {
  const iv = randomBytes(6).toString('hex'); // 12 characters, as WeChat Pay's nonces are
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ct.toString('base64'),
    associated_data: aad,
    nonce: iv,
  };
}

export class WechatPayFake {
  private server!: Server;
  baseUrl = '';
  /** The platform certificates served; the last is the one answers are signed with. */
  platforms: Platform[] = [makePlatform()];
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Every request: its path and whether its merchant signature held. */
  readonly requests: { method: string; path: string; body: string; signed: boolean }[] = [];
  readonly sent: SentNotify[] = [];

  constructor(
    private readonly merchant: FakeMerchant,
    private readonly deliver: Deliver,
  ) {}

  get platform(): Platform {
    return this.platforms[this.platforms.length - 1]!;
  }

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A new platform certificate (WeChat Pay rotates them); the old one stays listed. */
  rotateCertificate() {
    this.platforms.push(makePlatform());
  }

  /** Headers a WeChat Pay message carries for this body, signed with the given platform. */
  signedHeaders(body: string, platform: Platform = this.platform, timestamp = now()) {
    const n = nonce();
    return {
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': n,
      'Wechatpay-Serial': platform.serial,
      'Wechatpay-Signature': rsaSign(`${timestamp}\n${n}\n${body}\n`, platform.key),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  /** The payer pays, and nothing is notified (a notification lost on its way). */
  paySilently(outTradeNo: string): FakePayment {
    const p = this.payments.get(outTradeNo);
    if (!p) throw new Error(`fake: no payment ${outTradeNo}`);
    p.state = 'SUCCESS';
    p.transactionId ??= `4200${randomBytes(12).toString('hex').replace(/\D/g, '7').slice(0, 24)}`;
    p.successTime ??= new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    return p;
  }

  /** The payment as WeChat Pay answers a query or puts it in its notification. */
  private transaction(p: FakePayment) {
    return {
      appid: p.appid,
      mchid: this.merchant.mchid,
      out_trade_no: p.outTradeNo,
      ...(p.transactionId ? { transaction_id: p.transactionId } : {}),
      trade_type: p.kind === 'h5' ? 'MWEB' : p.kind.toUpperCase(),
      trade_state: p.state,
      trade_state_desc: p.state === 'SUCCESS' ? '支付成功' : '未支付',
      ...(p.successTime ? { success_time: p.successTime, bank_type: 'OTHERS' } : {}),
      payer: { openid: 'o-fake-payer' },
      amount: {
        total: p.total,
        ...(p.state === 'SUCCESS' ? { payer_total: p.total } : {}),
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  /** The payer pays: the payment succeeds and its TRANSACTION.SUCCESS notification is sent. */
  async pay(outTradeNo: string): Promise<SentNotify> {
    const p = this.paySilently(outTradeNo);
    return this.notify(p.notifyUrl, 'TRANSACTION.SUCCESS', 'transaction', this.transaction(p));
  }

  /** The refund reaches its final state and its REFUND.* notification is sent. */
  async finishRefund(
    outRefundNo: string,
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS',
  ): Promise<SentNotify> {
    const r = this.refunds.get(outRefundNo);
    if (!r?.notifyUrl) throw new Error(`fake: no refund ${outRefundNo} with a notify_url`);
    r.status = status;
    return this.notify(r.notifyUrl, `REFUND.${status}`, 'refund', {
      mchid: this.merchant.mchid,
      out_trade_no: r.outTradeNo,
      transaction_id: r.transactionId,
      out_refund_no: r.outRefundNo,
      refund_id: r.refundId,
      refund_status: status,
      ...(status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    });
  }

  /** A notification as WeChat Pay builds it: resource encrypted, the whole body signed. */
  notifyBody(eventType: string, originalType: string, resource: object, apiV3Key?: string) {
    return JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: {
        original_type: originalType,
        ...encrypt(
          JSON.stringify(resource),
          apiV3Key ?? this.merchant.apiV3Key,
          originalType === 'transaction' ? 'transaction' : 'refund',
        ),
      },
    });
  }

  private async notify(url: string, eventType: string, originalType: string, resource: object) {
    const body = this.notifyBody(eventType, originalType, resource);
    return this.send(
      url,
      { 'Content-Type': 'application/json', ...this.signedHeaders(body) },
      body,
    );
  }

  /** Posts a notification (as built here, or altered by the test) and remembers it. */
  async send(url: string, headers: Record<string, string>, body: string): Promise<SentNotify> {
    const answer = await this.deliver(url, headers, body);
    const sent = { url, headers, body, answer };
    this.sent.push(sent);
    return sent;
  }

  private answer(res: ServerResponse, status: number, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      'Request-ID': randomBytes(8).toString('hex'),
      ...this.signedHeaders(body),
    };
    if (body) headers['Content-Type'] = 'application/json; charset=utf-8';
    res.writeHead(status, headers).end(body);
  }

  /** The merchant's signature on a request, checked as WeChat Pay documents it. */
  private merchantSigned(req: IncomingMessage, body: string): string | null {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries(
      [...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((f) => [f[1]!, f[2]!]),
    );
    if (fields.mchid !== this.merchant.mchid) return 'mchid';
    if ((fields.serial_no ?? '').toUpperCase() !== this.merchant.serial) return 'serial_no';
    const ts = Number(fields.timestamp);
    if (!Number.isSafeInteger(ts) || Math.abs(now() - ts) > 300) return 'timestamp';
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message)
      .verify(this.merchant.publicKey, fields.signature ?? '', 'base64');
    return ok ? null : 'signature';
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const refused = this.merchantSigned(req, body);
    this.requests.push({ method: req.method ?? '', path: url.pathname, body, signed: !refused });
    if (refused)
      return this.answer(res, 401, { code: 'SIGN_ERROR', message: `签名错误 (${refused})` });
    const json = (body ? JSON.parse(body) : {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const bad = (message: string) => this.answer(res, 400, { code: 'PARAM_ERROR', message });

    if (req.method === 'GET' && url.pathname === '/v3/certificates') {
      return this.answer(res, 200, {
        data: this.platforms.map((p) => ({
          serial_no: p.serial,
          effective_time: new Date(Date.now() - 3_600_000).toISOString(),
          expire_time: new Date(Date.now() + 365 * 86_400_000).toISOString(),
          encrypt_certificate: encrypt(p.certPem, this.merchant.apiV3Key, 'certificate'),
        })),
      });
    }
    const prepay = /^\/v3\/pay\/transactions\/(h5|app|jsapi)$/.exec(url.pathname);
    if (req.method === 'POST' && prepay) {
      const kind = prepay[1] as FakePayment['kind'];
      if (json.mchid !== this.merchant.mchid) return bad('mchid');
      if (!this.merchant.appids.includes(json.appid)) return bad('appid和mch_id不匹配');
      if (typeof json.description !== 'string' || !json.description) return bad('description');
      if (!/^[0-9A-Za-z_\-*|]{6,32}$/.test(json.out_trade_no ?? '')) return bad('out_trade_no');
      if (!/^https:\/\//.test(json.notify_url ?? '')) return bad('notify_url');
      if (!Number.isSafeInteger(json.amount?.total) || json.amount.total < 1) return bad('total');
      if (kind === 'h5' && !json.scene_info?.payer_client_ip) return bad('payer_client_ip');
      if (kind === 'jsapi' && !json.payer?.openid) return bad('openid');
      const old = this.payments.get(json.out_trade_no);
      if (old && old.total !== json.amount.total)
        return this.answer(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
      const p: FakePayment = old ?? {
        appid: json.appid,
        outTradeNo: json.out_trade_no,
        total: json.amount.total,
        notifyUrl: json.notify_url,
        kind,
        prepayId: `wx${randomBytes(14).toString('hex')}`,
        state: 'NOTPAY',
      };
      this.payments.set(p.outTradeNo, p);
      if (kind === 'h5')
        return this.answer(res, 200, {
          h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${p.prepayId}&package=${randomBytes(4).readUInt32BE()}`,
        });
      return this.answer(res, 200, { prepay_id: p.prepayId });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== this.merchant.mchid) return bad('mchid');
      const p = this.payments.get(decodeURIComponent(query[1]!));
      if (!p) return this.answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.answer(res, 200, this.transaction(p));
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const p = [...this.payments.values()].find(
        (x) => x.transactionId && x.transactionId === json.transaction_id,
      );
      if (!p || p.state !== 'SUCCESS')
        return this.answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (!json.out_refund_no) return bad('out_refund_no');
      if (json.amount?.total !== p.total || json.amount?.currency !== 'CNY') return bad('total');
      if (!Number.isSafeInteger(json.amount?.refund) || json.amount.refund > p.total)
        return this.answer(res, 400, { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' });
      const r: FakeRefund = this.refunds.get(json.out_refund_no) ?? {
        outRefundNo: json.out_refund_no,
        refundId: `5030${randomBytes(10).toString('hex').replace(/\D/g, '3')}`,
        transactionId: p.transactionId!,
        outTradeNo: p.outTradeNo,
        refund: json.amount.refund,
        total: p.total,
        reason: json.reason,
        notifyUrl: json.notify_url,
        status: 'PROCESSING',
      };
      this.refunds.set(r.outRefundNo, r);
      return this.answer(res, 200, {
        refund_id: r.refundId,
        out_refund_no: r.outRefundNo,
        transaction_id: r.transactionId,
        out_trade_no: r.outTradeNo,
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        create_time: new Date().toISOString(),
        status: r.status,
        amount: { total: r.total, refund: r.refund, currency: 'CNY' },
      });
    }
    return this.answer(res, 404, { code: 'NOT_FOUND', message: 'not found' });
  }
}

/** A merchant key pair and account for the fake and the adapter under test. */
export function makeMerchant() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    mchid: '1900009191',
    serial: randomBytes(20).toString('hex').toUpperCase(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
    apiV3Key: randomBytes(16).toString('hex'),
    appid: 'wxd678efh567hg6787',
    appAppid: 'wx8888888888888888',
  };
}
