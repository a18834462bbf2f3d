import type { MallOrder, MallProduct } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { expireUnpaidOrders, serialNo } from '../src/modules/mall/orders';
import { receiveDueOrders } from '../src/modules/mall/fulfilment';
import {
  agentAccountId,
  agentBalances,
  PLATFORM_ACCOUNTS,
  platformAccountId,
} from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { adminCall, adminLogin } from './admin-helpers';
import { multipart, PNG } from './upload-helpers';
import {
  agentCall,
  bearer,
  createTestContext,
  DEMO_ACCOUNTS,
  loginAs,
  setPayPassword,
} from './helpers';

/**
 * The purchase mall, server side: products and price tiers, addresses and orders scoped to their
 * agent, stock never oversold, payment from the goods balance through the ledger, cancellation
 * and timeout giving stock and money back, and shipping from the platform's stock into the buyer's.
 */
const ctx = await createTestContext({ adminTotp: false, smsOutboxApi: true });
const { app, demo } = ctx;
const db = ctx.database.db;
const PAY = '135790';

let ops: string;
let content: string;
let buyer: string;
let other: string;

const call = <T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, token, method, url, payload);

/** Money into an agent's capital pool (a fixture: the platform's clearing account pays it). */
async function fundPool(agentId: number, fen: number) {
  await postEntry(db, {
    idemKey: `test:fund:${agentId}:${fen}:${Math.random()}`,
    reason: 'test_fixture',
    lines: [
      {
        accountId: await platformAccountId(db, PLATFORM_ACCOUNTS.capitalClearing),
        amountFen: -fen,
        infoType: 'manual_adjustment',
      },
      {
        accountId: await agentAccountId(db, agentId, 'capital_pool'),
        amountFen: fen,
        infoType: 'manual_adjustment',
      },
    ],
  });
}
const pool = async (agentId: number) => (await agentBalances(db, agentId)).capital_pool ?? 0;

let product: MallProduct;
let addressId: number;

