import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { VapidKeys } from './vapid';

/** What a notification shows and opens: the message's title, the start of its body, its page. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app, opened when the notification is tapped. */
  url: string;
  /** Notifications with the same tag replace each other (one per message). */
  tag: string;
}

/** One stored subscription, as the senders need it. */
export interface PushTarget {
  id: number;
  agentId: number;
  kind: 'web' | 'native';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  platform: 'android' | 'ios' | null;
  /** The language the device subscribed in. */
  lang: 'zh' | 'en';
}

/** sent: the push service took it; gone: the subscription no longer exists (delete it). */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  /** Delivers one notification; throws on a failure worth logging (the row stays). */
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/**
 * The provider side of the native shell's push (FCM for Android, APNs for iOS): the device token
 * the Capacitor plugin registered, and the notification (native.ts builds it from PUSH_NATIVE;
 * decision 044).
 */
export interface NativePushProvider {
  send(token: string, platform: 'android' | 'ios', payload: PushPayload): Promise<PushOutcome>;
}

/** How long a push service may keep a notification for a phone that is off: one day. */
const TTL_SECONDS = 24 * 3600;
/** The payload is encrypted into one record; browsers accept about 4 KB. */
const MAX_BODY_CHARS = 120;

export const payloadText = (payload: PushPayload) =>
  JSON.stringify({ ...payload, body: payload.body.slice(0, MAX_BODY_CHARS) });

/**
 * Web Push through the `web-push` package: RFC 8030 POST with a TTL, the payload encrypted to
 * the browser's keys (RFC 8291, aes128gcm), signed with the VAPID keys (RFC 8292). A 404 or
 * 410 from the push service means the browser dropped the subscription. Web targets only: the
 * native ones go to the native provider (push.ts routes them).
 */
export class WebPushSender implements PushSender {
  constructor(private readonly vapid: VapidKeys) {}

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    // The package makes the request (encrypted body, VAPID Authorization, TTL and Urgency
    // headers); it is sent here so redirects are never followed and a stalled service times out.
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh!, auth: target.auth! } },
      payloadText(payload),
      {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    const res = await fetch(request.endpoint, {
      method: request.method,
      // fetch counts the body itself.
      headers: Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      ),
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`push service answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    await res.body?.cancel();
    return 'sent';
  }
}

export interface SimulatedPush {
  at: string;
  agentId: number;
  kind: 'web' | 'native';
  payload: PushPayload;
}

/**
 * The built-in push service (PUSH_SERVICE=simulated, the embedded default): nothing leaves the
 * machine; each web push is written to the server log and kept in memory (the last 100), so a
 * demo runs on one machine. Production refuses it (ops/config-check.ts).
 */
export class SimulatedPushSender implements PushSender {
  readonly sent: SimulatedPush[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const entry = {
      at: new Date().toISOString(),
      agentId: target.agentId,
      kind: target.kind,
      payload,
    };
    this.sent.push(entry);
    if (this.sent.length > 100) this.sent.shift();
    this.log.info({ push: entry }, 'simulated push notification');
    return Promise.resolve('sent');
  }
}

/**
 * Sends each subscription where it belongs: a browser's to the web sender (the push service or
 * the simulator), a native device's to the native provider of its platform.
 */
export class RoutingPushSender implements PushSender {
  constructor(
    private readonly web: PushSender,
    private readonly native: NativePushProvider | null,
  ) {}

  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    if (target.kind === 'web') return this.web.send(target, payload);
    if (!this.native || !target.platform) {
      return Promise.reject(new Error('no native push provider for this device'));
    }
    return this.native.send(target.endpoint, target.platform, payload);
  }
}
