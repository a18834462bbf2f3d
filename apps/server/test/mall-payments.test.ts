import type { MallOrder, MallPrepay, MallQuote, MallWallet } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import {
  agentAccountId,
  agentBalances,
  PLATFORM_ACCOUNTS,
  platformAccountId,
} from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { awardActivationPoints } from '../src/modules/mall/rules';
import { expireUnpaidOrders } from '../src/modules/mall/orders';
import { signGatewayBody, simulatedGatewayOf } from '../src/providers/payments/gateway';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs, setPayPassword } from './helpers';

/**
 * The mall's other ways to pay: WeChat/Alipay through the simulated gateway's signed callback
 * (idempotent, a second payment refunded, a bad signature refused), points earned per activation
 * and spent with their postage, free claims within a quota the console grants, and which
 * shipping way goes with which pay type.
 */
const ctx = await createTestContext({ adminTotp: false, smsOutboxApi: true });
const { app, demo } = ctx;
const db = ctx.database.db;
const PAY = '135790';

let ops: string;
let buyer: string;
let other: string;
let productId: number;
let addressId: number;

const call = <T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, token, method, url, payload);

const gateway = () => simulatedGatewayOf(app)!;
const balances = () => agentBalances(db, demo.child.id);
const platform = async (account: string) =>
  Number(
    (
      await rows<{ balance_fen: unknown }>(
        db,
        sql`SELECT balance_fen FROM ledger_accounts WHERE agent_id IS NULL AND wallet_type = ${account}`,
      )
    )[0]!.balance_fen,
  );
const stock = async () =>
  Number(
    (
      await rows<{ stock: unknown }>(
        db,
        sql`SELECT stock FROM mall_products WHERE id = ${productId}`,
      )
    )[0]!.stock,
  );
const order = (quantity: number, shippingWay: number, payType: number) =>
  call<MallOrder>(buyer, 'POST', '/api/mall/order/create', {
    items: [{ productId, quantity }],
    addressId,
    shippingWay,
    payType,
  });
const prepay = (id: number, payType: number, token = buyer) =>
  call<MallPrepay>(token, 'POST', '/api/mall/order/prepay', { id, payType });
const confirmAtCashier = (paymentNo: string, token = buyer) =>
  call(token, 'POST', '/api/mall/sim-gateway/pay', { paymentNo });
const view = async (id: number) =>
  (await call<MallOrder>(buyer, 'GET', `/api/mall/order?id=${id}`)).data;

