import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/**
 * A terminal's reward scheme (issue 33): the traffic simulator sends signed card payments for one
 * of the top agent's bound terminals until the activation job activates it, which freezes the
 * demo policy's scheme onto it; more payments then count towards its first stage. The agent opens
 * the terminal's detail and finds each stage with its window, progress from those trades, the
 * reward and its own share, in Chinese and in English, and pulling the page down refreshes it.
 *
 * Assumes baseURL is a running server with the demo data, captcha off and background jobs on.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Stage {
  stage: number;
  target: number;
  progress: number;
  status: string;
  rewardFen: number;
  myShareFen: number;
}
interface Scheme {
  frozen: boolean;
  version: number | null;
  stages: Stage[];
}

function simulate(baseURL: string, sn: string, count: number, prefix: string) {
  const run = spawnSync(
    'npm',
    [
      'run',
      'simulate',
      '-w',
      '@pos/server',
      '--',
      ...['--url', baseURL, '--sn', sn, '--count', String(count), '--rate', '20'],
      ...['--payments-only', '--prefix', prefix, '--quiet', '--seed', '11'],
    ],
    { cwd: REPO, encoding: 'utf8', timeout: 90_000, env: { ...process.env } },
  );
  expect(run.status, run.stderr || run.stdout).toBe(0);
  expect(run.stdout).toContain(', 0 refused, 0 unreachable');
}

const yuan = (fen: number) =>
  (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("an activated terminal's detail shows its reward scheme's stages with progress from its trades", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const token = await loginViaApi(page, DEMO.top.mobile);
  // A bound terminal of the top agent's, from the end of its list (other journeys take the
  // first), bound in the last 20 days so that it is inside its activation window.
  const bound = await api<{ rows: { sn: string; boundAt: string }[] }>(
    page,
    token,
    'GET',
    '/api/term-info/list?bindStatus=1&pageSize=100',
  );
  const recent = bound.data.rows.filter(
    (r) => Date.now() - Date.parse(r.boundAt) < 20 * 86_400_000,
  );
  const sn = recent[recent.length - 1]!.sn;
  const schemeOf = async () =>
    (await api<Scheme>(page, token, 'GET', `/api/term-info/scheme?sn=${sn}`)).data;
  expect((await schemeOf()).frozen).toBe(false);

  // Payments until the activation job (every 30 s) activates it and freezes the scheme.
  simulate(baseURL!, sn, 40, `RS${Date.now() % 1e6}A`);
  await expect
    .poll(async () => (await schemeOf()).frozen, { timeout: 120_000, intervals: [3_000] })
    .toBe(true);
  // Payments after activation count towards the first stage, once settled.
  simulate(baseURL!, sn, 8, `RS${Date.now() % 1e6}B`);
  await expect
    .poll(async () => (await schemeOf()).stages[0]!.progress, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const scheme = await schemeOf();
  expect(scheme.stages.length).toBeGreaterThan(1);

  await page.goto(`/pages/home/terminal/terminalInfo?sn=${sn}`);
  await expect(page.getByText('达标奖励', { exact: true })).toBeVisible();
  await expect(page.getByTestId('scheme-meta')).toContainText(`方案版本 V${scheme.version}`);
  for (const s of scheme.stages) {
    const stage = page.getByTestId(`scheme-stage-${s.stage}`);
    await expect(stage).toContainText(`第${s.stage}阶段`);
    await expect(stage).toContainText('进行中');
    await expect(page.getByTestId(`scheme-progress-${s.stage}`)).toHaveText(
      `交易额 ${yuan(s.progress)} / ${yuan(s.target)} 元`,
    );
    await expect(stage).toContainText(`奖励 ${yuan(s.rewardFen)} 元`);
    await expect(stage).toContainText(`我的 ${yuan(s.myShareFen)} 元`);
  }

  // In English.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByText('Reward scheme', { exact: true })).toBeVisible();
  const first = scheme.stages[0]!;
  await expect(page.getByTestId('scheme-stage-1')).toContainText('Stage 1');
  await expect(page.getByTestId('scheme-stage-1')).toContainText('In progress');
  await expect(page.getByTestId('scheme-progress-1')).toHaveText(
    `Volume ${yuan(first.progress)} / ${yuan(first.target)} yuan`,
  );
  // Pulling the page down asks for the scheme again.
  const asked = page.waitForResponse((r) => r.url().includes('/api/term-info/scheme'));
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: 180, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(200) });
  for (let y = 200; y <= 420; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await asked;
  await expect(page.getByTestId('scheme-stage-1')).toBeVisible();
  await page.screenshot({ path: 'test-results/reward-scheme-en.png', fullPage: true });
});
