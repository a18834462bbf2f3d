import { JWT } from 'google-auth-library';
import type { PushOutcome, PushPayload } from './sender';

/** Google's OAuth 2.0 token endpoint, where google-auth-library trades the signed JWT. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** The scope FCM HTTP v1 asks of the access token. */
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** The fields of a service account key file (the JSON the Firebase console downloads) FCM needs. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri?: string;
}

/** The service account in a key file's text, or what is wrong with it. */
export function parseServiceAccount(text: string): ServiceAccount | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  if (!json || typeof json !== 'object') return 'is not a JSON object';
  const a = json as Record<string, unknown>;
  if (a.type !== undefined && a.type !== 'service_account') {
    return `is a ${String(a.type)} key, not a service account`;
  }
  for (const field of ['project_id', 'client_email', 'private_key'] as const) {
    if (typeof a[field] !== 'string' || !a[field]) return `has no ${field}`;
  }
  if (!String(a.private_key).includes('PRIVATE KEY')) return 'has a private_key that is not PEM';
  if (a.token_uri !== undefined) {
    try {
      new URL(String(a.token_uri));
    } catch {
      return 'has a token_uri that is not a URL';
    }
  }
  return a as unknown as ServiceAccount;
}

/** How often a notification is tried when FCM answers 429 or 5xx, and how long apart. */
export interface RetryPolicy {
  attempts: number;
  /** The first wait when FCM names none (Retry-After); doubled each time. */
  baseDelayMs: number;
  /** No wait is longer, whatever Retry-After says. */
  maxDelayMs: number;
}

export const FCM_RETRIES: RetryPolicy = { attempts: 3, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** FCM's error body (google.rpc.Status), as far as the answer to a send needs it. */
interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/**
 * Whether FCM's error says the registration token itself no longer works: UNREGISTERED (404,
 * the app was uninstalled or the token expired), or INVALID_ARGUMENT (400) about the token, not
 * about the message (a BadRequest naming another field is our own mistake, and every token would
 * say the same, so nothing is deleted for it).
 */
function tokenGone(status: number, body: FcmErrorBody): boolean {
  const details = body.error?.details ?? [];
  const fcmCode = details.find((d) => d['@type'] === FCM_ERROR_TYPE)?.errorCode;
  if (status === 404 || fcmCode === 'UNREGISTERED') return true;
  if (status !== 400 || fcmCode !== 'INVALID_ARGUMENT') return false;
  const fields = details
    .filter((d) => d['@type'] === BAD_REQUEST_TYPE)
    .flatMap((d) => d.fieldViolations ?? [])
    .map((v) => v.field ?? '');
  if (fields.length) return fields.every((f) => f === 'message.token');
  return /registration token/i.test(body.error?.message ?? '');
}

const retryable = (status: number) => status === 429 || (status >= 500 && status <= 599);

/** The wait a Retry-After header asks for (seconds or an HTTP date), within the policy. */
function waitFor(retryAfter: string | null, attempt: number, policy: RetryPolicy): number {
  let ms = policy.baseDelayMs * 2 ** attempt;
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const asked = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(asked) && asked >= 0) ms = asked;
  }
  return Math.min(ms, policy.maxDelayMs);
}

/**
 * Android devices through Firebase Cloud Messaging's HTTP v1 API. google-auth-library signs the
 * service account's JWT (RS256) and trades it at the key's token endpoint for an OAuth 2.0 access
 * token (kept until it nears its end); each notification is one
 * POST {baseUrl}/v1/projects/{project_id}/messages:send. A token FCM says is unregistered or
 * invalid is 'gone'; 429 and 5xx are tried again (Retry-After, else a doubling wait), then thrown
 * and the subscription kept.
 */
export class FcmProvider {
  private readonly auth: JWT;
  private readonly sendUrl: string;

  constructor(
    account: ServiceAccount,
    baseUrl: string,
    private readonly retries: RetryPolicy = FCM_RETRIES,
  ) {
    this.auth = new JWT({
      email: account.client_email,
      key: account.private_key,
      keyId: account.private_key_id,
      scopes: [FCM_SCOPE],
    });
    // The library always asks Google's endpoint; the key file names where its tokens come from
    // (Google's own keys name that same endpoint), and a test's key names its local stand-in.
    const tokenUri = account.token_uri;
    if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
      this.auth.transporter.interceptors.request.add({
        resolved: (options) => {
          if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
          return Promise.resolve(options);
        },
      });
    }
    this.sendUrl = `${baseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(
      account.project_id,
    )}/messages:send`;
  }

  /** The HTTP v1 message: the notification, the page to open as data, high priority. */
  static messageOf(token: string, payload: PushPayload) {
    return {
      message: {
        token,
        notification: { title: payload.title, body: payload.body },
        // Data values must be strings; the shell opens data.url when the notification is tapped.
        data: { url: payload.url, tag: payload.tag },
        android: {
          priority: 'high',
          ttl: '86400s',
          collapse_key: payload.tag,
          notification: { tag: payload.tag },
        },
      },
    };
  }

  async send(token: string, payload: PushPayload): Promise<PushOutcome> {
    const body = JSON.stringify(FcmProvider.messageOf(token, payload));
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= this.retries.attempts;
      let res: Response;
      try {
        const { token: accessToken } = await this.auth.getAccessToken();
        res = await fetch(this.sendUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json; charset=utf-8',
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        // No answer at all (network, timeout, token endpoint down): as a 503.
        if (last) throw error;
        await new Promise((r) => setTimeout(r, waitFor(null, attempt, this.retries)));
        continue;
      }
      if (res.ok) {
        await res.body?.cancel();
        return 'sent';
      }
      const text = await res.text();
      let parsed: FcmErrorBody = {};
      try {
        parsed = JSON.parse(text) as FcmErrorBody;
      } catch {
        // Not Google's error body (a proxy's page): judged by its status alone.
      }
      if (tokenGone(res.status, parsed)) return 'gone';
      if (!retryable(res.status) || last) {
        throw new Error(`FCM answered ${res.status}: ${text.slice(0, 200)}`);
      }
      await new Promise((r) =>
        setTimeout(r, waitFor(res.headers.get('retry-after'), attempt, this.retries)),
      );
    }
  }
}
