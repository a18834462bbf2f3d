// Lighthouse's mobile performance score of the agent app's login page, of each of its four tabs
// and of the mall signed in (the demo top agent), against the compiled server on a throwaway
// PostgreSQL database with the demo data, in Debian's Chromium (CHROME_PATH to use another); each
// page's runs and their medians. Also prints what the first screens' JavaScript weighs (npm run
// size:web gives the per-file list).
// Usage: npm run bench:web   (builds first, unless BENCH_WEB_NO_BUILD=1 or WEB_DIST=<a built
// dist> which the server then serves; BENCH_WEB_RUNS=n runs each page n times, default 3;
// BENCH_WEB_PAGES=login,home measures only those of login, home, terminal, data, mine, mall)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { demoToken, startServer, throwawayDatabase } from './bench-support.mjs';
import { describe, firstScreenSize } from './size-web.mjs';

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS || 3);

if (!existsSync(CHROME)) {
  console.error(`Chromium is not at ${CHROME}: apt-get install chromium, or set CHROME_PATH.`);
  process.exit(1);
}
// WEB_DIST=<folder> measures a web build kept elsewhere (the server serves it; nothing is built).
const webDist = process.env.WEB_DIST && path.resolve(process.env.WEB_DIST);
if (!process.env.BENCH_WEB_NO_BUILD && !webDist) {
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const size = firstScreenSize(webDist || undefined);
const db = await throwawayDatabase('bench_web');
const server = await startServer(db.url, { CAPTCHA_ENABLED: 'false' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** Lighthouse's default (mobile, simulated slow 4G and a 4x slower CPU), performance only. */
async function score(url, keepStorage) {
  const result = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    logLevel: 'error',
  });
  const { categories, audits } = result.lhr;
  return {
    score: Math.round(categories.performance.score * 100),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    bytes: audits['total-byte-weight'].numericValue,
  };
}

/** Signs the demo agent in once; before each signed-in run the token is put where the app keeps
 * it and the browser's cache, service worker and caches of the origin are emptied (storage reset
 * is off for those runs, and a warm service worker would serve the measured load). */
let token;
async function prepareSignedIn() {
  token ??= await demoToken(server.base);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: server.base,
    storageTypes: 'service_workers,cache_storage,local_storage',
  });
  // A file of the origin that is not the app, so no service worker is installed by this visit.
  await page.goto(`${server.base}/manifest.webmanifest`);
  // Runs in the page, where localStorage is the app's.
  await page.evaluate((t) => {
    globalThis.localStorage.setItem('token', JSON.stringify(t));
    globalThis.localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, token);
  await page.close();
  await browser.close().catch(() => {});
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
async function measure(name, path, signedIn) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    if (signedIn) await prepareSignedIn();
    runs.push(await score(`${server.base}${path}`, signedIn));
  }
  const m = (k) => median(runs.map((r) => r[k]));
  console.log(
    `${name.padEnd(26)} score ${runs.map((r) => r.score).join('/')} (median ${m('score')})  ` +
      `FCP ${(m('fcp') / 1000).toFixed(2)} s  LCP ${(m('lcp') / 1000).toFixed(2)} s  ` +
      `TBT ${Math.round(m('tbt'))} ms  transferred ${(m('bytes') / 1024).toFixed(0)} KiB`,
  );
}

/** The pages measured: BENCH_WEB_PAGES=login,home,... picks some (default all). */
const PAGES = [
  ['login', 'login page', '/pages/login/index', false],
  ['home', 'home tab (signed in)', '/pages/home/home/index', true],
  ['terminal', 'terminal tab (signed in)', '/pages/terminal/index', true],
  ['data', 'data tab (signed in)', '/pages/data/index', true],
  ['mine', 'mine tab (signed in)', '/pages/myInfo/index', true],
  ['mall', 'mall (signed in)', '/pages/mall/index', true],
];
const chosen = process.env.BENCH_WEB_PAGES?.split(',');

try {
  console.log(describe(size));
  console.log(
    `${RUNS} runs a page; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [key, name, path, signedIn] of PAGES) {
    if (!chosen || chosen.includes(key)) await measure(name, path, signedIn);
  }
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await chrome.kill();
  await server.stop();
  await db.drop();
}
