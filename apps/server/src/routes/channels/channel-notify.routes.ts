import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { channelsFromEnv } from '../../modules/channels/channel-env';
import { forgetChannels, upsertChannel } from '../../modules/channels/channel-config';
import { pushContextOf, receivePush } from '../../modules/channels/receive-push';
import { brands } from '../../db/schema';
import { select } from '../../db/typed';

/**
 * `POST /api/notify/channel/:code`: one endpoint per acquirer channel (decision 026). No token:
 * the channel's signature is the credential. Bodies are taken as raw bytes whatever their type,
 * because each protocol verifies the exact bytes sent.
 */
export const channelNotifyRoutes: FastifyPluginAsync = async (app) => {
  const ctx = pushContextOf(app);
  await applyChannelEnv(app);
  // This month's and next month's partitions of the pushes (later months: the next start-up).
  await app.db.execute(sql`SELECT channel_pushes_ensure_partitions(
    (now() AT TIME ZONE 'Asia/Shanghai')::date,
    ((now() AT TIME ZONE 'Asia/Shanghai') + interval '1 month')::date)`);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Params: { code: string } }>(
    '/api/notify/channel/:code',
    {
      schema: {
        tags: ['transactions'],
        summary:
          "An acquirer channel's push, in its own protocol (hengxintong, liandong, simulated)",
        description:
          "Verified with the channel's keys (refused when a key is missing or wrong), stored, applied, then acknowledged in the channel's own words. Idempotent by the channel's order number.",
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers))
        headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      const result = await receivePush(ctx, request.params.code, { body, headers }, request.ip);
      if (result.outcome === 'refused')
        request.log.warn(
          { channel: request.params.code, reason: result.reason, ip: request.ip },
          'channel push refused',
        );
      else if (result.outcome === 'flagged')
        request.log.warn(
          { channel: request.params.code, reason: result.reason },
          'channel push flagged',
        );
      return reply
        .code(result.answer.status)
        .type(result.answer.contentType)
        .send(result.answer.body);
    },
  );
};

/** The deployment's CHANNELS / CHANNEL_* variables, written over the stored channels at start-up. */
async function applyChannelEnv(app: FastifyInstance) {
  // The simulated channel speaks the platform's own format: its secret is NOTIFY_SECRET.
  if (app.config.notifySecret) {
    await app.db.execute(sql`
      UPDATE channels SET secret_enc = ${app.cipher.encrypt(app.config.notifySecret)}, updated_at = now()
       WHERE code = 'simulated' AND protocol = 'simulated'`);
    forgetChannels();
  }
  const { channels, problems } = channelsFromEnv(process.env);
  for (const p of problems) app.log.warn(p);
  for (const c of channels) {
    let brandIds: number[] | undefined;
    if (c.brands) {
      const found = await select(
        app.db,
        { id: brands.id, name: brands.name },
        sql`FROM brands WHERE ${brands.name} = ANY(${sql.param(c.brands)}::text[])`,
      );
      for (const b of c.brands)
        if (!found.some((f) => f.name === b))
          app.log.warn(`channel ${c.code}: no brand named ${b}`);
      brandIds = found.map((f) => f.id);
    }
    await upsertChannel(app.db, app.cipher, {
      code: c.code,
      name: c.name,
      protocol: c.protocol,
      ...(c.acquirerPublicKey ? { acquirerPublicKey: c.acquirerPublicKey } : {}),
      ...(c.platformPrivateKey ? { platformPrivateKey: c.platformPrivateKey } : {}),
      ...(c.secret ? { secret: c.secret } : {}),
      ...(c.ipAllow ? { ipAllow: c.ipAllow } : {}),
      ...(brandIds ? { brandIds } : {}),
    });
  }
}
