import { envelopeOf, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeAlipay } from '../../providers/payments/alipay/alipay-settings';
import { describeWechatPay } from '../../providers/payments/wechatpay/wechatpay-settings';
import { describeProviders } from '../../provider-settings';
import {
  decideProviderKeyChange,
  listProviderKeyChanges,
  listProviderKeys,
  proposeProviderKeys,
} from '../../modules/system/provider-keys';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * The outside parties this server talks to: each party's selector (simulated, disabled or the
 * real provider) and, for a real one, its account with every key masked. The selectors and the
 * providers' addresses come from the environment only; the keys and accounts may also be set
 * here (decision 041), by one operator's proposal that another, independent one approves, and
 * are read at the server's next start: one console session alone cannot point money elsewhere.
 */
export const adminProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/providers',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary:
          'Outside providers in use (payments, payouts, SMS, real-name, geocoding), keys masked',
        security,
        response: { 200: envelopeOf(z.record(z.string(), z.unknown())) },
      },
    },
    async () =>
      ok({
        ...describeAlipay(app.config),
        wechatPay: describeWechatPay(app.config),
        ...describeProviders(app.config),
      }),
  );

  app.get(
    '/system/providers/keys',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        security,
        summary:
          "Each provider key: the masked value in use, its source, and the console's value for the next start",
      },
    },
    async () => ok(await listProviderKeys(app.db, app.cipher, app.config.providerKeys)),
  );
  app.get(
    '/system/providers/keys/changes',
    {
      config: { permission: 'operator:manage' },
      schema: { tags, security, summary: 'Proposed provider key changes (pending first)' },
    },
    async () => ok(await listProviderKeyChanges(app.db)),
  );
  app.post(
    '/system/providers/keys/propose',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        security,
        summary:
          "Propose a party's keys (stored only when another operator approves; in use from the next start)",
        body: z.object({
          party: z.string({ error: '请选择外部服务' }),
          values: z.record(z.string(), z.string().max(8192, '密钥过长')),
        }),
      },
    },
    async (request) =>
      ok(
        await proposeProviderKeys(app.db, app.cipher, operatorOf(request), request.body),
        '已提交复核',
      ),
  );
  app.post(
    '/system/providers/keys/decide',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        security,
        summary: "Approve (stores the keys) or reject another operator's provider key change",
        body: z.object({
          id: z.number({ error: '变更不存在' }).int(),
          approve: z.boolean({ error: '请选择通过或驳回' }),
          reason: z.string().max(200).optional(),
        }),
      },
    },
    async (request) =>
      ok(await decideProviderKeyChange(app.db, app.cipher, operatorOf(request), request.body)),
  );
};
