import type { MallOrder, MallPrepay, SettleAccount, SettleAccountList } from '@pos/core';
import { luhnCheck } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agentAccountId, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { refundPendingPayments } from '../src/modules/mall/payments';
import { queryUnappliedPayments } from '../src/modules/mall/query-payments';
import { gatewaysOf } from '../src/providers/payments/gateway';
import { payOutWithdrawals } from '../src/modules/withdrawals/pay-out-withdrawals';
import { payoutBankFor } from '../src/providers/payout/payout-bank';
import { adminCall, adminLogin } from './admin-helpers';
import { makeKeyPair, rsa2Sign, signContent, startAlipayFake } from './fakes/alipay-fake';
import {
  agentCall,
  bearer,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
  setPayPassword,
} from './helpers';
import { pngOf } from './upload-helpers';

/**
 * The real Alipay adapters and the official alipay-sdk against a local fake of Alipay's openapi
 * gateway (test/fakes/alipay-fake.ts), which checks every request's RSA2 signature and signs its
 * answers and notifies with its own key: mall payments (wap and app), the notify applied once,
 * forged and replayed notifies changing nothing, a lost notify found by the trade query, a refund
 * reaching its final state, and withdrawals paid by Alipay transfer (at once, after DEALING, or
 * failed with the money back), the ledger balanced throughout.
 */
