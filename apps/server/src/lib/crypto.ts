import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  scrypt as scryptCb,
  timingSafeEqual,
} from 'node:crypto';

type ScryptOpts = { N: number; r: number; p: number; maxmem: number };
const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOpts) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Slow salted hash, stored as scrypt$N$r$p$salt$hash (base64), so the cost can grow later. */
export async function hashPassword(password: string, cost = 16384): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N: cost, r: 8, p: 1, maxmem: 128 * cost * 8 * 2 });
  return `scrypt$${cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const N = Number(n);
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 128 * N * Number(r) * 2,
  });
  return timingSafeEqual(key, expected);
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** AES-256-GCM for ID and bank card numbers at rest: iv.tag.ciphertext, base64url. */
export function makeCipher(secret: string) {
  const key = createHash('sha256').update(secret).digest();
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return [iv, c.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(text: string): string {
      const [iv, tag, body] = text.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) throw new Error('bad ciphertext');
      const d = createDecipheriv('aes-256-gcm', key, iv);
      d.setAuthTag(tag);
      return Buffer.concat([d.update(body), d.final()]).toString('utf8');
    },
  };
}
export type Cipher = ReturnType<typeof makeCipher>;
