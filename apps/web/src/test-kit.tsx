import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router';

/** The server's answer carrying `data`, in its envelope. */
export const apiOk = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data }));

/**
 * Signs the test in (a token in storage) and has `answer` reply to every call the app makes;
 * returns the fetch mock. `afterEach(resetApi)` undoes it.
 */
export function stubApi(answer: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  localStorage.setItem('token', JSON.stringify('t'));
  const fetchMock = vi.fn<typeof fetch>(async (input, init) =>
    answer(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** After each test: the rendered pages unmounted, the API stub removed. */
export function resetApi() {
  cleanup();
  vi.unstubAllGlobals();
}

/** Renders pages at their paths, opened at `path`, with a fresh query client that never retries. */
export function renderRoutes(path: string, routes: Record<string, ReactElement>) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([at, page]) => (
            <Route key={at} path={at} element={page} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Shows where the app is (path and query) under the test id 'where'. */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}
