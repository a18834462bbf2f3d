import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { listenFake, type FakeAnswer, type FakeRequest } from './http-fake';

/** What the fake took as an FCM HTTP v1 message, once its bearer token and shape checked out. */
export interface FcmReceived {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android: { priority?: string; ttl?: string; collapse_key?: string };
}

/** How the fake answers a registration token (the test marks it). */
type TokenState =
  | { kind: 'answer'; answer: FakeAnswer }
  | { kind: 'gone' }
  | { kind: 'invalid' }
  | { kind: 'failing'; status: number; times: number };

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

const fcmError = (code: number, status: string, message: string, errorCode: string) => ({
  error: {
    code,
    message,
    status,
    details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
  },
});

const badRequest = (field: string, description: string): FakeAnswer => ({
  status: 400,
  json: {
    error: {
      code: 400,
      message: description,
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.BadRequest',
          fieldViolations: [{ field, description }],
        },
      ],
    },
  },
});

/** RS256 JWT (the service account's assertion): its claims, once the signature verifies. */
function verifyAssertion(jwt: string, key: KeyObject) {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('assertion is not a JWT');
  const [head, claims, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'RS256') throw new Error(`assertion alg ${header.alg}`);
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('assertion signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

/**
 * Firebase Cloud Messaging on a loopback port, speaking its HTTP v1 protocol: a service account
 * of its own (a fresh RSA key; its key file names this fake as token_uri), the OAuth 2.0 token
 * endpoint (JWT bearer grant: the RS256 assertion verified with the account's public key, its
 * iss, scope, aud and times checked) and POST /v1/projects/<id>/messages:send (the bearer one of
 * its access tokens, the message's shape as the API takes it). It records each message and
 * answers `{name}`, or UNREGISTERED (404), INVALID_ARGUMENT (400) or a failure for the tokens a
 * test marks.
 */
export async function startFakeFcm(projectId = 'pos-agent-test') {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push-sender@${projectId}.iam.gserviceaccount.com`;
  const accessTokens = new Set<string>();
  const received: FcmReceived[] = [];
  const problems: string[] = [];
  const tokens = new Map<string, TokenState>();
  const attempts = new Map<string, number>();
  let tokenGrants = 0;
  let sent = 0;

  const grant = (req: FakeRequest): FakeAnswer => {
    const form = new URLSearchParams(req.body.toString());
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    }
    try {
      const claims = verifyAssertion(form.get('assertion') ?? '', pair.publicKey);
      const now = Date.now() / 1000;
      if (claims.iss !== clientEmail) throw new Error(`iss ${String(claims.iss)}`);
      if (claims.aud !== GOOGLE_TOKEN_URL) throw new Error(`aud ${String(claims.aud)}`);
      if (!String(claims.scope).split(' ').includes(SCOPE)) {
        throw new Error(`scope ${String(claims.scope)}`);
      }
      const [iat, exp] = [Number(claims.iat), Number(claims.exp)];
      if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) throw new Error('times');
    } catch (error) {
      problems.push(`token: ${(error as Error).message}`);
      return { status: 400, json: { error: 'invalid_grant', error_description: 'bad JWT' } };
    }
    tokenGrants++;
    const accessToken = `ya29.fake-${randomBytes(16).toString('hex')}`;
    accessTokens.add(accessToken);
    return { json: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  };

  const send = (req: FakeRequest): FakeAnswer => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) {
      problems.push('send: no valid bearer token');
      return {
        status: 401,
        json: { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad credentials' } },
      };
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      return badRequest('', 'not JSON');
    }
    const { message } = JSON.parse(req.body.toString()) as { message?: Record<string, unknown> };
    if (!message) return badRequest('message', 'message is required');
    const targets = ['token', 'topic', 'condition'].filter((t) => message[t] !== undefined);
    if (targets.length !== 1)
      return badRequest('message', 'exactly one of token, topic, condition');
    const token = message.token;
    if (typeof token !== 'string') return badRequest('message.token', 'token must be a string');
    const notification = message.notification as Record<string, unknown> | undefined;
    for (const f of ['title', 'body'] as const) {
      if (notification && typeof notification[f] !== 'string') {
        return badRequest(`message.notification.${f}`, `${f} must be a string`);
      }
    }
    const data = (message.data ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string') {
        return badRequest(
          `message.data[${k}].value`,
          `Invalid value at 'message.data' (TYPE_STRING)`,
        );
      }
    }
    const android = (message.android ?? {}) as FcmReceived['android'];
    if (android.priority !== undefined && !['normal', 'high'].includes(android.priority)) {
      return badRequest('message.android.priority', 'priority must be normal or high');
    }
    if (android.ttl !== undefined && !/^\d+(\.\d{1,9})?s$/.test(android.ttl)) {
      return badRequest('message.android.ttl', 'ttl must be a duration in seconds');
    }
    attempts.set(token, (attempts.get(token) ?? 0) + 1);
    const state = tokens.get(token);
    if (state?.kind === 'answer') return state.answer;
    if (state?.kind === 'gone') {
      return {
        status: 404,
        json: fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
      };
    }
    if (state?.kind === 'invalid') {
      return {
        status: 400,
        json: fcmError(
          400,
          'INVALID_ARGUMENT',
          'The registration token is not a valid FCM registration token',
          'INVALID_ARGUMENT',
        ),
      };
    }
    if (state?.kind === 'failing' && state.times > 0) {
      state.times--;
      return {
        status: state.status,
        headers: { 'retry-after': '0' },
        json: fcmError(state.status, 'UNAVAILABLE', 'The service is unavailable.', 'UNAVAILABLE'),
      };
    }
    received.push({
      token,
      notification: notification as FcmReceived['notification'],
      data: data as Record<string, string>,
      android,
    });
    return { json: { name: `projects/${projectId}/messages/${++sent}` } };
  };

  const { origin } = await listenFake((req) => {
    if (req.method === 'POST' && req.url.pathname === '/token') return grant(req);
    if (req.method === 'POST' && req.url.pathname === `/v1/projects/${projectId}/messages:send`) {
      return send(req);
    }
    return { status: 404, json: { error: { code: 404, status: 'NOT_FOUND' } } };
  });

  return {
    origin,
    received,
    problems,
    attempts,
    get tokenGrants() {
      return tokenGrants;
    },
    /** The service account key file's text, as the Firebase console downloads it. */
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${origin}/token`,
    }),
    /** The app was uninstalled: FCM answers UNREGISTERED. */
    unregister(token: string) {
      tokens.set(token, { kind: 'gone' });
    },
    /** FCM answers INVALID_ARGUMENT about the token. */
    invalidate(token: string) {
      tokens.set(token, { kind: 'invalid' });
    },
    /** FCM's answer to the token as the test words it (an error FCM documents). */
    answer(token: string, status: number, json: unknown) {
      tokens.set(token, { kind: 'answer', answer: { status, json } });
    },
    /** The next `times` sends to the token fail with `status` (503 unless said). */
    fail(token: string, times: number, status = 503) {
      tokens.set(token, { kind: 'failing', status, times });
    },
  };
}
