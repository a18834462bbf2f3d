import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toast, unstableSetRender } from 'antd-mobile';
import { kitRender } from '@/lib/kit-render';
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: MallConfirmPage } = await import('./confirm-page');

// The kit's toasts render as main.tsx lets them under React 19.
unstableSetRender(kitRender);

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
const SHORT = '货款余额不足，请先转入资金池';
const POINTS_ONLY = '积分抵扣邮费须使用积分支付';

const fetchMock = vi.fn<typeof fetch>();
const quotes: { shippingWay: number; payType: number }[] = [];

/** The server's answer: the goods balance (0.00) cannot pay 2,148.00; WeChat and Alipay can. */
function quoteFor(body: { shippingWay: number; payType: number }) {
  const pointsPostage = body.shippingWay === 2;
  const payTypes = [
    { payType: 1, refusal: pointsPostage ? POINTS_ONLY : null },
    { payType: 2, refusal: pointsPostage ? POINTS_ONLY : null },
    { payType: 3, refusal: '积分不足' },
    { payType: 4, refusal: pointsPostage ? POINTS_ONLY : SHORT },
    { payType: 0, refusal: '免费领取额度不足，剩余 0 台' },
  ];
  return {
    items: [
      {
        productId: 5,
        name: '联迪 A8',
        model: 'A8',
        quantity: 2,
        unitPriceFen: 107400,
        amountFen: 214800,
        stock: 50,
      },
    ],
    goodsFen: 214800,
    shippingFen: pointsPostage ? 1200 : 0,
    discountFen: 0,
    totalFen: 214800 + (pointsPostage ? 1200 : 0),
    refusal: payTypes.find((p) => p.payType === body.payType)!.refusal,
    payTypes,
  };
}

beforeEach(() => {
  // The page's notes are asserted where they stay on the page; its toasts (which animate and
  // unmount on their own timers, after a file's last test on a busy machine) are not drawn.
  vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/mall/addresses'))
      return ok([
        {
          id: 3,
          name: '李经理',
          mobile: '13800000002',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          detail: '科技园 2 号',
          isDefault: true,
        },
      ]);
    if (url.pathname.endsWith('/api/mall/wallet'))
      return ok({
        goodsBalanceFen: 0,
        points: 0,
        freeQuota: { granted: 0, used: 0, left: 0 },
        hasPayPassword: true,
        postageFen: 1200,
        pointsPerActivation: 100,
      });
    if (url.pathname.endsWith('/api/mall/order/quote')) {
      const body = JSON.parse(String(init?.body)) as { shippingWay: number; payType: number };
      quotes.push(body);
      return ok(quoteFor(body));
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  quotes.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The page reads its items from the address bar.
  window.history.replaceState(null, '', '/pages/mall/confirm?items=5:2');
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pages/mall/confirm?items=5:2']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <MallConfirmPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The pay type the selector shows as chosen. */
const chosenPayType = () =>
  screen.getByTestId('pay-type').querySelector('.adm-selector-item-active')?.textContent ?? '';
const option = (testId: string, label: string) =>
  within(screen.getByTestId(testId)).getByText(label, { exact: true });

describe('the order confirm page', () => {
  it('starts on a pay type that can pay, not on a goods balance that falls short', async () => {
    renderPage();
    await waitFor(() => expect(chosenPayType()).toContain('微信支付'));
    await waitFor(() =>
      expect((screen.getByTestId('submit-order') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText(SHORT)).toBeNull();
    expect(screen.queryByTestId('quote-refusal')).toBeNull();
  });

  it('a goods balance that falls short links to the transfer and names the pay types that can pay', async () => {
    renderPage();
    await waitFor(() => expect(chosenPayType()).toContain('微信支付'));
    fireEvent.click(option('pay-type', '货款余额'));
    const short = await screen.findByTestId('pay-short');
    expect(short.textContent).toContain(SHORT);
    expect(short.textContent).toContain('也可改用微信支付或支付宝支付');
    // The agent chose it: the page does not move away from it again.
    expect(chosenPayType()).toContain('货款余额');
    fireEvent.click(screen.getByTestId('go-capital-pool'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/pages/earnings/capitalPool'),
    );
  });

  it('says so when a shipping way changes the pay type', async () => {
    renderPage();
    await waitFor(() => expect(chosenPayType()).toContain('微信支付'));
    await act(async () => fireEvent.click(option('shipping-way', '积分抵扣')));
    expect(chosenPayType()).toContain('积分支付');
    expect(screen.getByTestId('pay-switch-note').textContent).toBe(
      '积分抵扣须使用积分支付，支付方式已改为积分支付',
    );
  });
});
