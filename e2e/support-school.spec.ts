import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/*
 * Support tickets and the business school on the phone.
 *
 * A ticket round trip: the agent opens a ticket from the mine tab with an image; an operator
 * replies through the console's API; the agent sees the reply and rates it, which closes it.
 * The business school: an operator publishes an article and a poster; the agent reads the
 * article and favourites it, finds it among its favourites, and downloads the poster from the
 * material library. The ticket list is then read in English.
 */

/** A real 2×2 PNG, as a phone's screenshot would be (checked by its bytes and its size). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function operator(page: Page, username: string, password: string) {
  const login = await page.request.post('/prod-api/admin/auth/login', {
    data: { username, password },
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

test('a ticket with an image is answered in the console, read and rated by the agent', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.grandchild.mobile);
  await page.goto('/pages/myInfo/index');
  await page.getByTestId('mine-tickets').click();
  await expect(page).toHaveURL(/\/pages\/ticket\/index$/);
  await page.getByTestId('ticket-new').click();
  await expect(page).toHaveURL(/\/pages\/ticket\/create$/);

  const description = `提现三天未到账，请帮忙查询 ${Date.now()}`;
  await page.getByTestId('ticket-type').getByText('提现问题').click();
  await page.getByTestId('ticket-description').locator('textarea').fill(description);
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/ag/ticket/image'));
  await page
    .getByTestId('ticket-images')
    .locator('input[type=file]')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  expect(((await (await uploaded).json()) as { code: number }).code).toBe(200);
  await page.getByTestId('ticket-submit').click();

  await expect(page).toHaveURL(/\/pages\/ticket\/detail\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('ticket-description-text')).toHaveText(description);
  await expect(page.getByTestId('ticket-status')).toHaveText('待处理');
  await expect(page.getByTestId('ticket-image')).toHaveCount(1);
  await expect(page.getByTestId('ticket-rate')).toHaveCount(0);

  // The operator finds it in the queue, with the agent's image, and replies.
  const ops = await operator(page, 'ops', 'Ops@1234');
  const queue = await api<{ rows: { id: number }[] }>(page, ops, 'GET', '/admin/tickets?status=1');
  expect(queue.data.rows.map((r) => r.id)).toContain(id);
  const detail = await api<{ images: number[] }>(page, ops, 'GET', `/admin/tickets/${id}`);
  const image = await page.request.get(`/prod-api/admin/tickets/images/${detail.data.images[0]}`, {
    headers: { Authorization: `Bearer ${ops}` },
  });
  expect(image.headers()['content-type']).toBe('image/png');
  const replied = await api(page, ops, 'POST', `/admin/tickets/${id}/reply`, {
    body: '已为您加急处理，预计今天内到账。',
  });
  expect(replied.code, replied.msg).toBe(200);

  // The agent pulls the page again: the reply is there, and the answer can be rated.
  await page.reload();
  await expect(page.getByTestId('ticket-status')).toHaveText('已回复');
  await expect(page.getByTestId('ticket-reply')).toContainText('预计今天内到账');
  await page.getByTestId('ticket-star-4').click();
  await page.getByTestId('ticket-rate-submit').click();
  await expect(page.getByTestId('ticket-rated')).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('已关闭');
  await page.screenshot({ path: 'test-results/ticket-detail.png' });

  // Another agent of the same tree never sees it.
  const child = await page.request.post('/prod-api/login/app', {
    data: { username: DEMO.child.mobile, password: DEMO.child.password },
  });
  const childToken = ((await child.json()) as { token: string }).token;
  const peek = await api(page, childToken, 'GET', `/api/ag/ticket/detail?id=${id}`);
  expect(peek.code).toBe(404);

  // The list, in English.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.goto('/pages/ticket/index');
  await expect(page.getByText('Support tickets').first()).toBeVisible();
  await expect(page.getByTestId('ticket-card').first()).toContainText('Closed');
  await expect(page.getByTestId('ticket-card').first()).toContainText('Withdrawals');
});

test('a school article is read and favourited, and a poster is downloaded', async ({ page }) => {
  const content = await operator(page, 'content', 'Content@123');
  const stamp = Date.now();
  const cat = await api<{ id: number }>(page, content, 'POST', '/admin/school/categories/save', {
    section: 'school',
    name: `展业技巧${stamp % 1000}`,
  });
  const posters = await api<{ id: number }>(
    page,
    content,
    'POST',
    '/admin/school/categories/save',
    { section: 'material', name: `节日海报${stamp % 1000}` },
  );
  const title = `一周拓展十个商户 ${stamp}`;
  const article = await api<{ id: number }>(page, content, 'POST', '/admin/school/items/save', {
    categoryId: cat.data.id,
    kind: 'article',
    title,
    summary: '从熟人到商圈',
    body: '第一步：列出身边的店主，逐一拜访。',
  });
  expect(article.code, article.msg).toBe(200);
  const posterTitle = `元旦海报 ${stamp}`;
  const poster = await api<{ id: number }>(page, content, 'POST', '/admin/school/items/save', {
    categoryId: posters.data.id,
    kind: 'poster',
    title: posterTitle,
    images: ['/static/share-poster.svg'],
  });
  expect(poster.code, poster.msg).toBe(200);

  await loginViaApi(page, DEMO.child.mobile);
  await page.goto('/pages/myInfo/index');
  await page.getByTestId('mine-school').click();
  await expect(page).toHaveURL(/\/pages\/school\/index$/);
  await page.getByTestId('school-card').filter({ hasText: title }).click();
  await expect(page.getByTestId('school-detail')).toContainText('逐一拜访');
  await page.getByTestId('school-favourite').click();
  await expect(page.getByTestId('school-favourite')).toContainText('已收藏');
  await page.screenshot({ path: 'test-results/school-detail.png' });

  await page.goto('/pages/school/favorites');
  await expect(page.getByTestId('school-card').filter({ hasText: title })).toBeVisible();

  await page.goto('/pages/school/materials');
  const card = page.getByTestId('material-card').filter({ hasText: posterTitle });
  await expect(card).toBeVisible();
  const recorded = page.waitForResponse((r) => r.url().includes('/api/ag/school/download'));
  const saved = page.waitForEvent('download');
  await card.getByTestId('material-download').click();
  expect(((await (await recorded).json()) as { code: number }).code).toBe(200);
  expect((await saved).suggestedFilename()).toContain('元旦海报');

  const list = await api<{ rows: { id: number; downloads: number; favourites: number }[] }>(
    page,
    content,
    'GET',
    '/admin/school/items',
  );
  expect(list.data.rows.find((r) => r.id === poster.data.id)?.downloads).toBe(1);
  expect(list.data.rows.find((r) => r.id === article.data.id)?.favourites).toBe(1);
});
