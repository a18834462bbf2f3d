import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from '@/lib/router';
import { offerUpdate } from '@/lib/app-update';
import { AppStart } from './app-start';

const taps: ((path: string) => void)[] = [];
vi.mock('@/features/message/lib/native-push', () => ({
  onNativeNotificationTap: async (open: (path: string) => void) => {
    taps.push(open);
  },
}));

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }))),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the app shell', () => {
  it('shows its update popup for a version a manual check found', async () => {
    render(
      <MemoryRouter initialEntries={['/page-subpage/setting/aboutUs']}>
        <AppStart />
      </MemoryRouter>,
    );
    expect(screen.queryByText('拓客宝 1.3.0')).toBeNull();
    await act(async () =>
      offerUpdate({
        title: '拓客宝 1.3.0',
        contents: '修复已知问题',
        is_mandatory: false,
        url: '/downloads/pos-agent-1.3.0.apk',
        platform: 'h5',
        type: 'apk',
        version: '1.3.0',
        sha256: null,
        signature: null,
        size: null,
      }),
    );
    // The popup is a lazy chunk: on a loaded machine it can take more than findBy's default second.
    expect(await screen.findByText('拓客宝 1.3.0', {}, { timeout: 12_000 })).toBeTruthy();
  });

  it('opens the page a tapped native push notification names', async () => {
    (window as unknown as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => 'android',
    };
    function Where() {
      return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
    }
    try {
      render(
        <MemoryRouter initialEntries={['/pages/home/index']}>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
          <AppStart />
        </MemoryRouter>,
      );
      await vi.waitFor(() => expect(taps).toHaveLength(1));
      act(() => taps[0]!('/pages/message/detail?id=5'));
      expect(screen.getByTestId('where').textContent).toBe('/pages/message/detail?id=5');
    } finally {
      delete (window as unknown as { Capacitor?: unknown }).Capacitor;
    }
  });
});
