import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';

const { default: TerminalTabPage } = await import('./terminal-tab-page');

// The child of issue 27: 310 unbound of its own, 423 unbound in its team with itself; 393 in all
// its own terminals (bound and activated too), which no stock label may show.
const summary = {
  all: { total: 900, unbound: 423, bound: 300, activated: 177 },
  own: { total: 393, unbound: 310, bound: 50, activated: 33 },
  byBrand: [],
  pendingRecalls: 0,
};

beforeEach(() => {
  stubApi(async (url) => {
    if (url.pathname.endsWith('/api/term-info/summary')) return apiOk(summary);
    if (url.pathname.endsWith('/getInfo'))
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { roles: ['agent'] } }));
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pages/terminal/index']}>
        <Routes>
          <Route path="*" element={<TerminalTabPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('terminal tab', () => {
  it('names my stock and my team stock by what they count, the unbound terminals only', async () => {
    renderPage();
    const stocks = await screen.findByTestId('summary-stocks');
    expect(stocks.textContent).toBe('我的库存 310 · 团队库存 423');
    expect(screen.getByTestId('summary-unbound').textContent).toBe('423');
    expect(screen.getByText('未绑定商户的终端；团队库存含我自己的')).toBeTruthy();
  });
});
