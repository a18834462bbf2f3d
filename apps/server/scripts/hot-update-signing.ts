// Signing hot updates: done on the release machine by `npm run app:publish`, never by the server,
// which holds only the public key (HOT_UPDATE_PUBLIC_KEY) and verifies what an operator uploads.
// Nothing under apps/server/src imports this file (test/hot-update.test.ts checks it).
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { hotUpdateMessage, sha256Hex } from '@pos/core';

/**
 * The DEMO signing key, the private half of core's DEMO_HOT_UPDATE_PUBLIC_KEY. It is published
 * with the source, so a production server refuses that public key and apps built for production
 * carry a key of the provider's own.
 */
export const DEMO_HOT_UPDATE_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIIWjDM6vToVn6E1mvMoHgieGgbcaW677GIuW3n641pFi
-----END PRIVATE KEY-----
`;

/** Reads a PEM private key and insists on Ed25519, the only kind the app verifies. */
export function ed25519PrivateKey(pem: string) {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('The hot-update signing key is not a readable PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('The hot-update signing key must be an Ed25519 private key');
  return key;
}

/** The raw public key (base64) of a PEM private key: HOT_UPDATE_PUBLIC_KEY and the app's key. */
export function publicKeyOf(privatePem: string): string {
  const der = createPublicKey(ed25519PrivateKey(privatePem)).export({
    type: 'spki',
    format: 'der',
  });
  return der.subarray(der.length - 32).toString('base64');
}

/** A bundle's checksum and the signature of version and checksum, as the app verifies them. */
export async function signHotUpdate(
  bytes: Uint8Array,
  version: string,
  privatePem: string,
): Promise<{ sha256: string; signature: string }> {
  const sha256 = await sha256Hex(bytes);
  const signature = sign(
    null,
    hotUpdateMessage(version, sha256),
    ed25519PrivateKey(privatePem),
  ).toString('base64');
  return { sha256, signature };
}
