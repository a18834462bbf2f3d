// The RSA half of opening a 联动 push, run in a worker thread of the pool in rsa-pool.ts so that
// the event loop goes on with other requests (and their database answers) meanwhile. Plain
// JavaScript with no imports but node:crypto: the same file serves the TypeScript sources and the
// compiled bundle. It does exactly what codec.ts does inline: verify 联动's signature of the
// envelope first, and only then decrypt the AES key with the platform's private key.
import { Buffer } from 'node:buffer';
import { constants, createPrivateKey, createPublicKey, privateDecrypt, verify } from 'node:crypto';

// Parsed keys by PEM text (a few per channel); parsing costs about as much as a verification.
const keys = new Map();
function keyOf(pem, kind) {
  const id = `${kind}\n${pem}`;
  let key = keys.get(id);
  if (!key) {
    key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
    if (keys.size >= 64) keys.clear();
    keys.set(id, key);
  }
  return key;
}

/**
 * task: { text, sign, encryptKey, acquirerPublicKey, platformPrivateKey } (the signed text, the
 * base64 signature and encrypted key, the PEM keys).
 * Answers { ok: true, aesKey } or { ok: false, reason, message }.
 */
function open(task) {
  let signed = false;
  try {
    signed = verify(
      'sha256',
      Buffer.from(task.text, 'utf8'),
      { key: keyOf(task.acquirerPublicKey, 'public'), padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(task.sign, 'base64'),
    );
  } catch {
    signed = false;
  }
  if (!signed) return { ok: false, reason: 'bad_signature' };
  try {
    const aesKey = privateDecrypt(
      { key: keyOf(task.platformPrivateKey, 'private'), padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(task.encryptKey, 'base64'),
    );
    return { ok: true, aesKey: new Uint8Array(aesKey) };
  } catch (e) {
    return {
      ok: false,
      reason: 'undecryptable',
      message: e instanceof Error ? e.message : String(e),
    };
  }
}

/** The pushes that arrived together, opened one after the other; the answers in their order. */
export default function openAll(tasks) {
  return tasks.map(open);
}
