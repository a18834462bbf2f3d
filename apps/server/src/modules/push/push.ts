import type { FastifyInstance } from 'fastify';
import { PUSH_CHANNEL } from '../../db/push-channel';
import { heardMessage, pushesSettled, useDelivery } from './deliver';
import { nativePushFromConfig, type NativePlatform, type NativePush } from './native';
import {
  RoutingPushSender,
  SimulatedPushSender,
  WebPushSender,
  type NativePushProvider,
  type PushSender,
} from './sender';
import { vapidKeys, type VapidKeys } from './vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's push notifications (decision 044); null with PUSH_SERVICE=disabled. */
    push: PushService | null;
  }
}

export interface PushService {
  vapid: VapidKeys;
  sender: PushSender;
  /** The platforms whose native devices can be pushed to (none: native push not offered). */
  nativePlatforms: NativePlatform[];
}

let nativeOverride: NativePushProvider | null = null;

/**
 * Puts a provider of its own in place of the one PUSH_NATIVE names, for both platforms (tests
 * that look at what reaches the provider); null goes back to the configured one.
 */
export function useNativePushProvider(provider: NativePushProvider | null) {
  nativeOverride = provider;
}

/**
 * Sets up push delivery for this process (API and jobs alike, since product events are made by
 * both): the VAPID keys, the web sender PUSH_SERVICE names and the native provider PUSH_NATIVE
 * names, and the listener that pushes each message once its transaction has committed. On close,
 * listening stops, the pushes on their way finish and the providers' connections close.
 */
export async function setUpPush(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.pushService === 'disabled') {
    app.decorate('push', null);
    return;
  }
  const vapid = await vapidKeys(app.db, config, app.cipher);
  const web =
    config.pushService === 'simulated'
      ? new SimulatedPushSender(app.log)
      : new WebPushSender(vapid);
  const native: NativePush | null = nativeOverride
    ? {
        platforms: ['android', 'ios'],
        send: nativeOverride.send.bind(nativeOverride),
        close: () => Promise.resolve(),
      }
    : nativePushFromConfig(config, app.log);
  const sender = new RoutingPushSender(web, native);
  const service: PushService = { vapid, sender, nativePlatforms: native?.platforms ?? [] };
  app.decorate('push', service);
  useDelivery({ db: app.db, sender, log: app.log });
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(PUSH_CHANNEL, heardMessage, (listening) => {
      if (!listening) app.log.warn('push: not listening for new messages; some may go unpushed');
    });
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    await pushesSettled();
    useDelivery(null);
    await native?.close();
  });
}
