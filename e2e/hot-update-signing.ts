import { createHash, createPrivateKey, sign } from 'node:crypto';

/**
 * What the release machine does with `npm run app:publish`, from the journeys' side: signs a
 * hot update's version and SHA-256 with the DEMO private key (published with the source; the demo
 * server verifies with its public half, and production refuses that key).
 */
const DEMO_HOT_UPDATE_SIGNING_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIIWjDM6vToVn6E1mvMoHgieGgbcaW677GIuW3n641pFi
-----END PRIVATE KEY-----
`;

export function signBundle(bytes: Buffer, version: string): string {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sign(
    null,
    Buffer.from(`pos-hot-update\n${version}\n${sha256}`),
    createPrivateKey(DEMO_HOT_UPDATE_SIGNING_KEY),
  ).toString('base64');
}
