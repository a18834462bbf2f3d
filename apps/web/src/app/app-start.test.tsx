import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '@/lib/router';
import { offerUpdate } from '@/lib/app-update';
import { AppStart } from './app-start';

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
    expect(await screen.findByText('拓客宝 1.3.0')).toBeTruthy();
  });
});
