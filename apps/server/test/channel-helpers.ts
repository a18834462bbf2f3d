import type { FastifyInstance } from 'fastify';
import { upsertChannel, type ChannelInput } from '../src/modules/channels/channel-config';
import type { SimulatorKeys } from '../src/modules/channels/adapter';
import { adapterFor } from '../src/modules/channels/registry';
import '../src/modules/channels/protocols';
import type { UnifiedEvent } from '../src/modules/channels/unified';

/** Configures a channel (as an operator or the deployment would) on the app's database. */
export function configureChannel(app: FastifyInstance, input: ChannelInput) {
  return upsertChannel(app.db, app.cipher, input);
}

/** Posts raw bytes to a channel's endpoint. */
export function postPush(
  app: FastifyInstance,
  code: string,
  body: Buffer | string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: `/prod-api/api/notify/channel/${code}`,
    headers,
    payload: body,
    remoteAddress,
  });
}

/** Sends events as the simulator does: in the protocol's own format, signed with `keys`. */
export function pushEvents(
  app: FastifyInstance,
  code: string,
  protocol: string,
  events: UnifiedEvent[],
  keys: SimulatorKeys,
) {
  const { body, headers } = adapterFor(protocol)!.encode(events, keys);
  return postPush(app, code, body, headers);
}
