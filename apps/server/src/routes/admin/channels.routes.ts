import { ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decideChannelChange,
  listChannelChanges,
  listChannels,
  listPushes,
  proposeChannelChange,
  replayPush,
} from '../../modules/channels/admin-channels';
import { pushContextOf } from '../../modules/channels/receive-push';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

const proposal = z.object({
  code: z.string({ error: '请填写通道编码' }).trim(),
  name: z.string({ error: '请填写通道名称' }).trim().max(60, '通道名称过长'),
  protocol: z.string({ error: '请选择协议' }),
  enabled: z.boolean().default(true),
  ipAllow: z.array(z.string().trim().max(64)).max(100).default([]),
  brandIds: z.array(z.number().int().positive()).max(100).default([]),
  acquirerPublicKey: z.string().max(10_000).optional(),
  platformPrivateKey: z.string().max(10_000).optional(),
  secret: z.string().max(200).optional(),
});

/** Acquirer channels in the console (decision 026): masked keys, four-eyed changes, replays. */
export const adminChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = pushContextOf(app);
  app.get(
    '/channels',
    {
      config: { permission: 'channel:view' },
      schema: { tags, security, summary: 'Acquirer channels, keys masked, with their brands' },
    },
    async () => ok(await listChannels(app.db, app.cipher)),
  );
  app.get(
    '/channels/changes',
    {
      config: { permission: 'channel:view' },
      schema: { tags, security, summary: 'Proposed channel changes (pending first)' },
    },
    async () => ok(await listChannelChanges(app.db)),
  );
  app.post(
    '/channels/propose',
    {
      config: { permission: 'channel:manage' },
      schema: {
        tags,
        security,
        summary: 'Propose a channel change (applied only when another operator approves)',
        body: proposal,
      },
    },
    async (request) =>
      ok(
        await proposeChannelChange(app.db, app.cipher, operatorOf(request), request.body),
        '已提交复核',
      ),
  );
  app.post(
    '/channels/changes/decide',
    {
      config: { permission: 'channel:manage' },
      schema: {
        tags,
        security,
        summary: "Approve (writes the channel) or reject another operator's channel change",
        body: z.object({
          id: z.number({ error: '变更不存在' }).int(),
          approve: z.boolean({ error: '请选择通过或驳回' }),
          reason: z.string().max(200).optional(),
        }),
      },
    },
    async (request) =>
      ok(await decideChannelChange(app.db, app.cipher, operatorOf(request), request.body)),
  );
  app.get(
    '/channels/pushes',
    {
      config: { permission: 'channel:view' },
      schema: {
        tags,
        security,
        summary: 'Refused and flagged channel pushes, newest first',
        querystring: z.object({
          outcome: z.enum(['refused', 'flagged', 'received']).optional(),
          channel: z.string().max(32).optional(),
          beforeId: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(200).optional(),
        }),
      },
    },
    async (request) => ok(await listPushes(app.db, request.query)),
  );
  app.post(
    '/channels/pushes/replay',
    {
      config: { permission: 'channel:manage' },
      schema: {
        tags,
        security,
        summary: 'Run a stored refused or flagged push through the pipeline again (audited)',
        body: z.object({ id: z.number({ error: '推送不存在' }).int() }),
      },
    },
    async (request) => ok(await replayPush(ctx, operatorOf(request), request.body.id)),
  );
};
