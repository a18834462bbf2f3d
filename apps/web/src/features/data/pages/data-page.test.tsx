import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';

const { default: DataPage } = await import('./data-page');

const figures = { tradeAmountFen: 123456, tradeCount: 9, newMerchants: 2, activatedTerminals: 1 };
const overview = {
  agent: { id: 1, name: '张总', isSelf: true },
  month: '2026-11',
  today: '2026-11-28',
  own: figures,
  team: figures,
  earningsFen: 5000,
  newTerminals: { own: 1, team: 3 },
  terminals: {
    own: { unbound: 7, bound: 2, activated: 1 },
    team: { unbound: 40, bound: 12, activated: 6 },
  },
  trend: [],
};

beforeEach(() => {
  stubApi(async (url) => {
    if (url.pathname.endsWith('/api/ag/stats/overview')) return apiOk(overview);
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('data tab', () => {
  it('names the team stock and my own stock apart', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/pages/data/index']}>
          <DataPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const stock = await screen.findByTestId('stock-unbound');
    expect(stock.textContent).toContain('团队库存');
    expect(stock.textContent).toContain('40');
    expect(stock.textContent).toContain('我的库存 7');
    expect((await screen.findByTestId('stock-bound')).textContent).toContain('我持有 2');
  });
});
