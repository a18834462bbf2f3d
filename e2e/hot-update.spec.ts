import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signBundle } from './hot-update-signing';
import { DEMO, loginViaApi } from './support';

/**
 * Hot updates in a browser: a bundle signed on the release machine (here with the demo key, as
 * `npm run app:publish` would) is uploaded by the content operator, verified by the server and
 * made live by a second operator; then the update check offers it, the app verifies it and
 * applies it after the restart. A mandatory update cannot be dismissed, and a bundle changed on
 * its way is refused with 更新失败.
 */
const HOME = '/pages/home/home/index';
const zip = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from(text)]);

async function operatorToken(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/prod-api/admin/auth/login', { data: { username, password } });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(200);
  return body.data.token;
}
const contentToken = (request: APIRequestContext) =>
  operatorToken(request, 'content', 'Content@123');

/** Content uploads the signed bundle; the super admin, a second operator, approves it. */
async function publish(page: Page, body: { version: string; bytes: Buffer; mandatory?: boolean }) {
  const content = await contentToken(page.request);
  const admin = await operatorToken(page.request, 'admin', 'Admin@123');
  const res = await page.request.post('/prod-api/admin/app-versions/bundle', {
    data: {
      platform: 'h5',
      title: '体验优化',
      contents: '1. 收益明细加载更快',
      version: body.version,
      mandatory: body.mandatory ?? false,
      bundleBase64: body.bytes.toString('base64'),
      signature: signBundle(body.bytes, body.version),
    },
    headers: { Authorization: `Bearer ${content}` },
  });
  const json = (await res.json()) as { code: number; msg: string; data: { id: number } };
  expect(json.code, json.msg).toBe(200);
  const approved = await page.request.post('/prod-api/admin/app-versions/bundle/decide', {
    data: { id: json.data.id, approve: true },
    headers: { Authorization: `Bearer ${admin}` },
  });
  const decided = (await approved.json()) as { code: number; msg: string };
  expect(decided.code, decided.msg).toBe(200);
  return json.data.id;
}

const published: number[] = [];
test.afterAll(async ({ request }) => {
  // Later journeys must not meet these updates.
  const token = await contentToken(request);
  for (const id of published) {
    await request.post('/prod-api/admin/app-versions/withdraw', {
      data: { id },
      headers: { Authorization: `Bearer ${token}` },
    });
  }
});

test('a signed hot update is applied after the restart; a mandatory one cannot be put off; a tampered one is refused', async ({
  page,
}) => {
  published.push(await publish(page, { version: '1.2.0', bytes: zip('bundle 1.2.0') }));

  await loginViaApi(page, DEMO.top.mobile);
  await page.goto(HOME);
  const popup = page.locator('.app-update .adm-center-popup-body');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('1.2.0');
  await expect(page.getByTestId('app-update-later')).toBeVisible();
  await page.getByTestId('app-update-now').click();
  await expect(page.getByText('安装成功是否重启？')).toBeVisible();
  await page.screenshot({ path: 'test-results/hot-update-installed.png' });
  await page.getByRole('button', { name: '重启' }).click();
  await page.waitForLoadState('load');

  // After the restart the app runs as 1.2.0 and is not offered it again.
  await page.goto('/page-subpage/setting/aboutUs');
  await expect(page.getByTestId('about-version')).toHaveText('v1.2.0');
  await expect(page.locator('.app-update .adm-center-popup-body')).toHaveCount(0);

  // A mandatory update whose bundle is altered on its way.
  published.push(
    await publish(page, { version: '1.2.1', mandatory: true, bytes: zip('bundle 1.2.1') }),
  );
  await page.route('**/prod-api/app/api/bundle/**', async (route) => {
    const res = await route.fetch();
    const body = Buffer.from(await res.body());
    body[body.length - 1] ^= 1;
    await route.fulfill({ response: res, body });
  });
  await page.goto(HOME);
  await expect(popup).toContainText('1.2.1');
  await expect(popup).toContainText('本次为重要更新，需更新后继续使用');
  await expect(page.getByTestId('app-update-later')).toHaveCount(0);
  await page.mouse.click(10, 10); // the mask does not close it
  await expect(popup).toBeVisible();
  await page.getByTestId('app-update-now').click();
  await expect(page.getByText(/更新失败\s*更新包校验失败/)).toBeVisible();
  await page.screenshot({ path: 'test-results/hot-update-tampered.png' });
  await expect(popup).toBeVisible();
  await page.goto('/page-subpage/setting/aboutUs');
  await expect(page.getByTestId('about-version')).toHaveText('v1.2.0');
});
