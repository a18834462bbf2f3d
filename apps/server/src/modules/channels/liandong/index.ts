import type { KeyObject } from 'node:crypto';
import type {
  Answer,
  ChannelAdapter,
  ChannelKeys,
  Decoded,
  Outcome,
  RawPush,
  SimulatorKeys,
} from '../adapter';
import { privateKeyOf, publicKeyOf } from '../sign';
import type { UnifiedEvent } from '../unified';
import { LiandongRefusal, makeLiandongPush, openLiandongPushWith } from './codec';
import { mapNotice, UnnamedNotice } from './mapping';
import { liandongRsaOnPool } from './rsa-pool';
import { noticeOf } from './simulate';

/**
 * 联动 展业 V1.0.1 (docs/channels.md has the field mapping tables): an AES-encrypted notice whose
 * key is RSA-encrypted for the platform, signed by 联动 (codec.ts), one notice per push named by
 * its `serviceType` (mapping.ts). The plain text `OK` acknowledges.
 */

const ACK: Answer = { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };
const NACK: Answer = { status: 400, contentType: 'text/plain; charset=utf-8', body: 'FAIL' };

/** The configured key, parsed once (sign.ts keeps parsed keys for every protocol). */
function cachedKey(pem: string | undefined, kind: 'public' | 'private'): KeyObject | undefined {
  if (!pem) return undefined;
  try {
    return kind === 'public' ? publicKeyOf(pem) : privateKeyOf(pem);
  } catch {
    throw new LiandongRefusal('missing_key', `the configured 联动 ${kind} key is not a key`);
  }
}

/**
 * Verifies, decrypts and maps a push. The keys are read here (a configured text that is no key
 * refuses); the signature check and the decryption run on the worker threads of rsa-pool.ts.
 */
async function decode(push: RawPush, keys: ChannelKeys): Promise<Decoded> {
  let body: unknown;
  try {
    body = JSON.parse(push.body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed: the body is not JSON' };
  }
  try {
    cachedKey(keys.acquirerPublicKey, 'public');
    cachedKey(keys.platformPrivateKey, 'private');
    const opened = await openLiandongPushWith(
      body,
      { acquirerPublicKey: keys.acquirerPublicKey, platformPrivateKey: keys.platformPrivateKey },
      liandongRsaOnPool,
    );
    const { orderNo, events } = mapNotice(opened.serviceType, opened.notice, opened.responseId);
    return { ok: true, orderNo, events };
  } catch (e) {
    if (e instanceof LiandongRefusal) return { ok: false, reason: `${e.reason}: ${e.message}` };
    if (e instanceof UnnamedNotice) return { ok: false, reason: `malformed: ${e.message}` };
    throw e;
  }
}

function encode(
  events: UnifiedEvent[],
  keys: SimulatorKeys,
): { body: Buffer; headers: Record<string, string> } {
  if (!keys.acquirerPrivateKey || !keys.platformPublicKey)
    throw new Error('the 联动 simulator needs 联动 private key and the platform public key');
  const { serviceType, notice } = noticeOf(events);
  const push = makeLiandongPush({ serviceType, appId: 'SIMULATOR' }, notice, {
    acquirerPrivateKey: cachedKey(keys.acquirerPrivateKey, 'private')!,
    platformPublicKey: cachedKey(keys.platformPublicKey, 'public')!,
  });
  return {
    body: Buffer.from(JSON.stringify(push), 'utf8'),
    headers: { 'content-type': 'application/json' },
  };
}

export const liandongAdapter: ChannelAdapter = {
  protocol: 'liandong',
  requiredKeys: ['acquirerPublicKey', 'platformPrivateKey'],
  decode,
  answer: (outcome: Outcome) => (outcome === 'refused' ? NACK : ACK),
  encode,
};
