import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCacheClear, needsCacheClear } from './cache-clear';
import { CacheClearNotice } from './cache-clear-notice';

afterEach(() => {
  cleanup();
  localStorage.clear();
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

  it('shows one modal with one button; confirming stores the version, keeps the session, reloads', async () => {
    localStorage.setItem('token', JSON.stringify('tok'));
    localStorage.setItem('systemConfig', JSON.stringify({ a: 1 }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<CacheClearNotice version="1.1.2" onConfirm={() => applyCacheClear('1.1.2')} />);

    const notice = screen.getByRole('alertdialog', { name: '缓存清理通知' });
    expect(notice.textContent).toContain('应用已更新至 1.1.2');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    // Nothing happens before the agent confirms.
    expect(localStorage.getItem('appVersion')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即清理' })));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('appVersion')!)).toBe('1.1.2');
    expect(localStorage.getItem('systemConfig')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
