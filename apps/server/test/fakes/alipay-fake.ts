import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Alipay's openapi gateway (https://openapi.alipay.com/gateway.do), speaking
 * its published protocol so the platform's adapters and the official alipay-sdk run end to end:
 *
 * - a request's parameters (query and form body) are signed by the application: every parameter
 *   but `sign` with a value, sorted by name, joined as k=v with '&', SHA256withRSA with the app's
 *   private key, base64 (RSA2). The fake verifies it with the app's public key and answers
 *   isv.invalid-signature otherwise;
 * - an answer is `{"<method with _>_response":{...},"sign":"..."}`, the sign being SHA256withRSA
 *   of the response object's JSON text exactly as sent, with Alipay's (here the fake's) key;
 * - an asynchronous notify is a form POSTed to the payment's notify_url, signed over every
 *   parameter but sign and sign_type, sorted, k=v joined with '&'.
 *
 * Keys are made when the fake starts; nothing secret is kept in the repository.
 */

export interface KeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** SPKI PEM. */
  publicKey: string;
}

export const makeKeyPair = (): KeyPair => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** The string both sides sign: the parameters with a value, sorted by name, k=v joined by '&'. */
export function signContent(params: Record<string, string>, skip: string[]): string {
  return Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export const rsa2Sign = (content: string, privateKey: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
export const rsa2Verify = (content: string, sign: string, publicKey: string) =>
  createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64');

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  productCode: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  gmtPayment?: string;
  refunds: Map<string, { amount: string; done: boolean }>;
}

interface Transfer {
  outBizNo: string;
  orderId: string;
  amount: string;
  identity: string;
  name: string;
  productCode: string;
  status: 'SUCCESS' | 'DEALING' | 'FAIL';
  failReason?: string;
}

type Answer = Record<string, unknown>;

const beijing = (at = new Date()) =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

const yuanCents = (yuan: string) => Math.round(Number(yuan) * 100);

export class AlipayFake {
  readonly appId = `2021${randomBytes(6).toString('hex').replace(/\D/g, '7').slice(0, 12)}`;
  readonly sellerId = '2088000000000001';
  /** The application's key pair (the platform signs with its private half). */
  readonly appKeys = makeKeyPair();
  /** The fake's own key pair (its public half is "Alipay's public key" to the platform). */
  readonly alipayKeys = makeKeyPair();
  readonly trades = new Map<string, Trade>();
  readonly transfers = new Map<string, Transfer>();
  /** Alipay accounts that exist: login id -> real name. Transfers to others fail. */
  readonly accounts = new Map<string, string>();
  /** Bank cards Alipay can pay into: card number -> holder's name. Transfers to others fail. */
  readonly bankCards = new Map<string, string>();
  /** Login ids whose transfers Alipay keeps DEALING until finishTransfer(). */
  readonly slowPayees = new Set<string>();
  /** Refunds stay processing until settleRefunds() when true. */
  holdRefunds = false;
  /** Every call received: its method and whether its signature verified. */
  readonly calls: { method: string; verified: boolean }[] = [];
  private server!: Server;
  private seq = 0;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body, type }) => {
          res.writeHead(status, { 'content-type': type });
          res.end(body);
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(err));
        },
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The settings the platform's adapters need to talk to this fake. */
  settings(notifyUrl: string) {
    return {
      appId: this.appId,
      privateKey: this.appKeys.privateKey,
      alipayPublicKey: this.alipayKeys.publicKey,
      gatewayUrl: this.url,
      notifyUrl,
      returnUrl: '',
      sellerId: this.sellerId,
    };
  }

  // --- The payer's side -------------------------------------------------------------------------

  /**
   * The payer opens a cashier link (wap/page pay) or the app hands over an order string: the
   * signed parameters are checked as Alipay's cashier would, and the trade is created.
   */
  openCashier(linkOrOrderString: string): Trade {
    const query = linkOrOrderString.includes('?')
      ? linkOrOrderString.slice(linkOrOrderString.indexOf('?') + 1)
      : linkOrOrderString;
    const params = Object.fromEntries(new URLSearchParams(query));
    if (!this.verifyRequest(params)) throw new Error('the cashier refused the signature');
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    let trade = this.trades.get(biz.out_trade_no!);
    if (!trade) {
      trade = {
        outTradeNo: biz.out_trade_no!,
        tradeNo: `2026${Date.now()}${String(++this.seq).padStart(6, '0')}`,
        totalAmount: biz.total_amount!,
        subject: biz.subject!,
        notifyUrl: params.notify_url ?? '',
        productCode: biz.product_code!,
        status: 'WAIT_BUYER_PAY',
        refunds: new Map(),
      };
      this.trades.set(trade.outTradeNo, trade);
    }
    return trade;
  }

  /** The payer pays: the trade succeeds (no notify is sent; see notify()). */
  pay(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    trade.status = 'TRADE_SUCCESS';
    trade.gmtPayment ??= beijing();
    return trade;
  }

  /** The signed asynchronous notify Alipay would post for a trade now. */
  notifyForm(outTradeNo: string, overrides: Record<string, string> = {}): Record<string, string> {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    const form: Record<string, string> = {
      notify_time: beijing(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_id: '2088102122524333',
      seller_id: this.sellerId,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_pay_amount: t.totalAmount,
      subject: t.subject,
      gmt_create: beijing(),
      ...(t.gmtPayment ? { gmt_payment: t.gmtPayment } : {}),
      ...overrides,
    };
    form.sign = rsa2Sign(signContent(form, ['sign', 'sign_type']), this.alipayKeys.privateKey);
    return form;
  }

  /** POSTs a notify form to a trade's notify_url; resolves to the platform's answer. */
  async postNotify(url: string, form: Record<string, string>) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, text: await res.text() };
  }

  /** Every refund processing becomes done. */
  settleRefunds() {
    for (const t of this.trades.values()) for (const r of t.refunds.values()) r.done = true;
  }

  /** A DEALING transfer becomes final. */
  finishTransfer(outBizNo: string, status: 'SUCCESS' | 'FAIL', failReason?: string) {
    const t = this.transfers.get(outBizNo);
    if (!t) throw new Error(`no transfer ${outBizNo}`);
    t.status = status;
    t.failReason = failReason;
  }

  // --- The openapi gateway ----------------------------------------------------------------------

  private verifyRequest(params: Record<string, string>) {
    if (!params.sign || params.sign_type !== 'RSA2' || params.app_id !== this.appId) return false;
    return rsa2Verify(signContent(params, ['sign']), params.sign, this.appKeys.publicKey);
  }

  private async handle(req: IncomingMessage) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/gateway.do' || req.method !== 'POST')
      return { status: 404, body: 'not found', type: 'text/plain' };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(body)),
    };
    const method = params.method ?? '';
    const key = `${method.replaceAll('.', '_')}_response`;
    const verified = this.verifyRequest(params);
    this.calls.push({ method, verified });
    const answer: Answer = verified
      ? this.answer(method, JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>)
      : {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-signature',
          sub_msg: '验签出错',
        };
    const inner = JSON.stringify(answer);
    const sign = rsa2Sign(inner, this.alipayKeys.privateKey);
    return {
      status: 200,
      body: `{"${key}":${inner},"sign":"${sign}"}`,
      type: 'application/json;charset=utf-8',
    };
  }

  private answer(method: string, biz: Record<string, unknown>): Answer {
    const ok = { code: '10000', msg: 'Success' };
    const fail = (sub_code: string, sub_msg: string) => ({
      code: '40004',
      msg: 'Business Failed',
      sub_code,
      sub_msg,
    });
    switch (method) {
      case 'alipay.trade.query': {
        const t = this.trades.get(String(biz.out_trade_no));
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return {
          ...ok,
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          buyer_logon_id: '159****5620',
          trade_status: t.status,
          total_amount: t.totalAmount,
          ...(t.gmtPayment ? { send_pay_date: t.gmtPayment } : {}),
        };
      }
      case 'alipay.trade.refund': {
        const t = this.trades.get(String(biz.out_trade_no));
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (t.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const requestNo = String(biz.out_request_no ?? t.outTradeNo);
        const repeat = t.refunds.get(requestNo);
        if (!repeat) {
          const refunded = [...t.refunds.values()].reduce((s, r) => s + yuanCents(r.amount), 0);
          const amount = String(biz.refund_amount);
          if (refunded + yuanCents(amount) > yuanCents(t.totalAmount))
            return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
          t.refunds.set(requestNo, { amount, done: !this.holdRefunds });
        }
        const total = [...t.refunds.values()].reduce((s, r) => s + yuanCents(r.amount), 0);
        return {
          ...ok,
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          fund_change: repeat ? 'N' : 'Y',
          refund_fee: (total / 100).toFixed(2),
        };
      }
      case 'alipay.trade.fastpay.refund.query': {
        const t = this.trades.get(String(biz.out_trade_no));
        if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const requestNo = String(biz.out_request_no);
        const r = t.refunds.get(requestNo);
        // Alipay answers success with no refund fields for a refund it does not have (yet).
        if (!r) return { ...ok, out_trade_no: t.outTradeNo, trade_no: t.tradeNo };
        return {
          ...ok,
          trade_no: t.tradeNo,
          out_trade_no: t.outTradeNo,
          out_request_no: requestNo,
          total_amount: t.totalAmount,
          refund_amount: r.amount,
          ...(r.done ? { refund_status: 'REFUND_SUCCESS' } : {}),
        };
      }
      case 'alipay.fund.trans.uni.transfer': {
        const payee = (biz.payee_info ?? {}) as Record<string, unknown>;
        const toCard = biz.product_code === 'TRANS_BANKCARD_NO_PWD';
        if (
          (!toCard && biz.product_code !== 'TRANS_ACCOUNT_NO_PWD') ||
          biz.biz_scene !== 'DIRECT_TRANSFER' ||
          payee.identity_type !== (toCard ? 'BANKCARD_ACCOUNT' : 'ALIPAY_LOGON_ID')
        )
          return fail('INVALID_PARAMETER', '参数有误');
        const ext = (payee.bankcard_ext_info ?? {}) as Record<string, unknown>;
        // A private card needs account_type 2; a company one (1) would also need inst_name.
        if (toCard && ext.account_type !== '2') return fail('INVALID_PARAMETER', '参数有误');
        const outBizNo = String(biz.out_biz_no);
        let t = this.transfers.get(outBizNo);
        if (!t) {
          const identity = String(payee.identity ?? '');
          const name = typeof payee.name === 'string' ? payee.name : '';
          const realName = (toCard ? this.bankCards : this.accounts).get(identity);
          if (realName === undefined)
            return toCard
              ? fail('PAYEE_CARD_INFO_ERROR', '收款方银行卡信息有误')
              : fail('PAYEE_NOT_EXIST', '收款账号不存在');
          if ((toCard || name) && name !== realName)
            return fail('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确');
          t = {
            outBizNo,
            orderId: `2026${Date.now()}${String(++this.seq).padStart(6, '0')}`,
            amount: String(biz.trans_amount),
            identity,
            name,
            productCode: String(biz.product_code),
            status: this.slowPayees.has(identity) ? 'DEALING' : 'SUCCESS',
          };
          this.transfers.set(outBizNo, t);
        }
        return {
          ...ok,
          out_biz_no: t.outBizNo,
          order_id: t.orderId,
          pay_fund_order_id: t.orderId,
          status: t.status,
          trans_date: beijing(),
        };
      }
      case 'alipay.fund.trans.common.query': {
        const t = this.transfers.get(String(biz.out_biz_no));
        if (!t || t.productCode !== biz.product_code)
          return fail('ORDER_NOT_EXIST', '转账订单不存在');
        return {
          ...ok,
          out_biz_no: t.outBizNo,
          order_id: t.orderId,
          pay_fund_order_id: t.orderId,
          status: t.status,
          trans_amount: t.amount,
          ...(t.status === 'SUCCESS' ? { pay_date: beijing() } : {}),
          ...(t.failReason
            ? { fail_reason: t.failReason, error_code: 'PAYEE_ACCOUNT_STATUS_ERROR' }
            : {}),
        };
      }
      default:
        return {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'isv.invalid-method',
          sub_msg: '不存在的方法名',
        };
    }
  }
}

export const startAlipayFake = () => new AlipayFake().start();
