import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';

const { default: MallIndexPage } = await import('./mall-index-page');

let releaseBanners: () => void = () => undefined;

beforeEach(() => {
  stubApi(async (url) => {
    if (url.pathname.endsWith('/api/ag/home/banner/list')) {
      // The banners arrive late.
      await new Promise<void>((r) => (releaseBanners = r));
      return apiOk([
        { id: 1, bannerType: 2, isShow: true, title: '新品上市', imageUrl: '/static/b.png' },
      ]);
    }
    if (url.pathname.endsWith('/api/mall/products')) return apiOk([]);
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the shop page', () => {
  it('labels its header buttons in words, and keeps the banners’ place while they load', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/pages/mall/index']}>
          <MallIndexPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: '我的订单' }).textContent).toBe('我的订单');
    expect(screen.getByRole('button', { name: '购物车' }).textContent).toBe('购物车');

    expect(screen.getByTestId('mall-banners-pending')).toBeTruthy();
    releaseBanners();
    await screen.findByTestId('mall-banners');
    await waitFor(() => expect(screen.queryByTestId('mall-banners-pending')).toBeNull());
  });
});
