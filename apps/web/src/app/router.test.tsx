import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LOGIN_PATH, TAB_PATHS } from '@pos/core';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Outlet, RouterProvider, createBrowserRouter } from '@/lib/router';
import { apiOk, resetApi } from '@/test-kit';
import { FIRST_ROUTES } from './first-routes';
import { PAGE_ROUTES } from './page-registry';
import { buildRoutes } from './router';

// The launch-time checks of the root layout have their own tests; here only the pages matter.
vi.mock('./root-layout', () => ({ RootLayout: () => <Outlet /> }));

function openAt(path: string) {
  window.history.replaceState(null, '', path);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => apiOk({ captchaEnabled: false })),
  );
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={createBrowserRouter(buildRoutes())} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  resetApi();
  localStorage.clear();
});

describe('the routes', () => {
  it('route the login page and the four tabs from the entry, as the features list them', () => {
    for (const path of ['/', LOGIN_PATH, ...Object.values(TAB_PATHS)]) {
      expect(FIRST_ROUTES[path], path).toBeDefined();
    }
    for (const [path, route] of Object.entries(FIRST_ROUTES)) {
      expect(PAGE_ROUTES[path], path).toBe(route);
    }
  });

  it('open a public page of the route table signed out', async () => {
    openAt('/pages/login/register');
    expect(await screen.findByTestId('register-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/pages/login/register');
  });

  it('send a signed-out visit to a private page of the route table to the login page with its address', async () => {
    openAt('/pages/home/notice/notice?id=3');
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe(
        `${LOGIN_PATH}?redirect=${encodeURIComponent('/pages/home/notice/notice?id=3')}`,
      ),
    );
  });
});
