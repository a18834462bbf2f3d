// Draws the native shells' launcher icons and splash screens from the app's own icon
// (apps/web/public/static/icon.svg) in Debian's Chromium, at exactly the size of every image the
// Android and iOS projects hold, so they never show Capacitor's placeholder artwork.
// Usage: npm run native:assets (after npm run native:sync has created the projects).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(root, 'apps/web/public/static/icon.svg'), 'utf8');
const BLUE = '#1677ff';

function pngSize(file) {
  const b = readFileSync(file);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.png') ? [p] : [];
  });
}

/** The page that draws one image: the whole icon, the icon in a circle, the glyph alone, or a splash. */
function page(kind, width, height) {
  const base = `margin:0;width:${width}px;height:${height}px;overflow:hidden;`;
  const icon = (size) =>
    svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `);
  if (kind === 'splash') {
    const size = Math.round(Math.min(width, height) * 0.28);
    return `<body style="${base}background:${BLUE};display:flex;flex-direction:column;align-items:center;justify-content:center;font-family:'Noto Sans CJK SC',sans-serif">
      <div style="border-radius:22%;overflow:hidden;box-shadow:0 0 0 ${Math.round(size * 0.04)}px #fff">${icon(size)}</div>
      <div style="color:#fff;font-size:${Math.round(size * 0.28)}px;margin-top:${Math.round(size * 0.2)}px;letter-spacing:.1em">拓客宝</div></body>`;
  }
  if (kind === 'round') {
    return `<body style="${base}background:transparent"><div style="width:${width}px;height:${height}px;border-radius:50%;overflow:hidden">${icon(width)}</div></body>`;
  }
  if (kind === 'foreground') {
    // Adaptive icons crop to the middle 66%; the glyph sits inside it on the background colour.
    const inner = Math.round(width * 0.62);
    return `<body style="${base}background:transparent;display:flex;align-items:center;justify-content:center">${icon(inner)}</body>`;
  }
  return `<body style="${base}background:transparent">${icon(width)}</body>`;
}

function kindOf(file) {
  const name = path.basename(file);
  if (name.startsWith('splash')) return 'splash';
  if (name === 'ic_launcher_round.png') return 'round';
  if (name === 'ic_launcher_foreground.png') return 'foreground';
  return 'icon';
}

const files = [
  ...walk(path.join(root, 'apps/native/android/app/src/main/res')),
  ...walk(path.join(root, 'apps/native/ios/App/App/Assets.xcassets')),
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const file of files) {
  const { width, height } = pngSize(file);
  const kind = kindOf(file);
  const tab = await browser.newPage({ viewport: { width, height } });
  await tab.setContent(page(kind, width, height));
  await tab.screenshot({ path: file, omitBackground: kind === 'round' || kind === 'foreground' });
  await tab.close();
  console.log(`${path.relative(root, file)} ${width}x${height} ${kind}`);
}
await browser.close();
