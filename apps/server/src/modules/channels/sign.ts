import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
} from 'node:crypto';
import { formatDate } from '@pos/core';

/**
 * Helpers shared by the protocols: the `k=v&k=v` signing string, SHA256withRSA (PKCS#1 v1.5,
 * base64), and times in the acquirers' `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai).
 */

/**
 * The fields other than `sign` whose value is not empty, as `k=v` sorted by key (code-unit
 * order) and joined by `&`. Only strings and numbers are signed values; anything else is refused
 * by the caller before this is reached.
 */
export function signingString(fields: Record<string, unknown>, omit = 'sign'): string {
  return Object.keys(fields)
    .filter((k) => k !== omit)
    .filter((k) => {
      const v = fields[k];
      return v !== null && v !== undefined && String(v) !== '';
    })
    .sort()
    .map((k) => `${k}=${String(fields[k])}`)
    .join('&');
}

/**
 * Parsed keys by their PEM text, for every protocol: a channel's keys arrive as PEM on every push,
 * and parsing one costs about as much as verifying with it. A key is the text it was parsed from,
 * so a changed key is simply another entry; the few entries (a handful per channel) are dropped
 * together when they grow past what any configuration holds.
 */
const parsedKeys = new Map<string, KeyObject>();

function keyOf(pem: string, kind: 'public' | 'private'): KeyObject {
  const id = `${kind}\n${pem}`;
  let key = parsedKeys.get(id);
  if (!key) {
    key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
    if (parsedKeys.size >= 64) parsedKeys.clear();
    parsedKeys.set(id, key);
  }
  return key;
}

/** A public key from its PEM text (or a key already parsed), parsed once; throws when it is none. */
export const publicKeyOf = (key: KeyObject | string): KeyObject =>
  typeof key === 'string' ? keyOf(key, 'public') : key;

/** A private key from its PEM text (or a key already parsed), parsed once; throws when it is none. */
export const privateKeyOf = (key: KeyObject | string): KeyObject =>
  typeof key === 'string' ? keyOf(key, 'private') : key;

export function rsaSign(text: string, privateKey: KeyObject | string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKeyOf(privateKey), 'base64');
}

/** False for a wrong signature, an unreadable one, or an unusable key: never throws. */
export function rsaVerify(text: string, signature: string, publicKey: KeyObject | string): boolean {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(text, 'utf8')
      .verify(publicKeyOf(publicKey), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai (no daylight saving: always +08:00); null when not that. */
export function parseShanghaiTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatShanghaiTime(d: Date): string {
  return formatDate(d, 'yyyy-mm-dd hh:MM:ss');
}

/** '0.60' (percent) -> 6000 ppm; null when not a plain non-negative decimal of at most 4 places. */
export function percentToPpm(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const s = String(text).trim();
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

export function ppmToPercent(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A whole number of fen sent as text ('1234'); null otherwise. */
export function fenOf(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const s = String(text).trim();
  if (!/^\d{1,12}$/.test(s)) return null;
  return Number(s);
}