beforeAll(async () => {
  ops = await adminLogin(app, 'operations');
  buyer = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  other = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
  await setPayPassword(app, buyer, DEMO_ACCOUNTS.child.mobile, PAY);
  const [brand] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
  const saved = await adminCall<{ id: number }>(app, ops, 'POST', '/mall/products/save', {
    brandId: Number(brand!.id),
    // The platform's demo stock holds 100 unallocated A8 (a product never sells more).
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

describe('shipping ways and pay types', () => {
  it('quotes postage for ways 2 and 3 only with their pay type, and refuses other pairs by field', async () => {
    const alipay = await call<MallQuote>(buyer, 'POST', '/api/mall/order/quote', {
      items: [{ productId, quantity: 2 }],
      shippingWay: 3,
      payType: 2,
    });
    expect(alipay.data).toMatchObject({ goodsFen: 10_000, shippingFen: 1_200, totalFen: 11_200 });
    const free = await call<MallQuote>(buyer, 'POST', '/api/mall/order/quote', {
      items: [{ productId, quantity: 2 }],
      shippingWay: 5,
      payType: 4,
    });
    expect(free.data).toMatchObject({ shippingFen: 0, totalFen: 10_000 });
    const wrong = await order(1, 3, 4);
    expect(wrong).toMatchObject({
      code: 400,
      field: 'shippingWay',
      msg: '支付宝付邮费须使用支付宝支付',
    });
    const unknown = await order(1, 9, 4);
    expect(unknown).toMatchObject({ code: 400, msg: '配送方式不正确' });
  });

  it('says for every pay type whether it could pay the order, so the app can start on one that can', async () => {
    const quote = (shippingWay: number, payType: number) =>
      call<MallQuote>(buyer, 'POST', '/api/mall/order/quote', {
        items: [{ productId, quantity: 60 }],
        shippingWay,
        payType,
      });
    const before = await balances();
    // 60 at 50.00 is 3,000.00: more than the child's goods balance and points hold.
    expect(before.capital_pool ?? 0).toBeLessThan(300_000);
    expect(before.points ?? 0).toBeLessThan(300_000);
    const onBalance = await quote(4, 4);
    expect(onBalance.data.refusal).toBe('货款余额不足，请先转入资金池');
    const by = (q: typeof onBalance) =>
      Object.fromEntries(q.data.payTypes.map((p) => [p.payType, p.refusal]));
    expect(by(onBalance)).toEqual({
      1: null,
      2: null,
      3: '积分不足',
      4: '货款余额不足，请先转入资金池',
      0: expect.stringMatching(/^免费领取额度不足，剩余 \d+ 台$/),
    });
    // The answer is the same whichever pay type the quote was asked with.
    expect(by(await quote(4, 1))).toEqual(by(onBalance));
    // Postage paid in points goes with points only; the others say why not.
    const points = await quote(2, 3);
    expect(by(points)).toMatchObject({
      1: '积分抵扣邮费须使用积分支付',
      2: '积分抵扣邮费须使用积分支付',
      3: '积分不足',
      4: '积分抵扣邮费须使用积分支付',
    });
    // Nothing was reserved or moved by asking.
    expect(await balances()).toEqual(before);
  });

  it('takes the postage from the rule the console sets, and refuses a broken rule by its field', async () => {
    const bad = await adminCall(app, await adminLogin(app, 'super_admin'), 'POST', '/params/save', {
      key: 'mall_rules',
      value: '{"pointsPerActivation":-1,"postageFen":800}',
    });
    expect(bad.body).toMatchObject({ code: 400, field: 'value', msg: '每台激活积分不能为负' });
    const wallet = await call<MallWallet>(buyer, 'GET', '/api/mall/wallet');
    expect(wallet.data).toMatchObject({ postageFen: 1_200, pointsPerActivation: 100 });
    const read = await adminCall(app, ops, 'GET', '/mall/rules');
    expect(read.body.data).toEqual({
      rules: { pointsPerActivation: 100, postageFen: 1_200 },
      stored: true,
    });
  });
});

describe('WeChat and Alipay through the gateway', () => {
  it('pays on the signed callback once, and refunds a second payment of the same order', async () => {
    const placed = await order(2, 4, 1);
    expect(placed.data).toMatchObject({ status: 0, payType: 1, totalFen: 10_000 });
    const first = await prepay(placed.data.id, 1);
    const second = await prepay(placed.data.id, 1);
    expect(first.data).toMatchObject({ amountFen: 10_000, simulated: true });
    expect(second.data.paymentNo).not.toBe(first.data.paymentNo);
    const clearingBefore = await platform('capital_clearing');

    // Another agent cannot confirm this agent's payment.
    expect((await confirmAtCashier(first.data.paymentNo, other)).code).toBe(404);
    expect((await confirmAtCashier(first.data.paymentNo)).code).toBe(200);
    expect(await view(placed.data.id)).toMatchObject({ status: 1, payType: 1 });
    expect(await platform('capital_clearing')).toBe(clearingBefore + 10_000);

    // The gateway retries the same callback: nothing changes.
    expect((await confirmAtCashier(first.data.paymentNo)).code).toBe(200);
    expect(await platform('capital_clearing')).toBe(clearingBefore + 10_000);

    // The payer also completes the second payment: the money goes back through the gateway.
    expect((await confirmAtCashier(second.data.paymentNo)).code).toBe(200);
    expect(await platform('capital_clearing')).toBe(clearingBefore + 10_000);
    expect(gateway().refunds.get(second.data.paymentNo)).toMatchObject({ amountFen: 10_000 });
    const [p] = await rows<{ status: unknown; refund_reason: string }>(
      db,
      sql`SELECT status, refund_reason FROM mall_payments WHERE payment_no = ${second.data.paymentNo}`,
    );
    expect(Number(p!.status)).toBe(3);
    expect(p!.refund_reason).toBe('订单已支付，重复付款原路退回');
    expect(gateway().refunds.has(first.data.paymentNo)).toBe(false);

    // Cancelled before shipping: the first payment goes back through the gateway too.
    const cancelled = await call<MallOrder>(buyer, 'POST', '/api/mall/order/cancel', {
      id: placed.data.id,
    });
    expect(cancelled).toMatchObject({ code: 200, data: { status: 5 } });
    expect(gateway().refunds.get(first.data.paymentNo)).toMatchObject({ amountFen: 10_000 });
    expect(await platform('capital_clearing')).toBe(clearingBefore);
  });

  it('applies exactly one of two payments whose callbacks arrive at once, and refunds the other', async () => {
    const placed = await order(1, 4, 2);
    const [a, b] = await Promise.all([prepay(placed.data.id, 2), prepay(placed.data.id, 2)]);
    const clearingBefore = await platform('capital_clearing');
    const results = await Promise.all([
      confirmAtCashier(a!.data.paymentNo),
      confirmAtCashier(b!.data.paymentNo),
    ]);
    expect(results.map((r) => r.code)).toEqual([200, 200]);
    const payments = await rows<{ status: unknown }>(
      db,
      sql`SELECT status FROM mall_payments WHERE order_id = ${placed.data.id} ORDER BY status`,
    );
    expect(payments.map((p) => Number(p.status))).toEqual([1, 3]);
    expect(await platform('capital_clearing')).toBe(clearingBefore + 5_000);
    expect((await view(placed.data.id)).status).toBe(1);
    // Not another agent's to prepay.
    expect((await prepay(placed.data.id, 2, other)).code).toBe(404);
  });

  it('refuses a callback with a bad signature or a wrong amount, changing nothing', async () => {
    const placed = await order(1, 3, 2);
    expect(placed.data).toMatchObject({ totalFen: 6_200, shippingFen: 1_200 });
    const pay = await prepay(placed.data.id, 2);
    const body = JSON.stringify({
      paymentNo: pay.data.paymentNo,
      tradeNo: 'ALI-FORGED-1',
      channel: 'alipay',
      amountFen: 6_200,
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    });
    const forged = await app.inject({
      method: 'POST',
      url: '/prod-api/api/pay/notify',
      headers: { 'content-type': 'application/json', 'x-gateway-signature': 'ab'.repeat(32) },
      payload: body,
    });
    expect(forged.json()).toMatchObject({ code: 401 });
    const cheap = JSON.stringify({ ...JSON.parse(body), amountFen: 1 });
    const wrongAmount = await app.inject({
      method: 'POST',
      url: '/prod-api/api/pay/notify',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signGatewayBody(cheap, ctx.config.paymentGatewaySecret),
      },
      payload: cheap,
    });
    expect(wrongAmount.json()).toMatchObject({ code: 400 });
    expect((await view(placed.data.id)).status).toBe(0);
    // A WeChat payment of an order that must go through Alipay (its postage) is refused.
    expect((await prepay(placed.data.id, 1)).msg).toBe('支付宝付邮费须使用支付宝支付');
  });

  it('refunds money that arrives for an order that timed out', async () => {
    const placed = await order(1, 4, 1);
    const pay = await prepay(placed.data.id, 1);
    expect(await expireUnpaidOrders(db, new Date(Date.now() + 31 * 60_000))).toBeGreaterThan(0);
    expect((await view(placed.data.id)).status).toBe(4);
    expect((await confirmAtCashier(pay.data.paymentNo)).code).toBe(200);
    expect((await view(placed.data.id)).status).toBe(4);
    expect(gateway().refunds.get(pay.data.paymentNo)?.reason).toBe('订单已关闭，付款原路退回');
  });
});

describe('points', () => {
  it('earns points per activation once, and pays an order and its postage in points', async () => {
    const [t] = await rows<{ id: unknown; sn: string }>(
      db,
      sql`SELECT id, sn FROM terminals WHERE holder_agent_id = ${demo.child.id} ORDER BY id LIMIT 1`,
    );
    const before = (await balances()).points ?? 0;
    for (let i = 0; i < 2; i++)
      await awardActivationPoints(db, {
        agentId: demo.child.id,
        terminalId: Number(t!.id),
        sn: t!.sn,
      });
    expect((await balances()).points ?? 0).toBe(before + 100);

    // Fixture: enough points for an order (the platform's points account issues them).
    await postEntry(db, {
      idemKey: 'test:points:child',
      reason: 'test_fixture',
      lines: [
        {
          accountId: await platformAccountId(db, PLATFORM_ACCOUNTS.pointsIssued),
          amountFen: -20_000,
          infoType: 'points_activation',
        },
        {
          accountId: await agentAccountId(db, demo.child.id, 'points'),
          amountFen: 20_000,
          infoType: 'points_activation',
        },
      ],
    });
    const points = (await balances()).points!;
    const placed = await order(3, 2, 3);
    expect(placed.data).toMatchObject({ goodsFen: 15_000, shippingFen: 1_200, totalFen: 16_200 });
    const goodsBalance = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    expect(goodsBalance).toMatchObject({ code: 400, msg: '积分抵扣邮费须使用积分支付' });
    const paid = await call<MallOrder>(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 3,
      payPassword: PAY,
    });
    expect(paid).toMatchObject({ code: 200, data: { status: 1, payType: 3 } });
    expect((await balances()).points).toBe(points - 16_200);
    const list = await call<{ rows: { points: number; infoType: string }[] }>(
      buyer,
      'GET',
      '/api/mall/points',
    );
    expect(list.data.rows[0]).toMatchObject({ points: -16_200, infoType: 'mall_purchase' });

    // Points are not money: the account details never list them.
    const ledger = await call<{ rows: { infoType: string }[] }>(
      buyer,
      'GET',
      '/api/ag/agent/wallet/ledger?pageSize=50',
    );
    expect(ledger.data.rows.some((r) => r.infoType === 'points_activation')).toBe(false);

    const refunded = await call<MallOrder>(buyer, 'POST', '/api/mall/order/cancel', {
      id: placed.data.id,
    });
    expect(refunded.data.status).toBe(5);
    expect((await balances()).points).toBe(points);
  });
});

describe('free claims', () => {
  it('claims within the quota the console grants, paid at once, and the quota returns on cancel', async () => {
    const none = await order(1, 4, 0);
    expect(none).toMatchObject({ code: 400, field: 'payType', msg: '免费领取额度不足，剩余 0 台' });
    const granted = await adminCall(app, ops, 'POST', '/mall/quotas/save', {
      mobile: DEMO_ACCOUNTS.child.mobile,
      granted: 3,
    });
    expect(granted.body).toMatchObject({ code: 200, data: { granted: 3, used: 0 } });
    const stockBefore = await stock();
    const claimed = await order(2, 5, 0);
    expect(claimed.data).toMatchObject({
      status: 1,
      payType: 0,
      goodsFen: 10_000,
      discountFen: 10_000,
      totalFen: 0,
    });
    expect(await stock()).toBe(stockBefore - 2);
    const wallet = await call<MallWallet>(buyer, 'GET', '/api/mall/wallet');
    expect(wallet.data.freeQuota).toEqual({ granted: 3, used: 2, left: 1 });
    expect((await order(2, 4, 0)).msg).toBe('免费领取额度不足，剩余 1 台');
    expect((await order(1, 2, 0)).field).toBe('shippingWay');
    const lower = await adminCall(app, ops, 'POST', '/mall/quotas/save', {
      mobile: DEMO_ACCOUNTS.child.mobile,
      granted: 1,
    });
    expect(lower.body).toMatchObject({ code: 400, field: 'granted' });
    const listed = await adminCall<{ rows: { agentMobile: string; used: number }[] }>(
      app,
      ops,
      'GET',
      `/mall/quotas?mobile=${DEMO_ACCOUNTS.child.mobile}`,
    );
    expect(listed.body.data.rows).toEqual([
      expect.objectContaining({ agentMobile: DEMO_ACCOUNTS.child.mobile, used: 2 }),
    ]);

    const cancelled = await call<MallOrder>(buyer, 'POST', '/api/mall/order/cancel', {
      id: claimed.data.id,
    });
    expect(cancelled.data.status).toBe(4);
    expect((await call<MallWallet>(buyer, 'GET', '/api/mall/wallet')).data.freeQuota.left).toBe(3);
    expect(await stock()).toBe(stockBefore);
  });

  it('lets concurrent claims through only as far as the quota goes', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => order(1, 4, 0)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    const wallet = await call<MallWallet>(buyer, 'GET', '/api/mall/wallet');
    expect(wallet.data.freeQuota).toEqual({ granted: 3, used: 3, left: 0 });
  });
});
