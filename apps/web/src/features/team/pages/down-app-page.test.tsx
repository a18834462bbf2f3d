import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: DownAppPage } = await import('./down-app-page');
const { default: DownIosPage } = await import('./down-ios-page');

/**
 * The download pages open the addresses the app config names, signed out; a stored
 * `javascript:` (or any address that is not http(s) or a path of this site) is never opened:
 * the page offers no package instead.
 */
let config: { androidUrl: string; iosUrl: string };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/api/ag/app/param/getByDomain')) {
        return new Response(
          JSON.stringify({
            code: 200,
            msg: 'ok',
            data: {
              domain: 'default',
              appName: '拓客宝',
              serverVersion: '1.1.2',
              clearVersion: '1.0.1',
              servicePhone: '400-800-1234',
              sharePoster: { isShow: false, imageUrl: '' },
              ...config,
            },
          }),
        );
      }
      return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, Page: () => React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const HOSTILE = [
  'javascript:alert(localStorage.token)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//203.0.113.9/x.apk',
  '/\\evil.com',
];

describe('the download pages', () => {
  it.each(HOSTILE)('refuse to open the Android address %j', async (hostile) => {
    config = { androidUrl: hostile, iosUrl: '' };
    const before = window.location.href;
    renderAt('/pages/home/invitation/down-app', DownAppPage);
    await screen.findByText('暂未提供该平台的安装包');
    const button = screen.getByTestId('download-android');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(window.location.href).toBe(before);
  });

  it.each(HOSTILE)('refuse to open the iOS address %j', async (hostile) => {
    config = { androidUrl: '', iosUrl: hostile };
    const before = window.location.href;
    renderAt('/pages/home/invitation/downIos', DownIosPage);
    await screen.findByText('暂未提供该平台的安装包');
    const button = screen.getByTestId('install-ios');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(window.location.href).toBe(before);
  });

  it('offer an https package, a path of this site and an iOS enterprise link', async () => {
    config = {
      androidUrl: 'https://downloads.example.com/pos.apk',
      iosUrl: 'itms-services://?action=download-manifest&url=https://cdn.example.com/m.plist',
    };
    renderAt('/pages/home/invitation/down-app', DownAppPage);
    await waitFor(() =>
      expect(screen.getByTestId('download-android').hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText('暂未提供该平台的安装包')).toBeNull();
    cleanup();
    renderAt('/pages/home/invitation/downIos', DownIosPage);
    await waitFor(() =>
      expect(screen.getByTestId('install-ios').hasAttribute('disabled')).toBe(false),
    );
    cleanup();
    config = { androidUrl: '/downloads/pos-agent-1.1.2.apk', iosUrl: '' };
    renderAt('/pages/home/invitation/down-app', DownAppPage);
    await waitFor(() =>
      expect(screen.getByTestId('download-android').hasAttribute('disabled')).toBe(false),
    );
  });
});
