import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: MallDetailPage, fixQuantity } = await import('./detail-page');

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
const fetchMock = vi.fn<typeof fetch>();
const tiers = [
  { minQty: 1, unitPriceFen: 9900 },
  { minQty: 10, unitPriceFen: 8900 },
  { minQty: 50, unitPriceFen: 7900 },
];

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/mall/product'))
      return ok({
        id: 5,
        brandName: '联迪',
        model: 'A8',
        name: '联迪 A8',
        priceTiers: tiers,
        stock: 100,
        imageUrl: null,
        description: null,
      });
    if (url.pathname.endsWith('/api/mall/order/quote')) {
      const body = JSON.parse(String(init?.body)) as {
        items: { productId: number; quantity: number }[];
      };
      const quantity = body.items[0]!.quantity;
      const unit = [...tiers].reverse().find((t) => t.minQty <= quantity)!.unitPriceFen;
      return ok({
        items: [
          {
            productId: 5,
            name: '联迪 A8',
            model: 'A8',
            quantity,
            unitPriceFen: unit,
            amountFen: unit * quantity,
            stock: 100,
          },
        ],
        goodsFen: unit * quantity,
        shippingFen: 0,
        discountFen: 0,
        totalFen: unit * quantity,
        refusal: null,
        payTypes: [],
      });
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  window.history.replaceState(null, '', '/pages/mall/detail?id=5');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/pages/mall/detail?id=5']}>
        <MallDetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const quantityBox = () => within(screen.getByTestId('quantity')).getByRole('spinbutton');
async function typeQuantity(v: string) {
  const box = quantityBox();
  await act(async () => {
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: v } });
    fireEvent.blur(box);
  });
}

describe('the product detail page', () => {
  it("marks the tier the quantity is priced by and shows the server's subtotal for it", async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('subtotal-amount').textContent).toBe('¥99.00'));
    expect(screen.getByTestId('active-tier').textContent).toContain('1 台起');

    await typeQuantity('12');
    await waitFor(() =>
      expect(screen.getByTestId('subtotal-amount').textContent).toBe('¥1,068.00'),
    );
    expect(screen.getByTestId('subtotal').textContent).toContain('¥89.00/台 × 12');
    expect(screen.getByTestId('active-tier').textContent).toContain('10 台起');
    expect(screen.queryByTestId('quantity-note')).toBeNull();
  });

  it('says what it changed and why when a quantity cannot be ordered', async () => {
    renderPage();
    await screen.findByTestId('subtotal-amount');
    await typeQuantity('500');
    expect(quantityBox()).toHaveProperty('value', '100');
    expect(screen.getByTestId('quantity-note').textContent).toBe('库存仅 100 台，已改为 100 台');
    await waitFor(() =>
      expect(screen.getByTestId('subtotal-amount').textContent).toBe('¥7,900.00'),
    );

    await typeQuantity('-3');
    expect(quantityBox()).toHaveProperty('value', '1');
    expect(screen.getByTestId('quantity-note').textContent).toBe('数量至少为 1 台，已改为 1 台');

    await typeQuantity('1.5');
    expect(quantityBox()).toHaveProperty('value', '2');
    expect(screen.getByTestId('quantity-note').textContent).toBe('数量须为整数，已改为 2 台');

    // A quantity that stands as typed clears the note.
    await typeQuantity('3');
    expect(screen.queryByTestId('quantity-note')).toBeNull();
  });

  it('caps an order at 1,000 even when the stock holds more', () => {
    expect(fixQuantity(99999, 5000)).toEqual({ qty: 1000, fix: 'max' });
    expect(fixQuantity(99999, 99)).toEqual({ qty: 99, fix: 'stock' });
    expect(fixQuantity(7, 99)).toEqual({ qty: 7, fix: null });
  });
});
