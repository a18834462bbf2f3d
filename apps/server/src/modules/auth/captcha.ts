import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import { CAPTCHA_GLYPHS } from './captcha-glyphs';

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

type Point = [number, number];
/** A cubic Bézier segment: start, two control points, end. */
type Segment = [Point, Point, Point, Point];
type Contour = Segment[];

const lerp = (a: Point, b: Point, t: number): Point => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** A glyph's M/L/Q/Z outline as closed contours of cubic segments (lines and quadratics raised). */
function parseOutline(d: string): Contour[] {
  const tokens = d.match(/[MLQZ]|-?\d+/g) ?? [];
  const contours: Contour[] = [];
  let contour: Contour = [];
  let start: Point = [0, 0];
  let at: Point = [0, 0];
  const num = (i: number) => Number(tokens[i]);
  for (let i = 0; i < tokens.length;) {
    const cmd = tokens[i++];
    if (cmd === 'M') {
      start = at = [num(i), num(i + 1)];
      i += 2;
    } else if (cmd === 'L') {
      const to: Point = [num(i), num(i + 1)];
      i += 2;
      contour.push([at, lerp(at, to, 1 / 3), lerp(at, to, 2 / 3), to]);
      at = to;
    } else if (cmd === 'Q') {
      const q: Point = [num(i), num(i + 1)];
      const to: Point = [num(i + 2), num(i + 3)];
      i += 4;
      contour.push([at, lerp(at, q, 2 / 3), lerp(to, q, 2 / 3), to]);
      at = to;
    } else if (cmd === 'Z') {
      if (at[0] !== start[0] || at[1] !== start[1])
        contour.push([at, lerp(at, start, 1 / 3), lerp(at, start, 2 / 3), start]);
      contours.push(contour);
      contour = [];
      at = start;
    }
  }
  return contours;
}

const OUTLINES = new Map(
  Object.entries(CAPTCHA_GLYPHS).map(([ch, [advance, d]]) => [
    ch,
    { advance, contours: parseOutline(d) },
  ]),
);

/** A uniform number in [min, max) from the system's cryptographic random source. */
const rand = (min: number, max: number) =>
  min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const chance = (p: number) => randomInt(0, 1_000_000) < p * 1_000_000;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** De Casteljau: the segment cut in two at t. */
function split([p0, p1, p2, p3]: Segment, t: number): [Segment, Segment] {
  const a = lerp(p0, p1, t);
  const b = lerp(p1, p2, t);
  const c = lerp(p2, p3, t);
  const ab = lerp(a, b, t);
  const bc = lerp(b, c, t);
  const mid = lerp(ab, bc, t);
  return [
    [p0, a, ab, mid],
    [mid, bc, c, p3],
  ];
}

/**
 * A contour redrawn so no two draws of one character share their path data: some segments cut
 * in two at a random point (so even the count of segments differs) and the start moved to a
 * random segment.
 */
