/**
 * The share poster, drawn on a canvas and handed back as a PNG data URL: the operator's poster
 * image (or a drawn background when there is none or it cannot be used), a card with the
 * inviter's name, the QR code of the invitation link and the invitation code.
 */
export interface PosterInput {
  qrDataUrl: string;
  inviterName: string;
  inviteCode: string;
  appName: string;
  backgroundUrl?: string;
  texts: { invites: string; code: string; scan: string; slogan: string };
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const FONT = '-apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`image ${src} did not load`));
    img.src = src;
  });
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function drawBackground(ctx: CanvasRenderingContext2D) {
  const g = ctx.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  g.addColorStop(0, '#0f56d9');
  g.addColorStop(0.55, '#2f7bff');
  g.addColorStop(1, '#69aaff');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  // Soft light circles and a band give the flat gradient some depth.
  ctx.fillStyle = 'rgba(255,255,255,0.09)';
  for (const [x, y, r] of [
    [680, 90, 220],
    [40, 1130, 260],
    [120, 260, 70],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.save();
  ctx.translate(POSTER_WIDTH / 2, 330);
  ctx.rotate(-0.18);
  ctx.fillStyle = 'rgba(255,255,255,0.06)';
  ctx.fillRect(-600, -40, 1200, 80);
  ctx.restore();
}

/** Covers the canvas with the image, cropping the overflow, like CSS background-size: cover. */
function drawCover(ctx: CanvasRenderingContext2D, img: HTMLImageElement) {
  const scale = Math.max(POSTER_WIDTH / img.width, POSTER_HEIGHT / img.height);
  const w = img.width * scale;
  const h = img.height * scale;
  ctx.drawImage(img, (POSTER_WIDTH - w) / 2, (POSTER_HEIGHT - h) / 2, w, h);
  // A veil so the white titles stay readable on any picture.
  const veil = ctx.createLinearGradient(0, 0, 0, 360);
  veil.addColorStop(0, 'rgba(0,30,90,0.45)');
  veil.addColorStop(1, 'rgba(0,30,90,0)');
  ctx.fillStyle = veil;
  ctx.fillRect(0, 0, POSTER_WIDTH, 360);
}

async function compose(input: PosterInput, withImage: boolean): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');

  let background: HTMLImageElement | null = null;
  if (withImage && input.backgroundUrl)
    background = await loadImage(input.backgroundUrl).catch(() => null);
  if (background) drawCover(ctx, background);
  else drawBackground(ctx);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#fff';
  ctx.font = `bold 68px ${FONT}`;
  ctx.fillText(input.appName, POSTER_WIDTH / 2, 150);
  ctx.font = `30px ${FONT}`;
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillText(input.texts.slogan, POSTER_WIDTH / 2, 225);

  // The card.
  const cx = 60;
  const cy = 320;
  const cw = POSTER_WIDTH - 120;
  const ch = 800;
  ctx.save();
  ctx.shadowColor = 'rgba(0, 30, 90, 0.25)';
  ctx.shadowBlur = 40;
  ctx.shadowOffsetY = 16;
  ctx.fillStyle = '#fff';
  roundRect(ctx, cx, cy, cw, ch, 36);
  ctx.fill();
  ctx.restore();

  // Inviter: an initial in a blue disc, then the invitation sentence.
  ctx.fillStyle = '#e8f1ff';
  ctx.beginPath();
  ctx.arc(POSTER_WIDTH / 2, cy + 80, 48, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#1677ff';
  ctx.font = `bold 44px ${FONT}`;
  ctx.fillText(Array.from(input.inviterName)[0] ?? '', POSTER_WIDTH / 2, cy + 82);
  ctx.fillStyle = '#1f2329';
  ctx.font = `bold 36px ${FONT}`;
  ctx.fillText(input.texts.invites, POSTER_WIDTH / 2, cy + 170);

  const qr = await loadImage(input.qrDataUrl);
  const qs = 360;
  const qx = (POSTER_WIDTH - qs) / 2;
  const qy = cy + 215;
  ctx.strokeStyle = '#e5e8ef';
  ctx.lineWidth = 2;
  roundRect(ctx, qx - 16, qy - 16, qs + 32, qs + 32, 20);
  ctx.stroke();
  ctx.drawImage(qr, qx, qy, qs, qs);

  // The code in a pill.
  ctx.font = `bold 32px ${FONT}`;
  const codeText = input.texts.code;
  const pw = ctx.measureText(codeText).width + 64;
  ctx.fillStyle = '#e8f1ff';
  roundRect(ctx, (POSTER_WIDTH - pw) / 2, cy + 630, pw, 64, 32);
  ctx.fill();
  ctx.fillStyle = '#1677ff';
  ctx.fillText(codeText, POSTER_WIDTH / 2, cy + 663);

  ctx.fillStyle = '#86909c';
  ctx.font = `28px ${FONT}`;
  ctx.fillText(input.texts.scan, POSTER_WIDTH / 2, cy + 748);

  // A picture from another site without CORS taints the canvas; then the caller tries without it.
  return canvas.toDataURL('image/png');
}

export async function drawPoster(input: PosterInput): Promise<string> {
  try {
    return await compose(input, true);
  } catch {
    return compose(input, false);
  }
}
