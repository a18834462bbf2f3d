import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: TeamInfoPage } = await import('./team-info-page');

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/ag/my/center/dept')) {
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          data: {
            agent: { id: 1, name: '张总', level: 3, levelName: 'V3' },
            month: '2026-11',
            totals: {
              directCount: 5,
              teamSize: 8,
              month: {
                tradeAmountFen: 0,
                tradeCount: 0,
                newMerchants: 0,
                activatedTerminals: 0,
              },
              terminals: { stock: 2230, bound: 245, activated: 1018 },
            },
            levelCounts: [],
            children: [],
            childrenTruncated: false,
          },
        }),
      );
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('团队数据', () => {
  it('shows team stock, bound and activated as three figures, each whole and named', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/pages/data/team-info']}>
          <Routes>
            <Route path="/pages/data/team-info" element={<TeamInfoPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const structure = await screen.findByTestId('team-structure');
    const stock = within(structure).getByTestId('structure-stock');
    expect(stock.textContent).toContain('2230');
    expect(stock.textContent).toContain('团队库存');
    expect(structure.textContent).toContain('245');
    expect(structure.textContent).toContain('已绑定');
    expect(structure.textContent).toContain('1018');
    expect(structure.textContent).toContain('已激活');
    expect(structure.textContent).not.toContain('2230/245');
  });
});
