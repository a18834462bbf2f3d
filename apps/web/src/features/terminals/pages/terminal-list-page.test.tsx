import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';

const { default: TerminalListPage } = await import('./terminal-list-page');

const listAsks: URL[] = [];

beforeEach(() => {
  stubApi(async (url) => {
    if (url.pathname.endsWith('/api/term-info/list')) {
      listAsks.push(url);
      return apiOk({ rows: [], nextCursor: null });
    }
    if (url.pathname.endsWith('/api/term-info/brandList')) return apiOk([]);
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  listAsks.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the terminal list SN search', () => {
  it('says once that an SN is letters and digits, and asks the server nothing for it', async () => {
    window.history.replaceState(null, '', '/pages/home/terminal/terminalList');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/pages/home/terminal/terminalList']}>
          <TerminalListPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(listAsks.length).toBeGreaterThan(0));
    const asked = listAsks.length;
    const box = within(screen.getByTestId('sn-search')).getByRole('searchbox');
    await act(async () => fireEvent.change(box, { target: { value: 'LD😀' } }));
    await act(async () => new Promise((r) => setTimeout(r, 700)));
    expect(screen.getAllByText('SN只能包含字母和数字，请修改搜索内容')).toHaveLength(1);
    expect(screen.queryByText('加载失败')).toBeNull();
    expect(listAsks.slice(asked).some((u) => (u.searchParams.get('sn') ?? '').includes('😀'))).toBe(
      false,
    );
    // Taking the character out searches again.
    await act(async () => fireEvent.change(box, { target: { value: 'LD' } }));
    await act(async () => new Promise((r) => setTimeout(r, 700)));
    expect(screen.queryByText('SN只能包含字母和数字，请修改搜索内容')).toBeNull();
    expect(listAsks.some((u) => u.searchParams.get('sn') === 'LD')).toBe(true);
  });
});
