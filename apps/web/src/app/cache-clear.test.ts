import { afterEach, describe, expect, it, vi } from 'vitest';

const alert = vi.fn(() => Promise.resolve());
vi.mock('@/lib/overlays', () => ({ Dialog: { alert: (...a: unknown[]) => alert(...(a as [])) } }));

const { needsCacheClear, showCacheClearNotice } = await import('./cache-clear');

afterEach(() => {
  localStorage.clear();
  alert.mockClear();
  vi.unstubAllGlobals();
});

describe('cache clear notice', () => {
  it('is needed when the stored version is empty or not the server version', () => {
    expect(needsCacheClear('1.1.2')).toBe(true);
    localStorage.setItem('appVersion', JSON.stringify('1.0.1'));
    expect(needsCacheClear('1.1.2')).toBe(true);
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
    expect(needsCacheClear('1.1.2')).toBe(false);
    // No server version (config unavailable): nothing to compare, no modal.
    expect(needsCacheClear('')).toBe(false);
  });

  it('stores the server version once confirmed and keeps the session', async () => {
    localStorage.setItem('token', JSON.stringify('tok'));
    localStorage.setItem('systemConfig', JSON.stringify({ a: 1 }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await showCacheClearNotice('1.1.2');
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert.mock.calls[0]).toEqual([expect.objectContaining({ title: '缓存清理通知' })]);
    expect(JSON.parse(localStorage.getItem('appVersion')!)).toBe('1.1.2');
    expect(localStorage.getItem('systemConfig')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
