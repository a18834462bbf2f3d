import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';

// Letters and digits that cannot be mistaken for one another on a phone screen.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CAPTCHA_TTL_MS = 2 * 60 * 1000;

const hashCode = (uuid: string, code: string) => sha256(`${uuid}:${code.trim().toUpperCase()}`);

export async function createCaptcha(db: Db, now = new Date()) {
  const code = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const uuid = randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({
    uuid,
    codeHash: hashCode(uuid, code),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { uuid, img: Buffer.from(renderCaptchaSvg(code)).toString('base64'), code };
}

/** Each captcha answers once: it is deleted whether the answer was right or not. */
export async function consumeCaptcha(db: Db, uuid: string | undefined, code: string | undefined) {
  if (!uuid || !code) throw badRequest('请输入图形验证码', 'code');
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) throw badRequest('图形验证码已失效，请刷新', 'code');
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.uuid, uuid), gt(captchas.expiresAt, new Date())))
    .returning();
  if (!row) throw badRequest('图形验证码已失效，请刷新', 'code');
  if (row.codeHash !== hashCode(uuid, code)) throw badRequest('图形验证码错误', 'code');
}

/** A small SVG: tilted glyphs over noise lines; enough to slow scripts, easy for people. */
export function renderCaptchaSvg(code: string): string {
  const w = 120;
  const h = 40;
  const colors = ['#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#c2410c'];
  const pick = () => colors[randomInt(colors.length)];
  const lines = Array.from({ length: 5 }, () => {
    const y1 = randomInt(h);
    const y2 = randomInt(h);
    return `<line x1="0" y1="${y1}" x2="${w}" y2="${y2}" stroke="${pick()}" stroke-opacity="0.35" stroke-width="1"/>`;
  }).join('');
  const glyphs = [...code]
    .map((ch, i) => {
      const x = 16 + i * 26;
      const y = 28 + randomInt(-4, 5);
      const rot = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" font-size="26" font-family="monospace" font-weight="bold" fill="${pick()}" transform="rotate(${rot} ${x} ${y})">${ch}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f3f4f6"/>${lines}${glyphs}</svg>`;
}
