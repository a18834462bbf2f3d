import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the raw body with the shared secret, as lowercase hex. */
export function signAcquirerBody(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Compares in constant time; a missing or malformed signature is simply wrong. */
export function verifyAcquirerSignature(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!secret || !signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = Buffer.from(signAcquirerBody(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
