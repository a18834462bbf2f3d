import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: MerchInfoPage } = await import('./merch-info-page');

const calls: { path: string; query: URLSearchParams; body?: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('token', JSON.stringify('t'));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({
        path: url.pathname,
        query: url.searchParams,
        body: init?.body && JSON.parse(String(init.body)),
      });
      let data: unknown = { rows: [], nextCursor: null };
      if (url.pathname.endsWith('/export/create')) {
        data = {
          id: 1,
          kind: 'merchants',
          status: 'queued',
          rowsDone: 0,
          truncated: false,
          fileName: '商户-20261128-100000.xlsx',
          sizeBytes: null,
          error: null,
          createdAt: '2026-11-28T02:00:00.000Z',
          finishedAt: null,
          expiresAt: '2026-12-05T02:00:00.000Z',
        };
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('merchant information', () => {
  it('exports the rows the list shows: its condition and its search', async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/pages/home/home/merchInfo?condition=activated']}>
          <Routes>
            <Route path="/pages/home/home/merchInfo" element={<MerchInfoPage />} />
            <Route path="/pages/exports/index" element={<p>my exports</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const input = (await screen.findByTestId('merchant-search')).querySelector('input')!;
    fireEvent.change(input, { target: { value: ' 张记 ' } });
    // The list searches once the typing pauses; the export then carries the same search.
    await waitFor(
      () =>
        expect(
          calls.some((c) => c.path.endsWith('/merchant/list') && c.query.get('keyword') === '张记'),
        ).toBe(true),
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByTestId('export-merchants'));
    await screen.findByText('my exports');
    const create = calls.find((c) => c.path.endsWith('/export/create'));
    expect(create?.body).toMatchObject({
      kind: 'merchants',
      filters: { condition: 'activated', keyword: '张记' },
    });
  });
});