beforeAll(async () => {
  [ops, content] = await Promise.all([adminLogin(app, 'operations'), adminLogin(app, 'content')]);
  buyer = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
  other = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  await setPayPassword(app, buyer, DEMO_ACCOUNTS.grandchild.mobile, PAY);
  const [brand] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
  const saved = await adminCall<{ id: number }>(app, ops, 'POST', '/mall/products/save', {
    brandId: Number(brand!.id),
    model: 'E350',
    name: '联迪 E350 电签',
    priceTiers: [
      { minQty: 10, unitPriceFen: 8_900 },
      { minQty: 1, unitPriceFen: 9_900 },
    ],
    stock: 12,
    onSale: true,
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
  product = (await call<MallProduct>(buyer, 'GET', `/api/mall/product?id=${saved.body.data.id}`))
    .data;
  const address = await call<{ id: number }>(buyer, 'POST', '/api/mall/address/save', {
    name: '王小二',
    mobile: '13800000003',
    province: '福建省',
    city: '厦门市',
    district: '思明区',
    detail: '示范路1号',
  });
  expect(address.code, address.msg).toBe(200);
  addressId = address.data.id;
});

const order = (quantity: number, over: object = {}) =>
  call<MallOrder>(buyer, 'POST', '/api/mall/order/create', {
    items: [{ productId: product.id, quantity }],
    addressId,
    shippingWay: 4,
    payType: 4,
    ...over,
  });
const stockNow = async () =>
  Number(
    (
      await rows<{ stock: unknown }>(
        db,
        sql`SELECT stock FROM mall_products WHERE id = ${product.id}`,
      )
    )[0]!.stock,
  );
const setStock = (n: number) =>
  db.execute(sql`UPDATE mall_products SET stock = ${n} WHERE id = ${product.id}`);

describe('products and addresses', () => {
  it('sells a product with its tiers; content staff cannot manage the mall', async () => {
    expect(product).toMatchObject({ brandName: '联迪', model: 'E350', stock: 12, onSale: true });
    expect(product.priceTiers.map((t) => t.minQty)).toEqual([1, 10]);
    const denied = await adminCall(app, content, 'POST', '/mall/products/save', {
      ...product,
      id: product.id,
    });
    expect(denied.status).toBe(403);
    const badModel = await adminCall(app, ops, 'POST', '/mall/products/save', {
      brandId: product.brandId,
      model: 'NOPE',
      name: 'x',
      priceTiers: [{ minQty: 1, unitPriceFen: 1 }],
      stock: 1,
      onSale: true,
    });
    expect(badModel.body).toMatchObject({ code: 400, field: 'model' });
  });

  it('takes a product picture from operations, not from content staff, and shows it to agents', async () => {
    const upload = (token: string) => {
      const body = multipart(PNG);
      return app.inject({
        method: 'POST',
        url: '/prod-api/admin/mall/products/image',
        payload: body.payload,
        headers: { ...bearer(token), ...body.headers },
      });
    };
    expect((await upload(content)).statusCode).toBe(403);
    const up = (await upload(ops)).json() as { code: number; data: { url: string } };
    expect(up.code).toBe(200);
    const saved = await adminCall(app, ops, 'POST', '/mall/products/save', {
      ...product,
      imageUrl: up.data.url,
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const seen = await call<MallProduct>(buyer, 'GET', `/api/mall/product?id=${product.id}`);
    expect(seen.data.imageUrl).toBe(up.data.url);
    const picture = await app.inject({ method: 'GET', url: up.data.url });
    expect(picture.statusCode).toBe(200);
  });

  it("keeps each agent's addresses to itself and validates them by field", async () => {
    expect((await call<unknown[]>(other, 'GET', '/api/mall/addresses')).data).toEqual([]);
    const bad = await call(buyer, 'POST', '/api/mall/address/save', {
      name: '王小二',
      mobile: '12345',
      province: '福建省',
      city: '厦门市',
      district: '思明区',
      detail: '示范路1号',
    });
    expect(bad).toMatchObject({ code: 400, field: 'mobile' });
    const steal = await call(other, 'POST', '/api/mall/order/create', {
      items: [{ productId: product.id, quantity: 1 }],
      addressId,
      shippingWay: 4,
      payType: 4,
    });
    expect(steal).toMatchObject({ code: 400, field: 'addressId' });
  });
});

describe('orders', () => {
  it('prices by tier, reserves stock, pays from the goods balance once, and is not visible to others', async () => {
    await fundPool(demo.grandchild.id, 100_000);
    const before = await stockNow();
    const placed = await order(10);
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data).toMatchObject({
      status: 0,
      goodsFen: 89_000,
      totalFen: 89_000,
      shippingFen: 0,
      discountFen: 0,
    });
    expect(await stockNow()).toBe(before - 10);
    expect((await call(other, 'GET', `/api/mall/order?id=${placed.data.id}`)).code).toBe(404);

    const wrongPwd = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: '000000',
    });
    expect(wrongPwd.code).toBe(400);
    const wechat = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 1,
      payPassword: PAY,
    });
    expect(wechat).toMatchObject({ code: 400, field: 'payType' });
    const poolBefore = await pool(demo.grandchild.id);
    const paid = await call<MallOrder>(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    expect(paid.data).toMatchObject({ status: 1, payType: 4 });
    expect(await pool(demo.grandchild.id)).toBe(poolBefore - 89_000);
    const twice = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    expect(twice.code).toBe(400);
    expect(await pool(demo.grandchild.id)).toBe(poolBefore - 89_000);

    // Cancelled before shipping: the money returns to the capital pool, the stock to the shelf.
    const cancelled = await call<MallOrder>(buyer, 'POST', '/api/mall/order/cancel', {
      id: placed.data.id,
    });
    expect(cancelled.data.status).toBe(5);
    expect(await pool(demo.grandchild.id)).toBe(poolBefore);
    expect(await stockNow()).toBe(before);
  });

  it('refuses more than the stock and a payment larger than the goods balance, changing nothing', async () => {
    await setStock(3);
    const tooMany = await order(4);
    expect(tooMany).toMatchObject({ code: 400, field: 'items.0.quantity' });
    expect(tooMany.msg).toContain('仅剩 3 台');
    expect(await stockNow()).toBe(3);
    const pointsPostage = await order(1, { shippingWay: 2 });
    expect(pointsPostage).toMatchObject({ code: 400, field: 'shippingWay' });
    expect(pointsPostage.msg).toBe('积分抵扣邮费须使用积分支付');

    const balance = await pool(demo.grandchild.id);
    await setStock(500);
    const big = await order(Math.floor(balance / 8_900) + 1);
    const broke = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: big.data.id,
      payType: 4,
      payPassword: PAY,
    });
    expect(broke).toMatchObject({ code: 400, msg: '货款余额不足' });
    expect(await pool(demo.grandchild.id)).toBe(balance);
    await call(buyer, 'POST', '/api/mall/order/cancel', { id: big.data.id });
  });

  it('lets exactly as many concurrent orders through as there are units', async () => {
    await setStock(5);
    const results = await Promise.all(Array.from({ length: 12 }, () => order(1)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(5);
    expect(results.filter((r) => r.code === 400)).toHaveLength(7);
    expect(await stockNow()).toBe(0);
    for (const r of results.filter((x) => x.code === 200))
      await call(buyer, 'POST', '/api/mall/order/cancel', { id: r.data.id });
    expect(await stockNow()).toBe(5);
  });

  it('cancels an unpaid order when its time is up, and its stock returns', async () => {
    await setStock(5);
    const placed = await order(2);
    expect(await stockNow()).toBe(3);
    expect(await expireUnpaidOrders(db, new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await expireUnpaidOrders(db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    const after = await call<MallOrder>(buyer, 'GET', `/api/mall/order?id=${placed.data.id}`);
    expect(after.data).toMatchObject({ status: 4, cancelReason: '超时未支付，自动取消' });
    expect(await stockNow()).toBe(5);
    const late = await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    expect(late.code).toBe(400);
  });
});

describe('shipping', () => {
  it("moves the SNs from the platform's stock into the buyer's, records the allocation, and is received", async () => {
    await setStock(5);
    await fundPool(demo.grandchild.id, 50_000);
    const placed = await order(2);
    await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    const stock = await rows<{ sn: string }>(
      db,
      sql`SELECT t.sn FROM terminals t JOIN brands b ON b.id = t.brand_id
           WHERE t.holder_agent_id IS NULL AND t.bind_status = 0 AND t.deleted_at IS NULL
             AND b.name = '联迪' AND t.model = 'E350' ORDER BY t.sn LIMIT 3`,
    );
    expect(stock.length).toBe(3);
    const waybill = { courier: '顺丰速运', waybillNo: 'SF1234567890' };
    const three = await adminCall(app, ops, 'POST', '/mall/orders/ship', {
      id: placed.data.id,
      sns: stock.map((s) => s.sn),
      ...waybill,
    });
    expect(three.body).toMatchObject({ code: 400, field: 'sns' });
    const [held] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.child.id} AND bind_status = 0 LIMIT 1`,
    );
    const notOurs = await adminCall(app, ops, 'POST', '/mall/orders/ship', {
      id: placed.data.id,
      sns: [stock[0]!.sn, held!.sn],
      ...waybill,
    });
    expect(notOurs.body.msg).toContain(held!.sn);

    const shipped = await adminCall<{ operationId: number; count: number }>(
      app,
      ops,
      'POST',
      '/mall/orders/ship',
      {
        id: placed.data.id,
        sns: stock.slice(0, 2).map((s) => s.sn),
        ...waybill,
      },
    );
    expect(shipped.body).toMatchObject({ code: 200, data: { count: 2 } });
    const mine = await call<{ rows: { sn: string }[] }>(
      buyer,
      'GET',
      `/api/term-info/list?bindStatus=0&sn=${stock[0]!.sn}&holderAgentId=${demo.grandchild.id}`,
    );
    expect(mine.data.rows.map((r) => r.sn)).toContain(stock[0]!.sn);
    const view = await call<MallOrder>(buyer, 'GET', `/api/mall/order?id=${placed.data.id}`);
    expect(view.data.status).toBe(2);
    expect(view.data.shippedSns).toEqual(stock.slice(0, 2).map((s) => s.sn));
    expect(view.data).toMatchObject(waybill);
    const listed = await adminCall<{ rows: { courier: string; waybillNo: string }[] }>(
      app,
      ops,
      'GET',
      `/mall/orders?orderNo=${placed.data.orderNo}`,
    );
    expect(listed.body.data.rows[0]).toMatchObject(waybill);
    expect((await call(buyer, 'POST', '/api/mall/order/cancel', { id: placed.data.id })).code).toBe(
      409,
    );

    const received = await call<MallOrder>(buyer, 'POST', '/api/mall/order/receive', {
      id: placed.data.id,
    });
    expect(received.data.status).toBe(3);
    expect(await receiveDueOrders(db, new Date(Date.now() + 11 * 86_400_000))).toBe(0);
  });
});

describe("stock tied to the platform's unallocated terminals (issue 28 point 8)", () => {
  const platformE350 = async () =>
    Number(
      (
        await rows<{ n: unknown }>(
          db,
          sql`SELECT count(*) AS n FROM terminals t JOIN brands b ON b.id = t.brand_id
               WHERE t.holder_agent_id IS NULL AND t.holder_path = '' AND t.bind_status = 0
                 AND t.deleted_at IS NULL AND t.pending_operation_id IS NULL
                 AND b.name = '联迪' AND t.model = 'E350'`,
        )
      )[0]!.n,
    );
  const openUnits = async () =>
    Number(
      (
        await rows<{ n: unknown }>(
          db,
          sql`SELECT coalesce(sum(i.quantity), 0) AS n FROM mall_order_items i
                JOIN mall_orders o ON o.id = i.order_id WHERE o.status IN (0, 1)`,
        )
      )[0]!.n,
    );
  const adminProduct = async () =>
    (await adminCall<MallProduct[]>(app, ops, 'GET', '/mall/products')).body.data.find(
      (p) => p.id === product.id,
    )!;

  it('refuses a stock above the free platform terminals of the model, naming the field, and changes nothing', async () => {
    await setStock(5);
    const free = (await platformE350()) - (await openUnits());
    expect(free).toBeGreaterThan(0);
    expect(await adminProduct()).toMatchObject({ reserved: 5, platformFree: free, stock: 5 });
    const { id, brandId, model, name, priceTiers } = product;
    const over = await adminCall(app, ops, 'POST', '/mall/products/save', {
      id,
      brandId,
      model,
      name,
      priceTiers,
      onSale: true,
      stock: free + 1,
    });
    expect(over.body).toMatchObject({ code: 400, field: 'stock' });
    expect(over.body.msg).toContain(`${free} 台`);
    expect(await stockNow()).toBe(5);
    const exact = await adminCall(app, ops, 'POST', '/mall/products/save', {
      id,
      brandId,
      model,
      name,
      priceTiers,
      onSale: true,
      stock: free,
    });
    expect(exact.body.code, exact.body.msg).toBe(200);
    expect(await stockNow()).toBe(free);
  });

  it('shows agents and sells never more than the platform holds, even when the reservation is larger', async () => {
    // Allocating platform terminals elsewhere leaves a reservation larger than what is there.
    await setStock(100_000);
    const free = (await platformE350()) - (await openUnits());
    const seen = await call<MallProduct>(buyer, 'GET', `/api/mall/product?id=${product.id}`);
    expect(seen.data.stock).toBe(free);
    const tooMany = await order(free + 1);
    expect(tooMany).toMatchObject({ code: 400, msg: `${product.name} 库存不足，仅剩 ${free} 台` });
    expect(await stockNow()).toBe(100_000);
    const placed = await order(1);
    expect(placed.code, placed.msg).toBe(200);
    const after = await call<MallProduct>(buyer, 'GET', `/api/mall/product?id=${product.id}`);
    expect(after.data.stock).toBe(free - 1);
    await call(buyer, 'POST', '/api/mall/order/cancel', { id: placed.data.id });
    await setStock(5);
  });

  it('lists the platform SNs of the order model to ship from; a ship without a courier or waybill changes nothing', async () => {
    await fundPool(demo.grandchild.id, 50_000);
    const placed = await order(1);
    await call(buyer, 'POST', '/api/mall/order/pay', {
      id: placed.data.id,
      payType: 4,
      payPassword: PAY,
    });
    const shippable = await adminCall<
      { model: string; quantity: number; available: number; sns: string[] }[]
    >(app, ops, 'GET', `/mall/orders/shippable?id=${placed.data.id}`);
    expect(shippable.body.data).toHaveLength(1);
    const [line] = shippable.body.data;
    expect(line).toMatchObject({ model: 'E350', quantity: 1, available: await platformE350() });
    const listedRows = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminals WHERE sn = ANY(string_to_array(${line!.sns.join(',')}, ','))
            AND holder_agent_id IS NULL AND model = 'E350' AND bind_status = 0`,
    );
    expect(Number(listedRows[0]!.n)).toBe(line!.sns.length);
    const noWaybill = await adminCall(app, ops, 'POST', '/mall/orders/ship', {
      id: placed.data.id,
      sns: [line!.sns[0]],
      courier: '顺丰速运',
      waybillNo: '',
    });
    expect(noWaybill.body).toMatchObject({ code: 400, field: 'waybillNo', msg: '请填写运单号' });
    const still = await call<MallOrder>(buyer, 'GET', `/api/mall/order?id=${placed.data.id}`);
    expect(still.data).toMatchObject({ status: 1, courier: null, waybillNo: null });
    const contentDenied = await adminCall(app, content, 'POST', '/mall/orders/ship', {
      id: placed.data.id,
      sns: [line!.sns[0]],
      courier: '顺丰速运',
      waybillNo: 'SF1',
    });
    expect(contentDenied.status).toBe(403);
  });

  it('numbers orders by the China date and time, not UTC', async () => {
    // 2026-11-27 17:41:09 UTC is 2026-11-28 01:41:09 in Asia/Shanghai.
    expect(serialNo('M', new Date('2026-11-27T17:41:09.423Z'))).toMatch(/^M261128014109\d{6}$/);
    const placed = await order(1);
    const cn = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
    expect(placed.data.orderNo.slice(1, 7)).toBe(cn);
    await call(buyer, 'POST', '/api/mall/order/cancel', { id: placed.data.id });
  });
});
