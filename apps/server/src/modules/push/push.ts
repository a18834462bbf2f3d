import type { FastifyInstance } from 'fastify';
import { heardMessage, PUSH_CHANNEL, pushesSettled, useDelivery } from './deliver';
import {
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
  /** Native devices can be pushed to (the simulator, or a registered provider). */
  native: boolean;
}

let nativeProvider: NativePushProvider | null = null;

/**
 * Registers the provider side of the native shell's push (an FCM or APNs adapter), used with
 * PUSH_SERVICE=webpush by the apps built after it; the simulated service needs none.
 */
export function useNativePushProvider(provider: NativePushProvider | null) {
  nativeProvider = provider;
}

/**
 * Sets up push delivery for this process (API and jobs alike, since product events are made by
 * both): the VAPID keys, the sender PUSH_SERVICE names, and the listener that pushes each
 * message once its transaction has committed. On close, listening stops and the pushes on
 * their way finish.
 */
export async function setUpPush(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.pushService === 'disabled') {
    app.decorate('push', null);
    return;
  }
  const vapid = await vapidKeys(app.db, config, app.cipher);
  const simulated = config.pushService === 'simulated';
  const sender = simulated
    ? new SimulatedPushSender(app.log)
    : new WebPushSender(vapid, nativeProvider);
  const service: PushService = { vapid, sender, native: simulated || nativeProvider != null };
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
  });
}
