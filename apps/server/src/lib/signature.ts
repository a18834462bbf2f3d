import { createHmac, createVerify, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the acquirer's notifications: HMAC-SHA256 of the raw request body with the
 * shared secret (hex), or, when an RSA public key is configured, an RSA-SHA256 signature of the
 * raw body (base64). The raw bytes are what is signed: a body re-serialised from parsed JSON
 * would not match byte for byte.
 */

export function hmacSign(raw: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

export interface SignatureConfig {
  notifySecret: string;
  /** PEM; when set, only RSA-SHA256 signatures are accepted. */
  notifyRsaPublicKey: string;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifyNotifySignature(
  raw: Buffer,
  signature: string | undefined,
  signType: string | undefined,
  config: SignatureConfig,
): SignatureCheck {
  if (!signature) return { ok: false, reason: 'missing signature' };
  const type = (signType ?? '').toUpperCase();
  if (config.notifyRsaPublicKey) {
    if (type !== 'RSA-SHA256' && type !== 'RSA')
      return { ok: false, reason: 'RSA signature required' };
    try {
      const verifier = createVerify('RSA-SHA256');
      verifier.update(raw);
      return verifier.verify(config.notifyRsaPublicKey, Buffer.from(signature, 'base64'))
        ? { ok: true }
        : { ok: false, reason: 'bad RSA signature' };
    } catch {
      return { ok: false, reason: 'unreadable RSA signature' };
    }
  }
  if (type !== '' && type !== 'HMAC-SHA256' && type !== 'HMAC')
    return { ok: false, reason: `unsupported sign type ${type}` };
  if (!config.notifySecret) return { ok: false, reason: 'no notify secret configured' };
  const expected = Buffer.from(hmacSign(raw, config.notifySecret), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad HMAC signature' };
  }
  return { ok: true };
}
