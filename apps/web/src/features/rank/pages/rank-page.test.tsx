import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: RankPage } = await import('./rank-page');

const base = { from: '2026-11-01', to: '2026-11-28', asOf: '2026-11-28T06:05:00.000Z' };
const answers: Record<string, unknown> = {
  'volume/month': {
    ...base,
    metric: 'volume',
    period: 'month',
    ranked: 25,
    rows: [
      { rank: 1, agentId: 2, name: '张*', value: 1_000_000, isSelf: false },
      { rank: 2, agentId: 3, name: '王小二', value: 500_000, isSelf: false },
      { rank: 2, agentId: 4, name: '赵*', value: 500_000, isSelf: false },
      { rank: 4, agentId: 5, name: '钱*', value: 12_345, isSelf: false },
    ],
    mine: { rank: 23, value: 100, name: '李经理' },
  },
  'activations/day': {
    ...base,
    from: '2026-11-28',
    metric: 'activations',
    period: 'day',
    ranked: 0,
    rows: [],
    mine: { rank: null, value: 0, name: '李经理' },
  },
};
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  localStorage.setItem('token', JSON.stringify('t'));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${url.searchParams.get('metric')}/${url.searchParams.get('period')}`;
      asked.push(key);
      const data = answers[key];
      return new Response(
        JSON.stringify(data ? { code: 200, msg: 'ok', data } : { code: 500, msg: '服务繁忙' }),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/pages/rank/index']}>
        <RankPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('rankings page', () => {
  it('shows the top list with medals for the first three places and my rank pinned below', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('rank-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1张*¥10,000.00',
      '2王小二¥5,000.00',
      '2赵*¥5,000.00',
      '4钱*¥123.45',
    ]);
    expect(screen.getByTestId('medal-1')).toBeTruthy();
    expect(screen.getAllByTestId('medal-2')).toHaveLength(2);
    expect(screen.queryByTestId('medal-4')).toBeNull();
    expect(screen.getByTestId('rank-mine-rank').textContent).toBe('第 23 名');
    expect(screen.getByTestId('rank-mine-value').textContent).toBe('¥1.00');
    // When the server computed these figures, in Shanghai time.
    expect(screen.getByTestId('rank-as-of').textContent).toBe('排名每几分钟更新 · 更新于 14:05');
  });

  it('asks again for another metric and period, and says when nobody is ranked', async () => {
    renderPage();
    await screen.findAllByTestId('rank-row');
    fireEvent.click(screen.getByText('激活数'));
    fireEvent.click(screen.getByText('今日'));
    await waitFor(() => expect(asked).toContain('activations/day'));
    expect(await screen.findByTestId('rank-empty')).toBeTruthy();
    expect((await screen.findByTestId('rank-mine-rank')).textContent).toBe('未上榜');
    expect(screen.getByTestId('rank-mine-value').textContent).toBe('0');
  });
});
