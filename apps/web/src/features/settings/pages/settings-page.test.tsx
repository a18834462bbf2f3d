import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { kitRender } from '@/lib/kit-render';
import { MemoryRouter } from '@/lib/router';
import { onUpdateOffered } from '@/lib/app-update';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';

const { default: SettingsPage } = await import('./settings-page');
const { default: AboutUsPage } = await import('./about-us-page');

// The kit's toasts and dialogs render as main.tsx lets them under React 19.
unstableSetRender(kitRender);

let updateAnswer: unknown = null;
const updateAsks: URL[] = [];

beforeEach(() => {
  stubApi(async (url) => {
    if (url.pathname.endsWith('/app/api/check/app/update')) {
      updateAsks.push(url);
      return apiOk(updateAnswer);
    }
    if (url.pathname.endsWith('/api/ag/app/param/getByDomain')) return apiOk(null);
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  updateAnswer = null;
  updateAsks.length = 0;
  vi.unstubAllGlobals();
});

function renderWith(page: React.ReactNode, client = new QueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/page-subpage/setting/index']}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const newer = {
  title: '1.2.0 版本更新',
  contents: '修复问题',
  is_mandatory: false,
  url: '/static/app.apk',
  platform: 'h5',
  type: 'apk',
  version: '1.2.0',
  sha256: null,
  signature: null,
  size: null,
};

describe('the manual update check', () => {
  it('当前版本 asks the server and says when the app is up to date', async () => {
    renderWith(<SettingsPage />);
    await act(async () => fireEvent.click(screen.getByTestId('settings-version')));
    await waitFor(() =>
      expect(screen.getByTestId('settings-version-result').textContent).toContain('已是最新版本'),
    );
    expect(updateAsks).toHaveLength(1);
    expect(updateAsks[0]!.searchParams.get('platform')).toBe('h5');
  });

  it('a newer version found in About is offered to the update popup', async () => {
    updateAnswer = newer;
    const offered: unknown[] = [];
    const stop = onUpdateOffered((u) => offered.push(u));
    renderWith(<AboutUsPage />);
    await act(async () => fireEvent.click(screen.getByTestId('about-check-update')));
    await waitFor(() =>
      expect(screen.getByTestId('about-update-result').textContent).toBe('发现新版本 v1.2.0'),
    );
    expect(offered).toEqual([newer]);
    stop();
  });
});

describe('clear cache', () => {
  it('counts only what it clears, and shows nothing left once cleared; the session stays', async () => {
    const client = new QueryClient();
    client.setQueryData(['big'], { rows: 'x'.repeat(3000) });
    localStorage.setItem('rememberPasswordUser', JSON.stringify({ mobile: '13800000001' }));
    renderWith(<SettingsPage />, client);
    const item = screen.getByTestId('settings-clear-cache');
    await waitFor(() => expect(item.textContent).toMatch(/5\.9KB/));
    await act(async () => fireEvent.click(item));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('settings-clear-cache').textContent).toMatch(/0B/),
    );
    expect(client.getQueryData(['big'])).toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('rememberPasswordUser')).not.toBeNull();
  });
});
