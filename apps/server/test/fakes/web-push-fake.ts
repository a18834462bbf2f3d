import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { listenFake, type FakeRequest } from './http-fake';

/**
 * A browser's side of a push subscription: its own P-256 key pair and 16-byte auth secret (RFC
 * 8291), and the endpoint its push service gave it.
 */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
}

export interface ReceivedPush {
  /** The subscription's name: the last segment of its endpoint. */
  name: string;
  ttl: string | undefined;
  encoding: string | undefined;
  /** The VAPID JWT's claims, once its ES256 signature verified with the k= public key. */
  jwt: { aud: string; exp: number; sub: string };
  /** The k= public key the JWT was checked with. */
  vapidKey: string;
  /** The body decrypted with the subscription's private key and auth secret. */
  payload: { title: string; body: string; url: string; tag: string };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: one aes128gcm record decrypted with the browser's keys. */
function decrypt(browser: FakeBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 public key`);
  const uaPublic = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(asPublic);
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const prkKey = hmac(browser.authSecret, shared);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any padding of zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<jwt>,k=<public key>`, the JWT ES256-signed by the key's private half. */
function verifyVapid(header: string | undefined) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [jwt, k] = [m[1]!, m[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID JWT signature does not verify');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header0.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header0.alg}`);
  return {
    jwt: JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'],
    vapidKey: k,
  };
}

/**
 * A push service on a loopback port speaking the Web Push protocol: it accepts RFC 8030 POSTs to
 * /push/<name>, checks the TTL header and the VAPID signature, decrypts the body with the
 * subscription's private key, and records what arrived. `answer` sets a name's status (410 for a
 * subscription the browser dropped); `hold` keeps answers back until `release`.
 */
export async function startFakePushService() {
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const statuses = new Map<string, number>();
  let held: (() => void)[] | null = null;

  const handle = async (req: FakeRequest) => {
    const name = req.url.pathname.split('/').pop() ?? '';
    const browser = browsers.get(name);
    if (req.method !== 'POST' || !browser) return { status: 404, json: { error: 'no such' } };
    try {
      const { jwt, vapidKey } = verifyVapid(req.headers.authorization);
      const text = decrypt(browser, req.body);
      received.push({
        name,
        ttl: req.headers.ttl as string | undefined,
        encoding: req.headers['content-encoding'],
        jwt,
        vapidKey,
        payload: JSON.parse(text) as ReceivedPush['payload'],
      });
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
      return { status: 400, json: { error: (error as Error).message } };
    }
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    const status = statuses.get(name) ?? 201;
    return { status, json: {} };
  };
  const { origin } = await listenFake(handle);

  return {
    origin,
    received,
    problems,
    /** A new browser subscription with its own keys, at /push/<name>. */
    browser(name: string): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const b = {
        endpoint: `${origin}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
      };
      browsers.set(name, b);
      return b;
    },
    answer(name: string, status: number) {
      statuses.set(name, status);
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
  };
}
