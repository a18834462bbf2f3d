import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, loginViaApi } from './support';

/**
 * The built-in location pages: the licence address of a merchant is chosen by searching the
 * server's geocoder, by the phone's position, or typed by hand, and comes back into the field
 * with the rest of the form as it was; a merchant's address opens in a maps link.
 */

const PARK = '厦门软件园二期';
const PARK_LINE = '福建省厦门市思明区观日路厦门软件园二期';

/** One of the top agent's own merchants (only the signing agent edits a licence). */
async function ownMerchant(page: Page, token: string) {
  const list = await api<{ rows: { id: number; own: boolean; name: string }[] }>(
    page,
    token,
    'GET',
    '/api/merchant/list?pageSize=50',
  );
  const merchant = list.data.rows.find((r) => r.own);
  expect(merchant, 'the top agent signed up merchants of its own').toBeTruthy();
  return merchant!;
}

/** Opens the licence page, types a name, and goes to choose the address. */
async function openChooser(page: Page, merchantId: number, licenceName: string) {
  await page.goto(`/pages/home/merchantSupplement/changeInfo?id=${merchantId}`);
  const name = page.getByTestId('licence-name').locator('input');
  await expect(name).toBeVisible();
  await name.fill(licenceName);
  await page.getByTestId('licence-address-choose').click();
  await expect(page).toHaveURL(/\/pages\/location\/choose\?/);
}

/** Back on the licence page: the field holds the chosen address, the typed name survived. */
async function expectFilled(page: Page, merchantId: number, address: string, licenceName: string) {
  await expect(page).toHaveURL(
    new RegExp(`/pages/home/merchantSupplement/changeInfo\\?id=${merchantId}$`),
  );
  await expect(page.getByTestId('licence-address').locator('input')).toHaveValue(address);
  await expect(page.getByTestId('licence-name').locator('input')).toHaveValue(licenceName);
}

test('a licence address chosen by search fills the field, keeping what was typed', async ({
  page,
}) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  const merchant = await ownMerchant(page, token);
  await openChooser(page, merchant.id, '鑫便利店（选址）');

  await page.getByTestId('location-search').locator('input').fill('软件园');
  const result = page.getByTestId('location-result').filter({ hasText: PARK });
  await expect(result).toBeVisible();
  await expect(page.getByText('内置离线地名库')).toBeVisible();
  await expect(page.getByTestId('location-confirm')).toBeDisabled();
  await result.click();
  await expect(page.getByTestId('location-chosen')).toContainText(PARK_LINE);
  await page.screenshot({ path: 'test-results/location-choose.png', fullPage: true });
  await page.getByTestId('location-confirm').click();

  await expectFilled(page, merchant.id, PARK_LINE, '鑫便利店（选址）');

  // A keyword the gazetteer does not know says so and points to typing the address.
  await page.getByTestId('licence-address-choose').click();
  await page.getByTestId('location-search').locator('input').fill('不存在的地方');
  await expect(page.getByTestId('location-empty')).toBeVisible();
});

test('an address typed by hand in the chooser fills the field', async ({ page }) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  const merchant = await ownMerchant(page, token);
  await openChooser(page, merchant.id, '福顺餐饮店');
  // The chooser starts from what the field held.
  const manual = page.getByTestId('location-manual').getByRole('textbox');
  await expect(manual).not.toHaveValue('');
  await manual.fill('福建省厦门市湖里区示范路8号');
  await page.getByTestId('location-manual-use').click();
  await expectFilled(page, merchant.id, '福建省厦门市湖里区示范路8号', '福顺餐饮店');
});

test.describe('with the phone at the software park', () => {
  test.use({
    geolocation: { latitude: 24.4907, longitude: 118.1797 },
    permissions: ['geolocation'],
  });

  test('the current position is named by the server and fills the field', async ({ page }) => {
    const token = await loginViaApi(page, DEMO.top.mobile);
    const merchant = await ownMerchant(page, token);
    await openChooser(page, merchant.id, '盛超市');
    const device = page.getByTestId('location-device');
    await device.click();
    await expect(device).toContainText(PARK_LINE);
    await expect(page.getByTestId('location-chosen')).toContainText(PARK_LINE);
    await page.getByTestId('location-confirm').click();
    await expectFilled(page, merchant.id, PARK_LINE, '盛超市');
  });
});

test("a merchant's address opens in a maps link", async ({ page }) => {
  const token = await loginViaApi(page, DEMO.top.mobile);
  const merchant = await ownMerchant(page, token);
  const detail = await api<{ address: string }>(
    page,
    token,
    'GET',
    `/api/merchant/info?id=${merchant.id}`,
  );

  await page.goto(`/pages/home/home/detailInfo?id=${merchant.id}`);
  await page.getByTestId('merchant-address').click();
  await expect(page).toHaveURL(/\/pages\/location\/open\?/);
  await expect(page.getByTestId('location-shown')).toContainText(merchant.name);
  await expect(page.getByTestId('location-address')).toContainText(detail.data.address);
  // Without coordinates the browser's link searches the address on Amap.
  const byAddress = new URL((await page.getByTestId('open-maps-link').getAttribute('href'))!);
  expect(byAddress.origin + byAddress.pathname).toBe('https://uri.amap.com/search');
  expect(byAddress.searchParams.get('keyword')).toBe(detail.data.address);

  // With coordinates it marks the point, longitude first, as WGS-84.
  const q = new URLSearchParams({
    name: PARK,
    address: PARK_LINE,
    lat: '24.4906',
    lng: '118.1795',
  });
  await page.goto(`/pages/location/open?${q.toString()}`);
  await expect(page.getByTestId('location-coordinates')).toContainText('24.490600, 118.179500');
  const link = page.getByTestId('open-maps-link');
  await expect(link).toHaveAttribute('target', '_blank');
  const byPoint = new URL((await link.getAttribute('href'))!);
  expect(byPoint.origin + byPoint.pathname).toBe('https://uri.amap.com/marker');
  expect(byPoint.searchParams.get('position')).toBe('118.1795,24.4906');
  expect(byPoint.searchParams.get('coordinate')).toBe('wgs84');
  await page.screenshot({ path: 'test-results/location-open.png', fullPage: true });

  // An address that names nothing shows the empty state.
  await page.goto('/pages/location/open');
  await expect(page.getByTestId('location-nothing')).toBeVisible();
});
