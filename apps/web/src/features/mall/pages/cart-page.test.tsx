import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cart } from '../cart';

const { default: MallCartPage } = await import('./cart-page');

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', JSON.stringify('t'));
  cart.add(5, 2);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/mall/products'))
      return ok([
        {
          id: 5,
          brandName: '联迪',
          model: 'A8',
          name: '联迪 A8',
          priceTiers: [{ minQty: 1, unitPriceFen: 107400 }],
          stock: 50,
          imageUrl: null,
          description: null,
        },
      ]);
    if (url.pathname.endsWith('/api/mall/order/quote')) {
      const body = JSON.parse(String(init?.body)) as { payType: number };
      // The goods balance (0.00) cannot pay; any other pay type can.
      const refusal = body.payType === 4 ? '货款余额不足，请先转入资金池' : null;
      return ok({
        items: [],
        goodsFen: 214800,
        shippingFen: 0,
        discountFen: 0,
        totalFen: 214800,
        refusal,
        payTypes: [],
      });
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the cart', () => {
  it('shows the goods amount without warning about a pay type nobody has chosen yet', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/pages/mall/cart']}>
          <MallCartPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('¥2,148.00'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('货款余额不足，请先转入资金池')).toBeNull();
  });
});
