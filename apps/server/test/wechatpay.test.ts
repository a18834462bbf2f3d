import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { MallOrder, MallPrepay, MallQuote } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { configProblems } from '../src/ops/config-check';
import { quoteOrder } from '../src/modules/mall/orders';
import { applyGatewayNotify } from '../src/modules/mall/payments';
import { gatewayFor } from '../src/providers/payments/gateway';
import { WechatPayGateway } from '../src/providers/payments/wechatpay/wechatpay-gateway';
import {
  loadWechatPaySettings,
  type WechatPaySettings,
} from '../src/providers/payments/wechatpay/wechatpay-settings';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { makeMerchant, WechatPayFake } from './fakes/wechatpay-fake';

/**
 * WeChat Pay API v3 end to end against a local WeChat Pay (test/fakes/wechatpay-fake.ts) that
 * checks the merchant's request signatures and signs and encrypts what it sends: a payment is
 * opened, notified and applied once; forged, altered, stale or undecryptable notifications change
 * nothing; a refund is taken and its notification makes it final; a rotated platform certificate
 * is fetched when a notification names it.
 */
const merchant = makeMerchant();
const NOTIFY_URL = 'https://pos.example.test/prod-api/api/pay/wechat/notify';
const settings: WechatPaySettings = {
  ...loadWechatPaySettings({}),
  mchid: merchant.mchid,
  appid: merchant.appid,
  appAppid: merchant.appAppid,
  serial: merchant.serial,
  privateKey: merchant.privateKeyPem,
  apiV3Key: merchant.apiV3Key,
  notifyUrl: NOTIFY_URL,
};

// The app is built after the fake listens (its address is in the settings); notifications the
// fake sends go to the app in-process, at the notify URL's path.
async function deliverTo(url: string, headers: Record<string, string>, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers,
    payload: body,
  });
  return { status: res.statusCode, body: res.body };
}
const fake = await new WechatPayFake(
  {
    mchid: merchant.mchid,
    serial: merchant.serial,
    publicKey: merchant.publicKey,
    apiV3Key: merchant.apiV3Key,
    appids: [merchant.appid, merchant.appAppid],
  },
  (url, headers, body) => deliverTo(url, headers, body),
).start();
afterAll(() => fake.close());

const ctx = await createTestContext({
  adminTotp: false,
  wechatPay: 'wechatpay',
  wechatPaySettings: { ...settings, baseUrl: fake.baseUrl },
});
const { app } = ctx;
const db = ctx.database.db;

let buyer: string;
let productId: number;
let addressId: number;

const call = <T = unknown>(method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, buyer, method, url, payload);
const order = async () =>
  (
    await call<MallOrder>('POST', '/api/mall/order/create', {
      items: [{ productId, quantity: 2 }],
      addressId,
      shippingWay: 4,
      payType: 1,
    })
  ).data;
const prepay = (id: number, client?: 'app' | 'h5') =>
  call<MallPrepay>('POST', '/api/mall/order/prepay', { id, payType: 1, client });
const status = async (id: number) =>
  (await call<MallOrder>('GET', `/api/mall/order?id=${id}`)).data.status;
const clearing = async () =>
  Number(
    (
      await rows<{ balance_fen: unknown }>(
        db,
        sql`SELECT balance_fen FROM ledger_accounts WHERE agent_id IS NULL AND wallet_type = 'capital_clearing'`,
      )
    )[0]!.balance_fen,
  );
const payment = async (no: string) =>
  (
    await rows<{
      status: unknown;
      trade_no: string | null;
      refund_result: string | null;
      refund_result_at: unknown;
    }>(
      db,
      sql`SELECT status, trade_no, refund_result, refund_result_at FROM mall_payments WHERE payment_no = ${no}`,
    )
  )[0]!;

