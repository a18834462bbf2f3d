import { generateKeyPairSync, randomBytes, randomUUID, verify } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { afterAll } from 'vitest';

/** What the fake took as an APNs notification, once its JWT and headers checked out. */
export interface ApnsReceived {
  token: string;
  headers: {
    topic: string;
    pushType: string;
    priority?: string;
    expiration?: string;
    collapseId?: string;
  };
  payload: {
    aps: { alert: { title: string; body: string }; sound?: string };
    [key: string]: unknown;
  };
}

/** A self-signed certificate for 127.0.0.1, made at test time (RSA key by node:crypto). */
function localCertificate() {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 3_600_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const name = [{ name: 'commonName', value: 'apns-fake (test only)' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(
    forge.pki.privateKeyFromPem(
      pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ),
    forge.md.sha256.create(),
  );
  return {
    cert: forge.pki.certificateToPem(cert),
    key: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

type TokenState = { reason: string; status: number; times: number };

/**
 * Apple's push service on a loopback port, speaking its HTTP/2 provider API over TLS (a
 * certificate it makes for itself, given to the client as the one to trust): token-based auth
 * with a signing key of its own (a fresh P-256 key, the .p8 a developer account hands out) whose
 * ES256 JWT it verifies (kid, iss = team id, iat within the hour), POST /3/device/<token> with
 * apns-topic and apns-push-type: alert and a JSON body with aps.alert. It records each
 * notification and answers 200 with an apns-id, or 410 Unregistered, 400 BadDeviceToken or a
 * failure for the tokens a test marks.
 */
export async function startFakeApns(opts: { topic: string }) {
  const signing = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyId = 'ABC123DEFG';
  const teamId = 'TEAM123456';
  const tls = localCertificate();
  const received: ApnsReceived[] = [];
  const problems: string[] = [];
  const states = new Map<string, TokenState>();
  const attempts = new Map<string, number>();

  const checkJwt = (authorization: string | undefined) => {
    const jwt = /^bearer (.+)$/.exec(authorization ?? '')?.[1];
    if (!jwt) throw new Error('no bearer JWT');
    const [head, claims, signature] = jwt.split('.') as [string, string, string];
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as {
      alg?: string;
      kid?: string;
    };
    if (header.alg !== 'ES256' || header.kid !== keyId) {
      throw new Error(`JWT header ${JSON.stringify(header)}`);
    }
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: signing.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!ok) throw new Error('JWT signature does not verify');
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      iss?: string;
      iat?: number;
    };
    if (body.iss !== teamId) throw new Error(`JWT iss ${body.iss}`);
    const age = Date.now() / 1000 - Number(body.iat);
    if (!(age > -60 && age < 3600)) throw new Error('JWT iat not within the hour');
  };

  const server = http2.createSecureServer({ cert: tls.cert, key: tls.key });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const answer = (status: number, body?: object) => {
        stream.respond({ ':status': status, 'apns-id': randomUUID() });
        stream.end(body ? JSON.stringify(body) : undefined);
      };
      const reason = (status: number, r: string) =>
        answer(status, { reason: r, ...(status === 410 ? { timestamp: Date.now() } : {}) });
      const path = String(headers[':path']);
      const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path)?.[1];
      if (headers[':method'] !== 'POST' || !token) return reason(404, 'BadPath');
      try {
        checkJwt(headers.authorization);
      } catch (error) {
        problems.push(`${token}: ${(error as Error).message}`);
        return reason(403, 'InvalidProviderToken');
      }
      if (headers['apns-topic'] !== opts.topic) return reason(400, 'DeviceTokenNotForTopic');
      if (headers['apns-push-type'] !== 'alert') return reason(400, 'InvalidPushType');
      let payload: ApnsReceived['payload'];
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString()) as ApnsReceived['payload'];
      } catch {
        return reason(400, 'PayloadEmpty');
      }
      if (typeof payload.aps?.alert?.title !== 'string') return reason(400, 'BadPayload');
      attempts.set(token, (attempts.get(token) ?? 0) + 1);
      const state = states.get(token);
      if (state && state.times > 0) {
        state.times--;
        return reason(state.status, state.reason);
      }
      received.push({
        token,
        headers: {
          topic: String(headers['apns-topic']),
          pushType: String(headers['apns-push-type']),
          priority: headers['apns-priority'] as string | undefined,
          expiration: headers['apns-expiration'] as string | undefined,
          collapseId: headers['apns-collapse-id'] as string | undefined,
        },
        payload,
      });
      answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(() => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    return closed;
  });

  return {
    origin: `https://127.0.0.1:${port}`,
    /** The certificate the client is to trust for this host. */
    ca: tls.cert,
    /** The .p8 signing key (test material made now), its key id and the team id. */
    key: signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId,
    teamId,
    received,
    problems,
    attempts,
    /** The app was removed from the phone: 410 Unregistered from now on. */
    unregister(token: string) {
      states.set(token, { status: 410, reason: 'Unregistered', times: Infinity });
    },
    /** 400 BadDeviceToken from now on. */
    badToken(token: string) {
      states.set(token, { status: 400, reason: 'BadDeviceToken', times: Infinity });
    },
    /** The next `times` sends to the token fail with `status`. */
    fail(token: string, times: number, status = 503) {
      states.set(token, {
        status,
        reason: status === 429 ? 'TooManyRequests' : 'ServiceUnavailable',
        times,
      });
    },
  };
}
