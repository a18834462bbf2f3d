import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8192);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * The operators' console journeys: desktop Chromium at 1280x800 against the real server (built
 * web app and console, demo data, TOTP off), started like the phone journeys' server. The files
 * end in .journey.ts so the phone configuration never picks them up.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.journey.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  // The console's first list load compiles and fetches a lazy antd page: on a busy 2-core
  // machine that can take longer than the phone journeys' 10 s.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: '../../test-results/console',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    cwd: '../..',
    url: `${baseURL}/prod-api/captchaImage`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
