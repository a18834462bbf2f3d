import { constants, privateDecrypt, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CHANNEL_KEYS } from '../src/modules/channels/demo-keys';

const dir = path.join(__dirname, 'fixtures/channels/liandong');

/** The public demo keys of the 联动 channel (test material only). */
export const LD_KEYS = {
  acquirerPrivate: DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PRIVATE,
  acquirerPublic: DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PUBLIC,
  platformPrivate: DEMO_CHANNEL_KEYS.LIANDONG_PLATFORM_PRIVATE,
  platformPublic: DEMO_CHANNEL_KEYS.LIANDONG_PLATFORM_PUBLIC,
};

/** A notice built from the spec's field tables (fixtures/channels/liandong/<name>.json). */
export function ldNotice(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * Whether this Node.js decrypts RSA PKCS#1 v1.5 (Node 22 and later do; Node 20 on OpenSSL 3.0
 * refuses, and there every 联动 push must be refused as runtime_unsupported).
 */
export const PKCS1_DECRYPT = (() => {
  try {
    const c = publicEncrypt(
      { key: LD_KEYS.platformPublic, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from('probe'),
    );
    privateDecrypt({ key: LD_KEYS.platformPrivate, padding: constants.RSA_PKCS1_PADDING }, c);
    return true;
  } catch {
    return false;
  }
})();
