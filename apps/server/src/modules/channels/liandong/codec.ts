/**
 * The 联动 (展业 V1.0.1) envelope: how a push is verified and opened, and how the simulator and the
 * tests make one exactly as 联动 does.
 *
 * A push is a JSON object `{appId, serviceType, data, encryptKey, timestamp, responseId, sign}`:
 * - `data`: the notice's JSON, AES/ECB/PKCS5Padding with a random 16-character key, base64;
 * - `encryptKey`: that key, RSA/ECB/PKCS1Padding with the platform's public key, base64;
 * - `sign`: SHA256withRSA (PKCS#1 v1.5) by 联动's private key, base64, over every other field of
 *   the envelope that has a value, as `key=value` sorted by key and joined by `&` (so `data`
 *   and `encryptKey` are covered as they travel).
 * Opening is: verify the signature with 联动's public key, then decrypt the key with the
 * platform's private key, then the data. Any failure refuses the push; nothing is skipped when a
 * key is missing.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  privateDecrypt,
  publicEncrypt,
  randomInt,
  sign as rsaSign,
  verify as rsaVerify,
  type KeyObject,
} from 'node:crypto';
import { privateKeyOf, publicKeyOf } from '../sign';

/** Why a push was refused; the endpoint logs it and answers without the acknowledgement. */
export type LiandongRefusalReason =
  'malformed' | 'missing_key' | 'bad_signature' | 'undecryptable' | 'runtime_unsupported';

export class LiandongRefusal extends Error {
  constructor(
    readonly reason: LiandongRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'LiandongRefusal';
  }
}

/** The envelope's fields other than the encrypted notice. */
export interface LiandongEnvelope {
  appId: string;
  serviceType: string;
  timestamp: string;
  responseId: string;
}

/** What the platform holds to open a push: 联动's public key and its own private key. */
export interface LiandongReceiverKeys {
  acquirerPublicKey: KeyObject | string | null | undefined;
  platformPrivateKey: KeyObject | string | null | undefined;
}

/** What 联动 holds to make a push (the simulator and the tests, with the public demo keys). */
export interface LiandongSenderKeys {
  acquirerPrivateKey: KeyObject | string;
  platformPublicKey: KeyObject | string;
}

const publicKey = publicKeyOf;
const privateKey = privateKeyOf;

// Java's MIME encoders break base64 into lines; the breaks are signed as sent and ignored when decoded.
const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}[\r\n]*$/;

/** The text 联动 signs: every field but `sign` that has a value, `k=v` sorted by key, `&`-joined. */
export function signingText(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(fields).sort()) {
    if (key === 'sign') continue;
    const value = fields[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new LiandongRefusal('malformed', `field ${key} is not a string`);
    parts.push(`${key}=${String(value)}`);
  }
  return parts.join('&');
}

/** Reads the envelope's fields; anything but a flat object of the spec's fields is malformed. */
function envelopeOf(body: unknown): Record<string, string> & { sign: string; data: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new LiandongRefusal('malformed', 'the push is not a JSON object');
  const fields = body as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = String(value);
    else if (value !== null && value !== undefined)
      throw new LiandongRefusal('malformed', `field ${key} is not a string`);
  }
  for (const key of ['sign', 'data', 'encryptKey', 'serviceType'])
    if (!out[key]) throw new LiandongRefusal('malformed', `field ${key} is missing`);
  for (const key of ['sign', 'data', 'encryptKey'])
    if (!BASE64.test(out[key]!)) throw new LiandongRefusal('malformed', `${key} is not base64`);
  return out as Record<string, string> & { sign: string; data: string };
}

