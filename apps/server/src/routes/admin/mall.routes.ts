import {
  adminFreeQuota,
  adminFreeQuotaQuery,
  saveFreeQuotaRequest,
  adminMallOrder,
  adminMallOrderQuery,
  cancelMallOrderRequest,
  mallRules,
  envelopeOf,
  mallOrderStatusOptions,
  mallProduct,
  ok,
  saveMallProductRequest,
  shipMallOrderRequest,
  mallShippableModel,
  mallShippableQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import { listProducts, saveProduct } from '../../modules/mall/catalog';
import {
  adminOrderList,
  cancelByOperator,
  shipOrder,
  shippableFor,
} from '../../modules/mall/fulfilment';
import { refundPendingPayments } from '../../modules/mall/payments';
import { freeQuotaList, saveFreeQuota } from '../../modules/mall/quotas';
import { readStoredMallRules } from '../../modules/mall/rules';
import { gatewaysOf } from '../../providers/payments/gateway';
import { operatorOf } from '../../plugins/admin-auth';
import { receiveImage } from './content.routes';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The mall from the platform's side: products, orders, shipping and cancelling. */
export const adminMallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mall/products',
    {
      config: { permission: 'mall:view' },
      schema: {
        tags,
        security,
        summary: 'Every product, on sale or not',
        response: { 200: envelopeOf(z.array(mallProduct)) },
      },
    },
    async () => ok(await listProducts(app.db, { all: true })),
  );
  app.post(
    '/mall/products/save',
    {
      config: { permission: 'mall:manage' },
      schema: {
        tags,
        security,
        summary: 'Create or edit a product (price tiers, stock, on sale)',
        body: saveMallProductRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await saveProduct(app.db, operatorOf(request), request.body), '保存成功'),
  );
  app.post(
    '/mall/products/image',
    {
      config: { permission: 'mall:manage' },
      schema: {
        tags,
        security,
        summary:
          'Upload a product\'s picture (multipart field "file"; PNG, JPEG or WebP, at most 2 MB)',
        response: {
          200: envelopeOf(
            z.object({
              id: z.number(),
              url: z.string(),
              sha256: z.string(),
              sizeBytes: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await receiveImage(app.db, request), '上传成功'),
  );
  listRoute(app, '/mall/orders', {
    permission: 'mall:view',
    summary: 'Orders by state (keyset; format=csv)',
    querystring: adminMallOrderQuery,
    row: adminMallOrder,
    list: (q) => adminOrderList(q),
    csv: {
      fileName: 'mall-orders',
      columns: [
        { header: '订单号', value: (r) => r.orderNo },
        {
          header: '状态',
          value: (r) => mallOrderStatusOptions.find((o) => o.value === r.status)?.zh ?? '',
        },
        { header: '代理', value: (r) => r.agentName },
        { header: '商品', value: (r) => r.summary },
        { header: '数量', type: 'number', value: (r) => r.quantity },
        { header: '金额(元)', type: 'fen', value: (r) => r.totalFen },
        { header: '收货地址', value: (r) => r.address },
        { header: '下单时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
  app.get(
    '/mall/orders/shippable',
    {
      config: { permission: 'mall:view' },
      schema: {
        tags,
        security,
        summary:
          "Per model of an order's lines: units bought, the platform's unallocated terminals of it and their first 500 SNs",
        querystring: mallShippableQuery,
        response: { 200: envelopeOf(z.array(mallShippableModel)) },
      },
    },
    async (request) => ok(await shippableFor(app.db, request.query.id)),
  );
  app.post(
    '/mall/orders/ship',
    {
      config: { permission: 'mall:manage' },
      schema: {
        tags,
        security,
        summary:
          "Ship a paid order from the platform's stock by SN list or range, with its courier and waybill number",
        body: shipMallOrderRequest,
        response: {
          200: envelopeOf(z.object({ id: z.number(), operationId: z.number(), count: z.number() })),
        },
      },
    },
    async (request) => ok(await shipOrder(app.db, operatorOf(request), request.body), '已发货'),
  );
  app.post(
    '/mall/orders/cancel',
    {
      config: { permission: 'mall:manage' },
      schema: {
        tags,
        security,
        summary: 'Cancel an order not yet shipped (a paid one is refunded)',
        body: cancelMallOrderRequest,
        response: { 200: envelopeOf(z.object({ id: z.number(), status: z.number() })) },
      },
    },
    async (request) => {
      const done = await cancelByOperator(app.db, operatorOf(request), request.body);
      // A WeChat/Alipay payment goes back through the gateway once the cancellation is committed.
      await refundPendingPayments(app.db, gatewaysOf(app), request.log);
      return ok(done, '已取消');
    },
  );
  app.get(
    '/mall/rules',
    {
      config: { permission: 'mall:view' },
      schema: {
        tags,
        security,
        summary:
          "The mall's rules in force (points per activation, postage); edited as system parameter mall_rules",
        response: {
          200: envelopeOf(z.object({ rules: mallRules, stored: z.boolean() })),
        },
      },
    },
    async () => ok(await readStoredMallRules(app.db)),
  );
  listRoute(app, '/mall/quotas', {
    permission: 'mall:view',
    summary: 'Free-claim quotas by agent (keyset; format=csv)',
    querystring: adminFreeQuotaQuery,
    row: adminFreeQuota,
    list: (q) => freeQuotaList(q),
    csv: {
      fileName: 'mall-quotas',
      columns: [
        { header: '代理', value: (r) => r.agentName },
        { header: '手机号', value: (r) => r.agentMobile },
        { header: '额度(台)', type: 'number', value: (r) => r.granted },
        { header: '已领取(台)', type: 'number', value: (r) => r.used },
        { header: '更新时间(北京时间)', type: 'time', value: (r) => r.updatedAt },
      ],
    },
  });
  app.post(
    '/mall/quotas/save',
    {
      config: { permission: 'mall:manage' },
      schema: {
        tags,
        security,
        summary: "Set an agent's free-claim quota (terminals in total, not below those claimed)",
        body: saveFreeQuotaRequest,
        response: {
          200: envelopeOf(z.object({ agentId: z.number(), granted: z.number(), used: z.number() })),
        },
      },
    },
    async (request) =>
      ok(await saveFreeQuota(app.db, operatorOf(request), request.body), '保存成功'),
  );
};
