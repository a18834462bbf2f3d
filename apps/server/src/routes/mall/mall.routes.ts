import {
  createMallOrderRequest,
  envelopeOf,
  mallAddress,
  mallAddressInput,
  mallOrder,
  mallOrderIdRequest,
  mallOrderListQuery,
  mallProduct,
  mallPointsLine,
  mallPrepay,
  mallPrepayRequest,
  mallProductQuery,
  mallQuote,
  mallQuoteRequest,
  mallWallet,
  ok,
  payMallOrderRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAddress,
  getProduct,
  listAddresses,
  listProducts,
  saveAddress,
} from '../../modules/mall/catalog';
import { confirmReceipt } from '../../modules/mall/fulfilment';
import { cancelOwnOrder } from '../../modules/mall/cancel-own-order';
import { createOrder } from '../../modules/mall/create-order';
import { getOrder } from '../../modules/mall/get-order';
import { listOrders } from '../../modules/mall/list-orders';
import { payOrder } from '../../modules/mall/pay-order';
import { quoteOrder } from '../../modules/mall/quote-order';
import { ownPayment, prepayOrder, refundPendingPayments } from '../../modules/mall/payments';
import { getMallWallet, listPoints } from '../../modules/mall/wallet';
import { gatewaysOf, simulatedGatewayOf } from '../../providers/payments/gateway';
import { callerOf } from '../../plugins/auth';
import { forbidden } from '../../lib/app-error';

const tags = ['mall'];
const security = [{ bearer: [] }];

/**
 * The purchase mall for agents: products on sale, the agent's own addresses and orders (another
 * agent's are simply not found), paying from the goods balance, cancelling, confirming receipt.
 */