const fake = await startAlipayFake();
afterAll(() => fake.close());
const ctx = await createTestContext({
  adminTotp: false,
  smsOutboxApi: true,
  alipayGateway: 'alipay',
  payout: 'alipay',
  alipay: fake.settings(''),
});
const { app, demo } = ctx;
const db = ctx.database.db;
// Alipay posts its notifies over HTTP: the app listens, and its notify_url is this address.
await app.listen({ port: 0, host: '127.0.0.1' });
const notifyUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/prod-api/api/pay/alipay/notify`;
app.config.alipay.notifyUrl = notifyUrl;

const PAY = '135790';
const call = <T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, token, method, url, payload);

const platform = async (account: string) =>
  Number(
    (
      await rows<{ balance_fen: unknown }>(
        db,
        sql`SELECT balance_fen FROM ledger_accounts WHERE agent_id IS NULL AND wallet_type = ${account}`,
      )
    )[0]!.balance_fen,
  );
const paymentStatus = async (paymentNo: string) =>
  Number(
    (
      await rows<{ status: unknown }>(
        db,
        sql`SELECT status FROM mall_payments WHERE payment_no = ${paymentNo}`,
      )
    )[0]!.status,
  );

let buyer: string;
let opToken: string;
let productId: number;
let addressId: number;

beforeAll(async () => {
  const ops = await adminLogin(app, 'operations');
  buyer = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  opToken = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);
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
  const address = await call<{ id: number }>(buyer, 'POST', '/api/mall/address/save', {
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

const placeAlipayOrder = async (quantity = 1) => {
  const placed = await call<MallOrder>(buyer, 'POST', '/api/mall/order/create', {
    items: [{ productId, quantity }],
    addressId,
    shippingWay: 4,
    payType: 2,
  });
  expect(placed.code).toBe(200);
  return placed.data;
};
const prepay = (id: number, client?: 'app' | 'h5' | 'page') =>
  call<MallPrepay>(buyer, 'POST', '/api/mall/order/prepay', { id, payType: 2, client });
const view = async (id: number) =>
  (await call<MallOrder>(buyer, 'GET', `/api/mall/order?id=${id}`)).data;

describe('Alipay mall payments', () => {
  it('opens a wap payment whose signed link the cashier accepts; the verified notify pays the order once', async () => {
    const order = await placeAlipayOrder(2);
    const pay = await prepay(order.id, 'h5');
    expect(pay.data).toMatchObject({ simulated: false, amountFen: order.totalFen });
    expect(pay.data.cashierUrl.startsWith(fake.url)).toBe(true);
    const link = new URL(pay.data.cashierUrl);
    expect(link.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(link.searchParams.get('notify_url')).toBe(notifyUrl);

    const trade = fake.openCashier(pay.data.cashierUrl);
    expect(trade).toMatchObject({
      outTradeNo: pay.data.paymentNo,
      totalAmount: (order.totalFen / 100).toFixed(2),
      productCode: 'QUICK_WAP_WAY',
    });
    fake.pay(pay.data.paymentNo);
    const clearing = await platform('capital_clearing');
    const form = fake.notifyForm(pay.data.paymentNo);
    expect(await fake.postNotify(notifyUrl, form)).toEqual({ status: 200, text: 'success' });
    expect(await view(order.id)).toMatchObject({ status: 1, payType: 2 });
    expect(await platform('capital_clearing')).toBe(clearing + order.totalFen);

    // Alipay retries until it reads success: the same notify again changes nothing.
    expect(await fake.postNotify(notifyUrl, form)).toEqual({ status: 200, text: 'success' });
    expect(await fake.postNotify(notifyUrl, fake.notifyForm(pay.data.paymentNo))).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await platform('capital_clearing')).toBe(clearing + order.totalFen);
    expect(await paymentStatus(pay.data.paymentNo)).toBe(1);
  });

  it('gives the native shell a signed app-pay order string the gateway accepts', async () => {
    const order = await placeAlipayOrder();
    const pay = await prepay(order.id, 'app');
    const orderString = pay.data.appParams?.orderString ?? '';
    expect(new URLSearchParams(orderString).get('method')).toBe('alipay.trade.app.pay');
    expect(fake.openCashier(orderString)).toMatchObject({
      outTradeNo: pay.data.paymentNo,
      productCode: 'QUICK_MSECURITY_PAY',
    });
    // A tampered order string is refused by the cashier.
    expect(() => fake.openCashier(orderString.replace(/total_amount%22%3A%22/, '$&1'))).toThrow(
      'signature',
    );
  });

  it('refuses forged notifies (another key, a changed amount, another app) and changes nothing', async () => {
    const order = await placeAlipayOrder();
    const pay = await prepay(order.id);
    fake.openCashier(pay.data.cashierUrl);
    const clearing = await platform('capital_clearing');
    // Signed with a key that is not Alipay's.
    const stranger = makeKeyPair();
    const unsigned = fake.notifyForm(pay.data.paymentNo, { trade_status: 'TRADE_SUCCESS' });
    delete unsigned.sign;
    const forged = {
      ...unsigned,
      sign: rsa2Sign(signContent(unsigned, ['sign', 'sign_type']), stranger.privateKey),
    };
    expect(await fake.postNotify(notifyUrl, forged)).toEqual({ status: 400, text: 'fail' });
    // Alipay's own signature, with the amount changed afterwards.
    const genuine = fake.notifyForm(pay.data.paymentNo, { trade_status: 'TRADE_SUCCESS' });
    expect(
      await fake.postNotify(notifyUrl, {
        ...genuine,
        total_amount: '0.01',
        receipt_amount: '0.01',
      }),
    ).toEqual({ status: 400, text: 'fail' });
    // Signed by Alipay but for another application.
    expect(
      await fake.postNotify(
        notifyUrl,
        fake.notifyForm(pay.data.paymentNo, { trade_status: 'TRADE_SUCCESS', app_id: '2021999' }),
      ),
    ).toEqual({ status: 400, text: 'fail' });
    // No signature at all.
    const { sign: _sign, ...bare } = genuine;
    expect(await fake.postNotify(notifyUrl, bare)).toEqual({ status: 400, text: 'fail' });
    // A genuine notify that the buyer has not paid yet is acknowledged and changes nothing.
    expect(await fake.postNotify(notifyUrl, fake.notifyForm(pay.data.paymentNo))).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await view(order.id)).toMatchObject({ status: 0 });
    expect(await paymentStatus(pay.data.paymentNo)).toBe(0);
    expect(await platform('capital_clearing')).toBe(clearing);
  });

  it('finds a payment whose notify was lost by the trade query, applies it once, and takes the late notify as a repeat', async () => {
    const order = await placeAlipayOrder();
    const pay = await prepay(order.id);
    fake.openCashier(pay.data.cashierUrl);
    fake.pay(pay.data.paymentNo);
    const later = new Date(Date.now() + 120_000);
    const clearing = await platform('capital_clearing');
    const applied = await queryUnappliedPayments(db, gatewaysOf(app), undefined, later, {
      windowMinutes: 60,
    });
    expect(applied).toBe(1);
    expect(await view(order.id)).toMatchObject({ status: 1, payType: 2 });
    expect(await platform('capital_clearing')).toBe(clearing + order.totalFen);
    // Asked again, and the late notify: nothing more.
    expect(
      await queryUnappliedPayments(db, gatewaysOf(app), undefined, later, { windowMinutes: 60 }),
    ).toBe(0);
    expect(await fake.postNotify(notifyUrl, fake.notifyForm(pay.data.paymentNo))).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await platform('capital_clearing')).toBe(clearing + order.totalFen);
  });

  it('refunds a cancelled order through Alipay and counts it done only once Alipay says the refund succeeded', async () => {
    const order = await placeAlipayOrder();
    const pay = await prepay(order.id);
    fake.openCashier(pay.data.cashierUrl);
    fake.pay(pay.data.paymentNo);
    await fake.postNotify(notifyUrl, fake.notifyForm(pay.data.paymentNo));
    expect(await view(order.id)).toMatchObject({ status: 1 });

    fake.holdRefunds = true;
    const cancelled = await call<MallOrder>(buyer, 'POST', '/api/mall/order/cancel', {
      id: order.id,
    });
    expect(cancelled).toMatchObject({ code: 200, data: { status: 5 } });
    // Alipay accepted the refund but has not finished it: still pending on the platform.
    const trade = fake.trades.get(pay.data.paymentNo)!;
    expect(trade.refunds.get(`R${pay.data.paymentNo}`)).toEqual({
      amount: (order.totalFen / 100).toFixed(2),
      done: false,
    });
    expect(await paymentStatus(pay.data.paymentNo)).toBe(2);

    fake.holdRefunds = false;
    fake.settleRefunds();
    await refundPendingPayments(db, gatewaysOf(app));
    expect(await paymentStatus(pay.data.paymentNo)).toBe(3);
    // Sent twice, refunded once.
    expect(trade.refunds.size).toBe(1);
  });
});

// --- Withdrawals paid by Alipay transfer ---------------------------------------------------------

const grand = DEMO_ACCOUNTS.grandchild;
const REAL_NAME = '王小二';
let agentToken: string;
let k = 0;
const key = () => `ali-${Date.now()}-${++k}`;

function identityForm(parts: Record<string, string | Buffer>) {
  const boundary = `----alipaytest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    chunks.push(
      Buffer.from(
        Buffer.isBuffer(value)
          ? `Content-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`
          : `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
      ),
    );
    if (Buffer.isBuffer(value)) chunks.push(value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const balance = async (walletType: string) =>
  Number(
    (
      await rows<{ b: unknown }>(
        db,
        sql`SELECT balance_fen AS b FROM ledger_accounts WHERE agent_id = ${demo.grandchild.id} AND wallet_type = ${walletType}`,
      )
    )[0]?.b ?? 0,
  );

/** The card number made of `prefix` and the one check digit that passes Luhn. */
const withLuhn = (prefix: string) => {
  for (let d = 0; d < 10; d++) if (luhnCheck(prefix + d)) return prefix + d;
  throw new Error('no Luhn digit');
};

async function ownAlipayAccount(login: string, mode: 'add' | 'edit'): Promise<SettleAccount> {
  const url = mode === 'add' ? '/app/api/user/settle/add' : '/api/ag/my/center/settlement/edit';
  const res = await call<SettleAccount>(agentToken, 'POST', url, {
    accountType: 'alipay',
    holderName: REAL_NAME,
    cardNo: login,
  });
  expect(res.code).toBe(200);
  return res.data;
}

async function approvedWithdrawal(amountFen: number) {
  const own = (
    await call<SettleAccountList>(agentToken, 'GET', '/api/ag/my/center/settlement/list')
  ).data.own!;
  const w = await call<{ id: number; netFen: number }>(
    agentToken,
    'POST',
    '/api/ag/agent/withdraw/apply',
    {
      walletType: 'reward',
      amountFen,
      accountId: own.id,
      payPassword: PAY,
      idempotencyKey: key(),
    },
  );
  expect(w.code).toBe(200);
  expect(
    (await call(opToken, 'POST', '/api/ag/agent/withdraw/approve', { id: w.data.id })).code,
  ).toBe(200);
  return w.data;
}
const withdrawal = async (id: number) =>
  (
    await call<{ status: number; reason: string | null }>(
      agentToken,
      'GET',
      `/api/ag/agent/withdraw/info?id=${id}`,
    )
  ).data;
const payoutRun = () =>
  payOutWithdrawals({ db, bank: payoutBankFor(app)!, cipher: app.cipher }, undefined, undefined, {
    inFlightOnly: true,
  });

describe('withdrawals paid by Alipay transfer', () => {
  beforeAll(async () => {
    agentToken = await loginAs(app, grand.mobile);
    await setPayPassword(app, agentToken, grand.mobile, PAY);
    const png = pngOf(640, 400, Buffer.alloc(64, 1));
    const form = identityForm({
      realName: REAL_NAME,
      idCard: '11010519491231002X',
      front: png,
      back: png,
    });
    const verified = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(agentToken), ...form.headers },
      payload: form.payload,
    });
    expect(verified.json()).toMatchObject({ code: 200, data: { verified: true } });
    const expense = await platformAccountId(db, 'share_expense');
    const wallet = await agentAccountId(db, demo.grandchild.id, 'reward');
    await postEntry(db, {
      idemKey: 'alipay-test-fund',
      reason: 'trade_settlement',
      lines: [
        { accountId: expense, amountFen: -500_000, infoType: 'trade_profit' },
        { accountId: wallet, amountFen: 500_000, infoType: 'trade_profit' },
      ],
    });
    fake.accounts.set('13900001111', REAL_NAME);
    fake.accounts.set('slow@example.com', REAL_NAME);
    fake.slowPayees.add('slow@example.com');
  });

  it('binds an Alipay account as the settlement account, checked and masked', async () => {
    const bad = await call(agentToken, 'POST', '/app/api/user/settle/add', {
      accountType: 'alipay',
      holderName: REAL_NAME,
      cardNo: 'not-an-account',
    });
    expect(bad).toMatchObject({ code: 400, field: 'cardNo', msg: '支付宝账号须为手机号或邮箱' });
    const own = await ownAlipayAccount('13900001111', 'add');
    expect(own).toMatchObject({
      accountType: 'alipay',
      bankName: '支付宝',
      cardMasked: '139****1111',
    });
  });

  it('pays an approved withdrawal by transfer to the Alipay account at once', async () => {
    const w = await approvedWithdrawal(20_000);
    const paid = await call<{ paid: number; failed: number }>(
      opToken,
      'POST',
      '/api/ag/agent/withdraw/payout',
      { id: w.id },
    );
    expect(paid).toMatchObject({ code: 200, data: { paid: 1, failed: 0 } });
    expect(await withdrawal(w.id)).toMatchObject({ status: 2 });
    const transfer = [...fake.transfers.values()].find((t) => t.outBizNo.startsWith(`W${w.id}F`))!;
    expect(transfer).toMatchObject({
      identity: '13900001111',
      name: REAL_NAME,
      amount: (w.netFen / 100).toFixed(2),
      status: 'SUCCESS',
    });
    expect(fake.calls.every((c) => c.verified)).toBe(true);
  });

  it('keeps a DEALING transfer approved, asks Alipay until it is final, and pays it once', async () => {
    await ownAlipayAccount('slow@example.com', 'edit');
    const frozen = await balance('frozen');
    const w = await approvedWithdrawal(15_000);
    const sent = await call<{ paid: number; failed: number; pending: number }>(
      opToken,
      'POST',
      '/api/ag/agent/withdraw/payout',
      { id: w.id },
    );
    expect(sent.data).toMatchObject({ paid: 0, failed: 0, pending: 1 });
    expect(await withdrawal(w.id)).toMatchObject({ status: 1 });
    expect(await balance('frozen')).toBe(frozen + 15_000);
    expect(await payoutRun()).toMatchObject({ paid: 0, pending: 1 });
    const outBizNo = [...fake.transfers.keys()].find((n) => n.startsWith(`W${w.id}F`))!;
    fake.finishTransfer(outBizNo, 'SUCCESS');
    expect(await payoutRun()).toMatchObject({ paid: 1, pending: 0 });
    expect(await withdrawal(w.id)).toMatchObject({ status: 2 });
    expect(await balance('frozen')).toBe(frozen);
    // Nothing left in flight; one transfer was made for it.
    expect(await payoutRun()).toMatchObject({ paid: 0, failed: 0, pending: 0 });
    expect([...fake.transfers.keys()].filter((n) => n.startsWith(`W${w.id}F`))).toHaveLength(1);
  });

  it('returns the money when a transfer fails, at once or after DEALING', async () => {
    const reward = await balance('reward');
    const late = await approvedWithdrawal(12_000);
    await call(opToken, 'POST', '/api/ag/agent/withdraw/payout', { id: late.id });
    const outBizNo = [...fake.transfers.keys()].find((n) => n.startsWith(`W${late.id}F`))!;
    fake.finishTransfer(outBizNo, 'FAIL', '收款账户状态异常');
    expect(await payoutRun()).toMatchObject({ failed: 1 });
    expect(await withdrawal(late.id)).toMatchObject({
      status: 4,
      reason: '支付宝转账失败：收款账户状态异常',
    });

    await ownAlipayAccount('13900009999', 'edit'); // no such Alipay account
    const now = await approvedWithdrawal(11_000);
    const res = await call<{ failed: number }>(opToken, 'POST', '/api/ag/agent/withdraw/payout', {
      id: now.id,
    });
    expect(res.data.failed).toBe(1);
    expect(await withdrawal(now.id)).toMatchObject({
      status: 4,
      reason: '支付宝转账失败：收款账号不存在',
    });
    expect(await balance('reward')).toBe(reward);
  });

  it('pays a withdrawal to a bank card through Alipay (to-card transfer), and returns it for a card Alipay cannot pay', async () => {
    const card = withLuhn('622202123456789012');
    const bound = await call(agentToken, 'POST', '/api/ag/my/center/settlement/edit', {
      accountType: 'bank',
      holderName: REAL_NAME,
      cardNo: card,
      bankName: '工商银行',
    });
    expect(bound.code).toBe(200);
    fake.bankCards.set(card, REAL_NAME);
    const w = await approvedWithdrawal(13_000);
    const paid = await call<{ paid: number }>(opToken, 'POST', '/api/ag/agent/withdraw/payout', {
      id: w.id,
    });
    expect(paid.data.paid).toBe(1);
    expect(await withdrawal(w.id)).toMatchObject({ status: 2 });
    const transfer = [...fake.transfers.values()].find((t) => t.outBizNo.startsWith(`W${w.id}F`));
    expect(transfer).toMatchObject({
      identity: card,
      name: REAL_NAME,
      productCode: 'TRANS_BANKCARD_NO_PWD',
      amount: (w.netFen / 100).toFixed(2),
    });

    const reward = await balance('reward');
    fake.bankCards.delete(card);
    const refused = await approvedWithdrawal(10_000);
    await call(opToken, 'POST', '/api/ag/agent/withdraw/payout', { id: refused.id });
    expect(await withdrawal(refused.id)).toMatchObject({
      status: 4,
      reason: '支付宝转账失败：收款方银行卡信息有误',
    });
    expect(await balance('reward')).toBe(reward);
  });

  it('leaves the ledger balanced', async () => {
    const health = await call<Record<string, number>>(
      opToken,
      'GET',
      '/api/ag/admin/ledger/health',
    );
    expect(health.data).toMatchObject({
      globalSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  });
});

describe('the providers report', () => {
  it('names the Alipay choices and application with its keys masked, for operators who manage the system', async () => {
    const admin = await adminLogin(app, 'super_admin');
    const res = await adminCall<{ alipay: Record<string, string> }>(
      app,
      admin,
      'GET',
      '/system/providers',
    );
    expect(res.body.data.alipay).toMatchObject({
      gateway: 'alipay',
      payout: 'alipay',
      appId: fake.appId,
      gatewayUrl: fake.url,
      notifyUrl,
    });
    expect(res.body.data.alipay.privateKey).toMatch(/^.{2}\*{4}.{2}$/);
    const text = JSON.stringify(res.body);
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(text).not.toContain(body(fake.appKeys.privateKey).slice(0, 40));
    expect(text).not.toContain(body(fake.alipayKeys.publicKey).slice(0, 40));
    const ops = await adminLogin(app, 'operations');
    expect((await adminCall(app, ops, 'GET', '/system/providers')).body.code).toBe(403);
  });
});