function reshape(contour: Contour): Contour {
  const cut: Contour = [];
  for (const seg of contour) {
    if (chance(0.4)) cut.push(...split(seg, rand(0.3, 0.7)));
    else cut.push(seg);
  }
  const from = randomInt(0, cut.length);
  return [...cut.slice(from), ...cut.slice(0, from)];
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();
const pathData = (contours: Contour[], map: (p: Point) => Point) =>
  contours
    .map((c) => {
      const head = map(c[0]![0]);
      const body = c
        .map(([, c1, c2, end]) => [map(c1), map(c2), map(end)].flat().map(fmt).join(' '))
        .join('C');
      return `M${fmt(head[0])} ${fmt(head[1])}C${body}Z`;
    })
    .join('');

const rgb = (lo: number, hi: number) =>
  `rgb(${randomInt(lo, hi)},${randomInt(lo, hi)},${randomInt(lo, hi)})`;

/** A closed, lumpy blob of a few segments: a decoy among the glyphs' filled paths. */
function blob(cx: number, cy: number, r: number): Contour {
  const n = randomInt(3, 6);
  const points: Point[] = Array.from({ length: n }, (_, k) => {
    const a = (2 * Math.PI * k) / n + rand(-0.4, 0.4);
    const d = r * rand(0.6, 1.3);
    return [cx + Math.cos(a) * d, cy + Math.sin(a) * d];
  });
  return points.map((p, k) => {
    const q = points[(k + 1) % n]!;
    const bend = (pt: Point): Point => [pt[0] + rand(-r, r) / 2, pt[1] + rand(-r, r) / 2];
    return [p, bend(lerp(p, q, 1 / 3)), bend(lerp(p, q, 2 / 3)), q];
  });
}

/**
 * The captcha image: every character drawn as a filled path from its font outline (never as
 * text), each scaled, rotated and sheared on its own, the whole picture bent by a wave, with the
 * control points jittered, segments cut at random, noise curves over and under the glyphs and
 * decoy blobs, all in a random order. Only the picture says what the code is.
 */
export function renderCaptchaSvg(code: string): string {
  const w = 120;
  const h = 40;
  const waveA = rand(1.2, 2.4);
  const waveL = rand(28, 48);
  const waveP = rand(0, 2 * Math.PI);
  const waveB = rand(0.8, 1.6);
  const waveM = rand(18, 30);
  const waveQ = rand(0, 2 * Math.PI);
  const bend = ([x, y]: Point): Point => [
    x + waveB * Math.sin((2 * Math.PI * y) / waveM + waveQ) + rand(-0.35, 0.35),
    y + waveA * Math.sin((2 * Math.PI * x) / waveL + waveP) + rand(-0.35, 0.35),
  ];

  const parts: string[] = [];
  const chars = [...code];
  const slot = (w - 12) / chars.length;
  chars.forEach((ch, i) => {
    const glyph = OUTLINES.get(ch);
    if (!glyph) throw new Error(`no captcha outline for ${JSON.stringify(ch)}`);
    const size = rand(25, 31);
    const sx = (size / 1000) * rand(0.85, 1.1);
    const sy = (size / 1000) * rand(0.9, 1.12);
    const angle = rand(-0.4, 0.4);
    const shear = rand(-0.3, 0.3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // Glyph units around the centre of its box -> pixels around the centre of its slot.
    const gx = glyph.advance / 2;
    const gy = -365;
    const cx = 6 + slot * (i + 0.5) + rand(-2.5, 2.5);
    const cy = h / 2 + rand(-3, 3);
    const place = ([x, y]: Point): Point => {
      const u = (x - gx) * sx;
      const v = (y - gy) * sy;
      const su = u + shear * v;
      return bend([cx + su * cos - v * sin, cy + su * sin + v * cos]);
    };
    parts.push(
      `<path fill="${rgb(10, 130)}" d="${pathData(glyph.contours.map(reshape), place)}"/>`,
    );
  });

  for (let k = randomInt(2, 4); k > 0; k--) {
    const contour = blob(rand(4, w - 4), rand(4, h - 4), rand(1.5, 3.5));
    parts.push(`<path fill="${rgb(40, 180)}" d="${pathData([contour], bend)}"/>`);
  }
  for (let k = randomInt(4, 7); k > 0; k--) {
    const pts = [
      [rand(0, 15), rand(2, h - 2)],
      [rand(25, 55), rand(-10, h + 10)],
      [rand(65, 95), rand(-10, h + 10)],
      [rand(w - 15, w), rand(2, h - 2)],
    ].map((p) => p.map(fmt).join(' '));
    parts.push(
      `<path fill="none" stroke="${rgb(20, 190)}" stroke-width="${fmt(rand(0.8, 2.2))}" d="M${pts[0]}C${pts.slice(1).join(' ')}"/>`,
    );
  }
  const bg = rgb(225, 250);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="${bg}"/>${shuffle(parts).join('')}</svg>`;
}