export const mallRoutes: FastifyPluginAsyncZod = async (app) => {
  const agentOf = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    if (caller.role !== 'agent') throw forbidden('平台账号不能在商城下单');
    return caller;
  };

  app.get(
    '/api/mall/products',
    {
      schema: {
        tags,
        security,
        summary: 'Products on sale',
        response: { 200: envelopeOf(z.array(mallProduct)) },
      },
    },
    async () => ok(await listProducts(app.db)),
  );
  app.get(
    '/api/mall/product',
    {
      schema: {
        tags,
        security,
        summary: 'A product on sale with its price tiers and stock',
        querystring: mallProductQuery,
        response: { 200: envelopeOf(mallProduct) },
      },
    },
    async (request) => ok(await getProduct(app.db, request.query.id)),
  );
  app.get(
    '/api/mall/addresses',
    {
      schema: {
        tags,
        security,
        summary: "The caller's addresses",
        response: { 200: envelopeOf(z.array(mallAddress)) },
      },
    },
    async (request) => ok(await listAddresses(app.db, agentOf(request))),
  );
  app.post(
    '/api/mall/address/save',
    {
      schema: {
        tags,
        security,
        summary: 'Add or edit an address',
        body: mallAddressInput,
        response: { 200: envelopeOf(mallAddress) },
      },
    },
    async (request) => ok(await saveAddress(app.db, agentOf(request), request.body), '保存成功'),
  );
  app.post(
    '/api/mall/address/delete',
    { schema: { tags, security, summary: 'Delete an address', body: mallOrderIdRequest } },
    async (request) => {
      await deleteAddress(app.db, agentOf(request).agentId, request.body.id);
      return ok(null, '删除成功');
    },
  );
  app.post(
    '/api/mall/order/create',
    {
      schema: {
        tags,
        security,
        summary: 'Place an order: prices by tier, stock reserved until paid or timed out',
        body: createMallOrderRequest,
        response: { 200: envelopeOf(mallOrder) },
      },
    },
    async (request) => {
      const caller = agentOf(request);
      return ok(
        await createOrder(app.db, caller, request.body, {
          timeoutMinutes: app.config.mallOrderTimeoutMinutes,
        }),
        '下单成功',
      );
    },
  );
  app.post(
    '/api/mall/order/pay',
    {
      schema: {
        tags,
        security,
        summary: 'Pay an order from the goods balance (capital pool) with the pay password',
        body: payMallOrderRequest,
        response: { 200: envelopeOf(mallOrder) },
      },
    },
    async (request) => ok(await payOrder(app.db, agentOf(request), request.body), '支付成功'),
  );
  app.post(
    '/api/mall/order/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel an order not yet shipped (a paid one is refunded to where it came from)',
        body: mallOrderIdRequest,
        response: { 200: envelopeOf(mallOrder) },
      },
    },
    async (request) => {
      const order = await cancelOwnOrder(app.db, agentOf(request), request.body.id);
      // A WeChat/Alipay payment goes back through the gateway once the cancellation is committed.
      await refundPendingPayments(app.db, gatewaysOf(app), request.log);
      return ok(order, order.status === 5 ? '已取消，款项原路退回' : '已取消');
    },
  );
  app.post(
    '/api/mall/order/quote',
    {
      schema: {
        tags,
        security,
        summary: 'Price an order before placing it: lines by tier, postage, free claim, total',
        body: mallQuoteRequest,
        response: { 200: envelopeOf(mallQuote) },
      },
    },
    async (request) =>
      ok(await quoteOrder(app.db, agentOf(request), request.body, gatewaysOf(app))),
  );
  app.get(
    '/api/mall/wallet',
    {
      schema: {
        tags,
        security,
        summary: "The caller's goods balance, points, free-claim quota and the mall's rules",
        response: { 200: envelopeOf(mallWallet) },
      },
    },
    async (request) => ok(await getMallWallet(app.db, agentOf(request))),
  );
  app.get(
    '/api/mall/points',
    {
      schema: {
        tags,
        security,
        summary: "The caller's points earned and spent, newest first",
        querystring: mallOrderListQuery.pick({ cursor: true, pageSize: true }),
        response: {
          200: envelopeOf(
            z.object({ rows: z.array(mallPointsLine), nextCursor: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => ok(await listPoints(app.db, agentOf(request), request.query)),
  );
  app.post(
    '/api/mall/order/prepay',
    {
      schema: {
        tags,
        security,
        summary: 'Open a WeChat or Alipay payment of an unpaid order at the payment gateway',
        body: mallPrepayRequest,
        response: { 200: envelopeOf(mallPrepay) },
      },
    },
    async (request) =>
      ok(
        await prepayOrder(
          app.db,
          gatewaysOf(app),
          agentOf(request).agentId,
          request.body,
          request.ip,
        ),
      ),
  );
  app.post(
    '/api/mall/sim-gateway/pay',
    {
      schema: {
        tags,
        security,
        summary:
          "The simulated gateway's cashier: the payer confirms, the gateway sends its signed callback",
        body: z.object({ paymentNo: z.string().min(1).max(40) }),
      },
    },
    async (request) => {
      const gateway = simulatedGatewayOf(app);
      if (!gateway) throw forbidden('模拟收银台未开启');
      const no = await ownPayment(app.db, agentOf(request).agentId, request.body.paymentNo);
      await gateway.pay(no);
      await refundPendingPayments(app.db, gatewaysOf(app), request.log);
      return ok(null, '支付完成');
    },
  );
  app.post(
    '/api/mall/order/receive',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm receipt of a shipped order',
        body: mallOrderIdRequest,
        response: { 200: envelopeOf(mallOrder) },
      },
    },
    async (request) => {
      const buyer = agentOf(request);
      await confirmReceipt(app.db, buyer.agentId, request.body.id);
      return ok(await getOrder(app.db, buyer, request.body.id), '已确认收货');
    },
  );
  app.get(
    '/api/mall/orders',
    {
      schema: {
        tags,
        security,
        summary: "The caller's orders by state, newest first",
        querystring: mallOrderListQuery,
        response: {
          200: envelopeOf(
            z.object({ rows: z.array(mallOrder), nextCursor: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => ok(await listOrders(app.db, agentOf(request), request.query)),
  );
  app.get(
    '/api/mall/order',
    {
      schema: {
        tags,
        security,
        summary: "One of the caller's orders",
        querystring: mallOrderIdRequest,
        response: { 200: envelopeOf(mallOrder) },
      },
    },
    async (request) => ok(await getOrder(app.db, agentOf(request), request.query.id)),
  );
};
