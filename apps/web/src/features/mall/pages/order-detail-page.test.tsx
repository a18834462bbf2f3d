import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test-kit';

const { default: MallOrderDetailPage } = await import('./order-detail-page');

const SNS = ['LD00005002', 'LD00005004', 'LD00005006'];
const order = {
  id: 7,
  orderNo: 'M261128014109123456',
  status: 2,
  payType: 4,
  shippingWay: 4,
  goodsFen: 29_700,
  shippingFen: 0,
  discountFen: 0,
  totalFen: 29_700,
  address: {
    name: '张总',
    mobile: '13800000001',
    province: '福建省',
    city: '厦门市',
    district: '思明区',
    detail: '软件园二期观日路 18 号',
  },
  items: [
    {
      productId: 2,
      name: '联迪 E350 电签',
      model: 'E350',
      quantity: 3,
      unitPriceFen: 9_900,
      amountFen: 29_700,
    },
  ],
  expiresAt: '2026-11-27T18:11:09.000Z',
  createdAt: '2026-11-27T17:41:09.000Z',
  paidAt: '2026-11-27T17:42:00.000Z',
  shippedAt: '2026-11-28T02:00:00.000Z',
  receivedAt: null,
  cancelledAt: null,
  cancelReason: null,
  shippedSns: SNS,
  courier: '顺丰速运',
  waybillNo: 'SF1234567890',
};

beforeEach(() => {
  stubApi(async (url) => {
    const data = url.pathname.endsWith('/api/mall/order')
      ? order
      : { goodsBalanceFen: 0, points: 0, freeQuota: 0 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderPage() {
  // The page reads its id from the address bar.
  window.history.replaceState(null, '', '/pages/mall/order-detail?id=7');
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/pages/mall/order-detail?id=7']}>
        <Routes>
          <Route path="/pages/mall/order-detail" element={<MallOrderDetailPage />} />
          <Route path="/pages/home/terminal/terminalInfo" element={<Where />} />
          <Route path="/pages/home/terminal/terminalList" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a shipped order', () => {
  it('shows the courier and the waybill number', async () => {
    renderPage();
    const waybill = await screen.findByTestId('order-waybill');
    expect(waybill.textContent).toContain('快递公司');
    expect(waybill.textContent).toContain('顺丰速运');
    expect(waybill.textContent).toContain('运单号');
    expect(waybill.textContent).toContain('SF1234567890');
  });

  it("opens this order's SNs, not the whole stock list, and each leads to its terminal", async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('view-shipped-terminals'));
    const list = await screen.findByTestId('order-terminals');
    expect(list.textContent).toContain('本单终端 (3)');
    for (const sn of SNS) expect(list.textContent).toContain(sn);
    expect(screen.queryByTestId('where')).toBeNull();
    const row = [...list.querySelectorAll('.adm-list-item')].find((el) =>
      el.textContent?.includes('LD00005004'),
    )!;
    fireEvent.click(row);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/pages/home/terminal/terminalInfo?sn=LD00005004',
      ),
    );
  });
});
