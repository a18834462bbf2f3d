import apn from '@parse/node-apn';
import type { PushOutcome, PushPayload } from './sender';

export const APNS_PRODUCTION_HOST = 'api.push.apple.com';
export const APNS_SANDBOX_HOST = 'api.sandbox.push.apple.com';

export interface ApnsSettings {
  /** The .p8 signing key (PKCS#8 PEM of a P-256 key) from Apple's developer account. */
  key: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id: the apns-topic of every notification. */
  topic: string;
  /** api.push.apple.com; else the sandbox a development build registers with. */
  production: boolean;
  /** Another host than Apple's (https://host[:port]); empty: Apple's. */
  baseUrl: string;
  /** Certificates trusted for that host instead of the system's (only tests set them). */
  ca?: string[];
}

/** The reasons APNs gives for a device token that will never take a notification again. */
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'ExpiredToken']);

/**
 * iOS devices through Apple's push service by `@parse/node-apn`: token-based auth (an ES256 JWT
 * signed with the .p8 key, its key id and team id, renewed before its hour ends) on one HTTP/2
 * connection to api.push.apple.com or the sandbox, one POST /3/device/<token> per notification
 * with apns-topic (the bundle id) and apns-push-type: alert. 410 (Unregistered) and 400
 * BadDeviceToken are 'gone'; the package tries 429 and 5xx again itself (three times), after
 * which the failure is thrown and the subscription kept.
 */
export class ApnsProvider {
  private readonly provider: apn.Provider;

  constructor(private readonly settings: ApnsSettings) {
    const target = settings.baseUrl ? new URL(settings.baseUrl) : null;
    this.provider = new apn.Provider({
      token: { key: settings.key, keyId: settings.keyId, teamId: settings.teamId },
      production: settings.production,
      ...(target
        ? { address: target.hostname.replace(/^\[|\]$/g, ''), port: Number(target.port || 443) }
        : {}),
      ...(settings.ca ? { ca: settings.ca } : {}),
      requestTimeout: 10_000,
    });
  }

  /** The notification: its title and body as the alert, the page to open beside `aps`. */
  notificationOf(payload: PushPayload): apn.Notification {
    const note = new apn.Notification();
    note.topic = this.settings.topic;
    note.pushType = 'alert';
    note.priority = 10;
    note.alert = { title: payload.title, body: payload.body };
    note.sound = 'default';
    // Kept for a phone that is off for a day, like a web push; one per message on screen.
    note.expiry = Math.floor(Date.now() / 1000) + 24 * 3600;
    note.collapseId = payload.tag;
    // Keys beside `aps` reach the app as the notification's data: the shell opens data.url.
    note.payload = { url: payload.url, tag: payload.tag };
    return note;
  }

  async send(token: string, payload: PushPayload): Promise<PushOutcome> {
    const { sent, failed } = await this.provider.send(this.notificationOf(payload), token);
    if (sent.length) return 'sent';
    const failure = failed[0];
    const status = Number(failure?.status);
    const reason = failure?.response?.reason ?? '';
    if (status === 410 || (status === 400 && GONE_REASONS.has(reason))) return 'gone';
    throw new Error(
      `APNs answered ${Number.isFinite(status) ? status : 'nothing'}: ${
        reason || failure?.error?.message || 'no reason'
      }`,
    );
  }

  async close(): Promise<void> {
    await this.provider.shutdown();
  }
}