beforeAll(async () => {
  const ops = await adminLogin(app, 'operations');
  buyer = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  const [brand] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
  const saved = await adminCall<{ id: number }>(app, ops, 'POST', '/mall/products/save', {
    brandId: Number(brand!.id),
    model: 'A8',
    name: '联迪 A8',
    priceTiers: [{ minQty: 1, unitPriceFen: 5_000 }],
    stock: 100,
    onSale: true,
  });
  productId = saved.body.data.id;
  const address = await call<{ id: number }>('POST', '/api/mall/address/save', {
    name: '李经理',
    mobile: DEMO_ACCOUNTS.child.mobile,
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园 2 号',
    isDefault: true,
  });
  addressId = address.data.id;
});

describe('WeChat Pay API v3 against the local WeChat Pay', () => {
  it('opens an H5 payment signed as the merchant, and its signed notify pays the order once', async () => {
    const placed = await order();
    const before = await clearing();
    const opened = await prepay(placed.id);
    expect(opened).toMatchObject({ code: 200, data: { amountFen: 10_000, simulated: false } });
    expect(opened.data.cashierUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/.*prepay_id=wx/);
    // The certificates were fetched first, then the order placed, both signed as the merchant.
    const paths = fake.requests.map((r) => `${r.method} ${r.path} ${r.signed}`);
    expect(paths.slice(0, 2)).toEqual([
      'GET /v3/certificates true',
      'POST /v3/pay/transactions/h5 true',
    ]);
    const sentOrder = JSON.parse(fake.requests[1]!.body) as Record<string, unknown>;
    expect(sentOrder).toMatchObject({
      appid: merchant.appid,
      mchid: merchant.mchid,
      out_trade_no: opened.data.paymentNo,
      notify_url: NOTIFY_URL,
      amount: { total: 10_000, currency: 'CNY' },
    });
    expect(await status(placed.id)).toBe(0);

    const notified = await fake.pay(opened.data.paymentNo);
    expect(notified.answer.status).toBe(204);
    expect(await status(placed.id)).toBe(1);
    expect(await clearing()).toBe(before + 10_000);
    const paid = await payment(opened.data.paymentNo);
    expect(paid).toMatchObject({
      trade_no: fake.payments.get(opened.data.paymentNo)!.transactionId,
    });

    // WeChat Pay sends the same notification again: it is acknowledged and changes nothing.
    const again = await fake.send(notified.url, notified.headers, notified.body);
    expect(again.answer.status).toBe(204);
    expect(await clearing()).toBe(before + 10_000);
    expect(await payment(opened.data.paymentNo)).toEqual(paid);
  });

  it('refuses a forged, altered, stale or undecryptable notify, which changes nothing', async () => {
    const placed = await order();
    const opened = await prepay(placed.id);
    const before = await clearing();
    const p = fake.payments.get(opened.data.paymentNo)!;
    const resource = {
      appid: merchant.appid,
      mchid: merchant.mchid,
      out_trade_no: p.outTradeNo,
      transaction_id: '4200000000202611280000000001',
      trade_state: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: 10_000, payer_total: 10_000, currency: 'CNY' },
    };
    const body = fake.notifyBody('TRANSACTION.SUCCESS', 'transaction', resource);
    const json = { 'Content-Type': 'application/json' };
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const attempts = [
      // Signed by a key that is not WeChat Pay's, under its serial.
      { ...json, ...fake.signedHeaders(body, { ...fake.platform, key: stranger }) },
      // Signed five minutes and more ago.
      { ...json, ...fake.signedHeaders(body, fake.platform, Math.floor(Date.now() / 1000) - 400) },
      // Under a serial WeChat Pay does not have.
      { ...json, ...fake.signedHeaders(body, { ...fake.platform, serial: 'ABCDEF0123' }) },
    ].map((headers) => fake.send(NOTIFY_URL, headers, body));
    // A genuine signature over one body, sent with another.
    const other = fake.notifyBody('TRANSACTION.SUCCESS', 'transaction', {
      ...resource,
      amount: { total: 1, payer_total: 1, currency: 'CNY' },
    });
    attempts.push(fake.send(NOTIFY_URL, { ...json, ...fake.signedHeaders(body) }, other));
    // Signed right, but not encrypted with the merchant's APIv3 key.
    const foreign = fake.notifyBody('TRANSACTION.SUCCESS', 'transaction', resource, 'k'.repeat(32));
    attempts.push(fake.send(NOTIFY_URL, { ...json, ...fake.signedHeaders(foreign) }, foreign));
    for (const sent of await Promise.all(attempts)) {
      expect(sent.answer.status).toBe(401);
      expect(JSON.parse(sent.answer.body)).toMatchObject({ code: 'FAIL' });
    }
    expect(await status(placed.id)).toBe(0);
    expect(await clearing()).toBe(before);
    expect(await payment(opened.data.paymentNo)).toMatchObject({ trade_no: null });

    // The genuine one still pays it.
    expect((await fake.pay(opened.data.paymentNo)).answer.status).toBe(204);
    expect(await status(placed.id)).toBe(1);
  });

  it('refunds a second payment through WeChat Pay, and its refund notify makes the refund final once', async () => {
    const placed = await order();
    const first = await prepay(placed.id);
    const second = await prepay(placed.id);
    const before = await clearing();
    expect((await fake.pay(first.data.paymentNo)).answer.status).toBe(204);
    // The payer completes the second payment too: its money goes back through WeChat Pay.
    expect((await fake.pay(second.data.paymentNo)).answer.status).toBe(204);
    expect(await clearing()).toBe(before + 10_000);
    const refund = fake.refunds.get(second.data.paymentNo);
    expect(refund).toMatchObject({
      transactionId: fake.payments.get(second.data.paymentNo)!.transactionId,
      refund: 10_000,
      total: 10_000,
      reason: '订单已支付，重复付款原路退回',
      notifyUrl: NOTIFY_URL,
      status: 'PROCESSING',
    });
    expect(fake.refunds.has(first.data.paymentNo)).toBe(false);
    expect(await payment(second.data.paymentNo)).toMatchObject({ status: 3, refund_result: null });

    const done = await fake.finishRefund(second.data.paymentNo);
    expect(done.answer.status).toBe(204);
    const final = await payment(second.data.paymentNo);
    expect(final).toMatchObject({ status: 3, refund_result: 'SUCCESS' });
    expect(final.refund_result_at).not.toBeNull();
    // The same refund notification again changes nothing.
    expect((await fake.send(done.url, done.headers, done.body)).answer.status).toBe(204);
    expect(await payment(second.data.paymentNo)).toEqual(final);
    expect(await status(placed.id)).toBe(1);
  });

  it('fetches the platform certificates again when a notify names a new one', async () => {
    const placed = await order();
    const opened = await prepay(placed.id);
    const fetches = () => fake.requests.filter((r) => r.path === '/v3/certificates').length;
    const before = fetches();
    fake.rotateCertificate();
    expect((await fake.pay(opened.data.paymentNo)).answer.status).toBe(204);
    expect(fetches()).toBe(before + 1);
    expect(await status(placed.id)).toBe(1);
  });

  it('finds a payment whose notify was lost by asking WeChat Pay, and the late notify changes nothing', async () => {
    const placed = await order();
    const opened = await prepay(placed.id);
    const no = opened.data.paymentNo;
    const wechat = gatewayFor(app, 'wechat') as WechatPayGateway;
    expect(await wechat.queryPayment(no, 'wechat')).toBeNull();
    expect(await wechat.queryPayment('P20261128NOSUCH', 'wechat')).toBeNull();
    const paid = fake.paySilently(no);
    const found = await wechat.queryPayment(no, 'wechat');
    expect(found).toMatchObject({
      paymentNo: no,
      tradeNo: paid.transactionId,
      channel: 'wechat',
      amountFen: 10_000,
      status: 'SUCCESS',
    });
    const before = await clearing();
    expect(await applyGatewayNotify(db, found!)).toMatchObject({ outcome: 'applied' });
    expect(await status(placed.id)).toBe(1);
    expect((await fake.pay(no)).answer.status).toBe(204);
    expect(await clearing()).toBe(before + 10_000);
  });

  it('answers the native shell the parameters the WeChat SDK takes, signed with the merchant key', async () => {
    const placed = await order();
    const opened = await prepay(placed.id, 'app');
    expect(opened.code).toBe(200);
    const p = fake.payments.get(opened.data.paymentNo)!;
    expect(p).toMatchObject({ kind: 'app', appid: merchant.appAppid });
    const params = opened.data.appParams!;
    expect(params).toMatchObject({
      appid: merchant.appAppid,
      partnerid: merchant.mchid,
      prepayid: p.prepayId,
      package: 'Sign=WXPay',
    });
    const message = `${params.appid}\n${params.timestamp}\n${params.noncestr}\n${params.prepayid}\n`;
    expect(
      createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.sign!, 'base64'),
    ).toBe(true);
  });

  it('is refused by WeChat Pay when the merchant signs with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const wrong = new WechatPayGateway({ ...settings, baseUrl: fake.baseUrl, privateKey: other });
    await expect(
      wrong.createPayment({
        paymentNo: 'P0000000001',
        channel: 'wechat',
        amountFen: 100,
        subject: 'x',
      }),
    ).rejects.toThrow(/WeChat Pay prepay failed: WeChat Pay answered 401: SIGN_ERROR/);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v3/certificates', signed: false });
  });

  it('offers WeChat Pay at checkout while it is on, and says it is not open while it is off', async () => {
    const input = { items: [{ productId, quantity: 1 }], shippingWay: 4, payType: 1 };
    const onNow = await call<MallQuote>('POST', '/api/mall/order/quote', input);
    expect(onNow.data.payTypes.find((p) => p.payType === 1)?.refusal).toBeNull();
    const buyerOf = { agentId: ctx.demo.child.id, topId: ctx.demo.top.id };
    const off = await quoteOrder(db, buyerOf, input, (channel) =>
      channel === 'wechat' ? null : gatewayFor(app, channel),
    );
    expect(off.refusal).toBe('微信支付暂未开放');
    expect(off.payTypes.find((p) => p.payType === 2)?.refusal).toBeNull();
  });

  it('reports the WeChat Pay choice and account to operators who manage the system, secrets masked', async () => {
    const admin = await adminLogin(app, 'super_admin');
    const res = await adminCall<{ wechatPay: Record<string, unknown> }>(
      app,
      admin,
      'GET',
      '/system/providers',
    );
    expect(res.body.data.wechatPay).toMatchObject({
      gateway: 'wechatpay',
      complete: true,
      mchid: merchant.mchid,
      appid: merchant.appid,
      verification: 'platform certificates',
      notifyUrl: NOTIFY_URL,
      privateKey: '****',
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(merchant.apiV3Key);
    expect(text).not.toContain(merchant.serial);
    expect(text).not.toContain(merchant.privateKeyPem.split('\n')[1]!);
  });

  it('names what is missing when WeChat Pay is chosen, and refuses the simulator in production', () => {
    const chosen = configProblems(
      { ...loadConfig({}), wechatPay: 'wechatpay', wechatPaySettings: loadWechatPaySettings({}) },
      {},
    );
    expect(chosen).toEqual(
      expect.arrayContaining([
        'WECHATPAY_MCHID must be set when WECHATPAY_GATEWAY=wechatpay',
        'WECHATPAY_APIV3_KEY must be the 32-character APIv3 key',
        'WECHATPAY_NOTIFY_URL must be set when WECHATPAY_GATEWAY=wechatpay',
      ]),
    );
    const production = configProblems(loadConfig({ NODE_ENV: 'production' }), {
      NODE_ENV: 'production',
    });
    expect(production.some((p) => p.startsWith('WECHATPAY_GATEWAY=simulated'))).toBe(true);
  });
});
