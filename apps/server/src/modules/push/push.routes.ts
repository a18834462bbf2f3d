import { envelopeOf, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { callerOf } from '../../plugins/auth';
import { listSubscriptions, subscribe, unsubscribe } from './subscriptions';

const tags = ['push'];
const security = [{ bearer: [] }];

const pushConfig = z.object({
  /** simulated: the built-in push service (nothing reaches a phone); webpush: the real ones. */
  service: z.enum(['simulated', 'webpush', 'disabled']),
  /** The VAPID public key a browser subscribes with (applicationServerKey); null: no web push. */
  vapidPublicKey: z.string().nullable(),
  /** Native devices (the Capacitor shell) can subscribe. */
  native: z.boolean(),
  /** The platforms whose native devices can subscribe (FCM: android, APNs: ios). */
  nativePlatforms: z.array(z.enum(['android', 'ios'])),
});
const subscription = z.object({
  id: z.number(),
  kind: z.enum(['web', 'native']),
  service: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
const lang = z.enum(['zh', 'en']).default('zh');
const subscribeRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('web'),
    endpoint: z.string().min(1).max(1000),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
    lang,
  }),
  z.object({
    kind: z.literal('native'),
    token: z.string().min(1).max(512),
    platform: z.enum(['android', 'ios']),
    lang,
  }),
]);
const unsubscribeRequest = z.object({ endpoint: z.string().min(1).max(1000) });

/** Push notifications of the message centre (消息推送): each device opts in, and out. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => {
    if (!app.push) throw badRequest('消息推送未开通', 'service');
    return app.push;
  };

  app.get(
    '/api/ag/push/config',
    {
      schema: {
        tags,
        summary: 'Whether push is offered, and the VAPID public key browsers subscribe with',
        security,
        response: { 200: envelopeOf(pushConfig) },
      },
    },
    () =>
      ok({
        service: app.config.pushService,
        vapidPublicKey: app.push?.vapid.publicKey ?? null,
        native: Boolean(app.push?.nativePlatforms.length),
        nativePlatforms: app.push?.nativePlatforms ?? [],
      }),
  );
  app.get(
    '/api/ag/push/subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's devices that receive pushes",
        security,
        response: { 200: envelopeOf(z.object({ rows: z.array(subscription) })) },
      },
    },
    async (request) => ok({ rows: await listSubscriptions(app.db, callerOf(request)) }),
  );
  app.post(
    '/api/ag/push/subscribe',
    {
      schema: {
        tags,
        summary: 'Receive pushes on this device (a browser subscription or a native token)',
        security,
        body: subscribeRequest,
        response: { 200: envelopeOf(subscription) },
      },
    },
    async (request) => {
      const push = service();
      return ok(
        await subscribe(app.db, callerOf(request), request.body, {
          allowLocal: app.config.pushLocalEndpoints,
          nativePlatforms: push.nativePlatforms,
        }),
      );
    },
  );
  app.post(
    '/api/ag/push/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop pushes to this device',
        security,
        body: unsubscribeRequest,
        response: { 200: envelopeOf(z.object({ removed: z.boolean() })) },
      },
    },
    async (request) =>
      ok({ removed: await unsubscribe(app.db, callerOf(request), request.body.endpoint) }),
  );
};
