import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8190);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * End-to-end journeys in Debian's Chromium on a phone-sized viewport, against the real server
 * (built web app, demo data, captcha off) started on a fresh database by scripts/e2e-server.mjs.
 * Journeys share one server and change its data, so they run one at a time.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    ...devices['iPhone 13'],
    // Chromium stands in for the phone browser; the device preset only sets size and touch.
    browserName: 'chromium',
    defaultBrowserType: 'chromium',
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    cwd: '..',
    url: `${baseURL}/prod-api/captchaImage`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
