import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: EarningsDetailsPage } = await import('./earnings-details-page');

const line = (id: number, infoType: string, amountFen: number) => ({
  id,
  walletType: 'reward',
  infoType,
  amountFen,
  txnId: null,
  volumeFen: null,
  source: 'LD00001801',
  createdAt: '2026-11-20T02:00:00.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const urls: URL[] = [];

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    return new Response(
      JSON.stringify({
        code: 200,
        msg: 'ok',
        data: {
          rows: [
            line(3, 'pusher_reward', 1200),
            line(2, 'monthly_activation_base_subsidy', 1500),
            line(1, 'refund_reversal', -35),
          ],
          nextCursor: null,
          monthTotalFen: null,
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  urls.length = 0;
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/pages/earnings/earningsDetails']}>
        <Routes>
          <Route path="/pages/earnings/earningsDetails" element={<EarningsDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('earnings details', () => {
  it("shows the ledger with the spec's label rules and signed amounts", async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(3));
    // pusher is shown as promoter; the monthly activation base subsidy as the monthly allowance.
    expect(screen.getByText('推广员奖励')).toBeTruthy();
    expect(screen.getByText('月度津贴')).toBeTruthy();
    expect(screen.queryByText(/推手/)).toBeNull();
    expect(screen.getByText('+12.00')).toBeTruthy();
    expect(screen.getByText('-0.35')).toBeTruthy();
    // Only earnings are asked for, newest first.
    const asked = urls.find((u) => u.pathname.endsWith('/api/ag/agent/wallet/ledger'))!;
    expect(asked.searchParams.get('earningsOnly')).toBe('true');
  });

  it('closes the type filter on a choice, ticks it, and asks for that type only', async () => {
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(3));
    fireEvent.click(screen.getByText('全部类型'));
    const options = await screen.findAllByRole('option');
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: '推广员奖励' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() =>
      expect(urls.some((u) => u.searchParams.get('infoType') === 'pusher_reward')).toBe(true),
    );
    fireEvent.click(
      screen.getByTestId('info-type-filter').querySelector('.adm-dropdown-item-title')!,
    );
    const again = await screen.findByRole('option', { name: '推广员奖励' });
    expect(again.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: '全部类型' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });
});