/** True when `sign` is 联动's signature of the envelope. */
function signatureHolds(
  fields: Record<string, string>,
  sign: string,
  key: KeyObject | string,
): boolean {
  try {
    return rsaVerify(
      'sha256',
      Buffer.from(signingText(fields), 'utf8'),
      { key: publicKey(key), padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(sign, 'base64'),
    );
  } catch {
    return false;
  }
}

/**
 * A decryption failure of `encryptKey` as a refusal. Node 20 (OpenSSL 3.0) refuses PKCS#1 v1.5
 * private decryption (CVE-2023-46809) unless the protection is turned off, which this code never
 * asks for: there the push is refused as `runtime_unsupported`, and the platform runs on Node 22
 * (decision 023), whose OpenSSL answers with implicit rejection instead.
 */
function decryptRefusal(message: string): LiandongRefusal {
  if (/no longer supported/i.test(message))
    return new LiandongRefusal(
      'runtime_unsupported',
      `this Node.js (${process.version}) refuses RSA PKCS#1 v1.5 decryption, which 联动 uses; run the server on Node.js 22 or later`,
    );
  return new LiandongRefusal('undecryptable', 'encryptKey does not open with the platform key');
}

/** The AES key in `encryptKey`, decrypted with the platform's private key. */
function aesKeyOf(encryptKey: string, key: KeyObject | string): Buffer {
  try {
    return privateDecrypt(
      { key: privateKey(key), padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(encryptKey, 'base64'),
    );
  } catch (e) {
    throw decryptRefusal(e instanceof Error ? e.message : String(e));
  }
}

/** A verified, decrypted push: the envelope and the notice it carried. */
export interface OpenedLiandongPush extends LiandongEnvelope {
  notice: Record<string, unknown>;
}

/** A push read but not yet verified: its fields, as they are signed. */
interface Sealed {
  fields: Record<string, string> & { sign: string; data: string };
  encryptKey: string;
}

function sealedOf(body: unknown, keys: LiandongReceiverKeys): Sealed {
  if (!keys.acquirerPublicKey)
    throw new LiandongRefusal('missing_key', '联动 public key is not configured');
  if (!keys.platformPrivateKey)
    throw new LiandongRefusal('missing_key', 'the platform private key for 联动 is not configured');
  const fields = envelopeOf(body);
  return { fields, encryptKey: fields.encryptKey! };
}

const BAD_SIGNATURE = () =>
  new LiandongRefusal('bad_signature', 'the signature does not verify with 联动 public key');

/** The notice, once the signature held and the AES key was decrypted. */
function openedOf(sealed: Sealed, aesKey: Buffer): OpenedLiandongPush {
  const { fields } = sealed;
  // 联动 sends a 16-character key; with implicit rejection a wrong ciphertext yields random bytes,
  // which the length and the padding of the data then refuse.
  if (aesKey.length !== 16)
    throw new LiandongRefusal('undecryptable', 'encryptKey does not hold a 16-byte AES key');
  let text: string;
  try {
    const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
    text = Buffer.concat([
      decipher.update(Buffer.from(fields.data, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new LiandongRefusal('undecryptable', 'data does not decrypt with the AES key');
  }
  let notice: unknown;
  try {
    notice = JSON.parse(text);
  } catch {
    throw new LiandongRefusal('malformed', 'data is not JSON');
  }
  if (typeof notice !== 'object' || notice === null || Array.isArray(notice))
    throw new LiandongRefusal('malformed', 'data is not a JSON object');
  return {
    appId: fields.appId ?? '',
    serviceType: fields.serviceType!,
    timestamp: fields.timestamp ?? '',
    responseId: fields.responseId ?? '',
    notice: notice as Record<string, unknown>,
  };
}

/** Verifies and opens a push (the parsed JSON body); throws LiandongRefusal when it must not pass. */
export function openLiandongPush(body: unknown, keys: LiandongReceiverKeys): OpenedLiandongPush {
  const sealed = sealedOf(body, keys);
  if (!signatureHolds(sealed.fields, sealed.fields.sign, keys.acquirerPublicKey!))
    throw BAD_SIGNATURE();
  return openedOf(sealed, aesKeyOf(sealed.encryptKey, keys.platformPrivateKey!));
}

/**
 * The RSA half of opening a push, done elsewhere (rsa-worker.mjs in a worker thread): verify the
 * signature of `text` first, and only when it holds decrypt `encryptKey`.
 */
export type LiandongRsa = (task: {
  text: string;
  sign: string;
  encryptKey: string;
  acquirerPublicKey: string;
  platformPrivateKey: string;
}) => Promise<
  | { ok: true; aesKey: Uint8Array }
  | { ok: false; reason: 'bad_signature' | 'undecryptable'; message?: string }
>;

/**
 * openLiandongPush with its RSA work (about 1 ms of CPU per push, nearly all of it the private-key
 * decryption) handed to `rsa`, so the caller's thread is free meanwhile. The same checks in the
 * same order; the keys are PEM text here, as the worker receives them.
 */
export async function openLiandongPushWith(
  body: unknown,
  keys: { acquirerPublicKey: string | undefined; platformPrivateKey: string | undefined },
  rsa: LiandongRsa,
): Promise<OpenedLiandongPush> {
  const sealed = sealedOf(body, keys);
  const done = await rsa({
    text: signingText(sealed.fields),
    sign: sealed.fields.sign,
    encryptKey: sealed.encryptKey,
    acquirerPublicKey: keys.acquirerPublicKey!,
    platformPrivateKey: keys.platformPrivateKey!,
  });
  if (!done.ok)
    throw done.reason === 'bad_signature' ? BAD_SIGNATURE() : decryptRefusal(done.message ?? '');
  return openedOf(
    sealed,
    Buffer.from(done.aesKey.buffer, done.aesKey.byteOffset, done.aesKey.byteLength),
  );
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 random characters, as 联动 draws its AES key. */
function randomAesKey(): string {
  let key = '';
  for (let i = 0; i < 16; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return key;
}

/**
 * Makes a push as 联动 does: encrypts the notice, encrypts its key for the platform, signs the
 * envelope. For the simulator and the tests; the keys are the public demo keys there.
 */
export function makeLiandongPush(
  envelope: Partial<LiandongEnvelope> & { serviceType: string },
  notice: Record<string, unknown>,
  keys: LiandongSenderKeys,
): Record<string, string> {
  const aesKey = randomAesKey();
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(aesKey, 'utf8'), null);
  const data = Buffer.concat([
    cipher.update(JSON.stringify(notice), 'utf8'),
    cipher.final(),
  ]).toString('base64');
  const encryptKey = publicEncrypt(
    { key: publicKey(keys.platformPublicKey), padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(aesKey, 'utf8'),
  ).toString('base64');
  const timestamp = envelope.timestamp ?? String(Date.now());
  const fields: Record<string, string> = {
    appId: envelope.appId ?? '',
    serviceType: envelope.serviceType,
    data,
    encryptKey,
    timestamp,
    responseId: envelope.responseId ?? `${timestamp}${randomAesKey()}`,
  };
  return { ...fields, sign: signLiandongFields(fields, keys.acquirerPrivateKey) };
}

/** 联动's signature of envelope fields (also used by tests to re-sign a tampered push). */
export function signLiandongFields(
  fields: Record<string, unknown>,
  acquirerPrivateKey: KeyObject | string,
): string {
  return rsaSign('sha256', Buffer.from(signingText(fields), 'utf8'), {
    key: privateKey(acquirerPrivateKey),
    padding: constants.RSA_PKCS1_PADDING,
  }).toString('base64');
}
