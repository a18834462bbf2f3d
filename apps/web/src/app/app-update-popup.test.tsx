import type { AppUpdate } from '@pos/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import type { NativePackage } from '@/lib/native-package';
import { AppUpdatePopup } from './app-update-popup';

const update = (over: Partial<AppUpdate> = {}): AppUpdate => ({
  title: '拓客宝 1.2.0',
  contents: '1. 终端划拨支持批量选择\n2. 修复已知问题',
  is_mandatory: false,
  url: '/downloads/pos-agent-1.2.0.apk',
  platform: 'android',
  type: 'apk',
  version: '1.2.0',
  sha256: null,
  signature: null,
  size: null,
  ...over,
});

afterEach(() => {
  cleanup();
  delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  vi.restoreAllMocks();
});

/** Runs the test as inside the Android shell (what isNativeApp() and appPlatform() read). */
function inShell() {
  (window as unknown as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
  };
}

/** A package adapter whose download the test finishes (or fails) and whose progress it drives. */
function fakePackage() {
  let progress: (fraction: number | null) => void = () => undefined;
  let finish: (file: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const pkg = {
    download: vi.fn((_url: string, onProgress: (fraction: number | null) => void) => {
      progress = onProgress;
      return new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    }),
    install: vi.fn(() => Promise.resolve()),
    restart: vi.fn(() => Promise.resolve()),
  } satisfies NativePackage;
  return {
    pkg,
    progress: (fraction: number | null) => act(() => progress(fraction)),
    finish: (file: string) => act(async () => finish(file)),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

describe('app-update popup', () => {
  it('shows the title and each line of what is new, and can be put off', () => {
    const onClose = vi.fn();
    render(<AppUpdatePopup update={update()} platform="android" onClose={onClose} />);
    expect(screen.getByText('拓客宝 1.2.0')).toBeTruthy();
    expect(screen.getByText('2. 修复已知问题')).toBeTruthy();
    fireEvent.click(document.querySelector('.adm-mask')!);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('app-update-later'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers no way out of a mandatory update', () => {
    render(
      <AppUpdatePopup
        update={update({ is_mandatory: true })}
        platform="android"
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('app-update-later')).toBeNull();
    expect(screen.getByText('本次为重要更新，需更新后继续使用')).toBeTruthy();
    expect(screen.getByTestId('app-update-now')).toBeTruthy();
  });
});

describe('app-update popup: a full package in the Android shell', () => {
  it('downloads with progress, installs, then asks to restart and restarts', async () => {
    inShell();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { pkg, progress, finish } = fakePackage();
    render(
      <AppUpdatePopup
        update={update({ url: 'https://cdn.example.test/pos-agent-1.2.0.apk' })}
        platform="android"
        onClose={vi.fn()}
        nativePackage={pkg}
      />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));

    expect(await screen.findByText('后台下载中……')).toBeTruthy();
    expect(pkg.download).toHaveBeenCalledWith(
      'https://cdn.example.test/pos-agent-1.2.0.apk',
      expect.any(Function),
    );
    // While the package downloads the popup cannot be put off.
    expect(screen.queryByTestId('app-update-later')).toBeNull();
    expect(screen.queryByTestId('app-update-percent')).toBeNull();
    progress(0.42);
    expect(screen.getByTestId('app-update-percent').textContent).toBe('42%');
    progress(1);
    expect(screen.getByTestId('app-update-percent').textContent).toBe('100%');

    await finish('file:///cache/pos-agent-1.2.0.apk');
    expect(pkg.install).toHaveBeenCalledWith('file:///cache/pos-agent-1.2.0.apk');
    expect(screen.getByText('安装成功是否重启？')).toBeTruthy();
    expect(screen.queryByText('后台下载中……')).toBeNull();
    fireEvent.click(screen.getByTestId('app-update-restart'));
    expect(pkg.restart).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('makes a relative package address absolute and lets an optional update be put off after install', async () => {
    inShell();
    const onClose = vi.fn();
    const { pkg, finish } = fakePackage();
    render(
      <AppUpdatePopup update={update()} platform="android" onClose={onClose} nativePackage={pkg} />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));
    expect(pkg.download.mock.calls[0]?.[0]).toMatch(/\/downloads\/pos-agent-1\.2\.0\.apk$/);
    await finish('file:///cache/pos-agent-1.2.0.apk');
    expect(screen.getByText('安装成功是否重启？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('app-update-later'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(pkg.restart).not.toHaveBeenCalled();
  });

  it('shows 更新失败 and the reason, and a retry that downloads again', async () => {
    inShell();
    const { pkg, fail, finish } = fakePackage();
    render(
      <AppUpdatePopup update={update()} platform="android" onClose={vi.fn()} nativePackage={pkg} />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));
    await fail(new Error('HTTP 404'));
    expect(screen.getByTestId('app-update-error').textContent).toBe('更新失败 HTTP 404');
    expect(pkg.install).not.toHaveBeenCalled();
    expect(screen.getByTestId('app-update-later')).toBeTruthy();

    fireEvent.click(screen.getByTestId('app-update-retry'));
    expect(pkg.download).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('app-update-error')).toBeNull();
    await finish('file:///cache/pos-agent-1.2.0.apk');
    expect(screen.getByText('安装成功是否重启？')).toBeTruthy();
  });

  it('reports an installer that refuses the package the same way', async () => {
    inShell();
    const { pkg, finish } = fakePackage();
    pkg.install.mockRejectedValueOnce(new Error('Activity not found'));
    render(
      <AppUpdatePopup update={update()} platform="android" onClose={vi.fn()} nativePackage={pkg} />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));
    await finish('file:///cache/pos-agent-1.2.0.apk');
    expect(screen.getByTestId('app-update-error').textContent).toBe('更新失败 Activity not found');
    expect(screen.queryByText('安装成功是否重启？')).toBeNull();
  });

  it('gives a mandatory update no way out: not while downloading, not on failure, not at the restart prompt', async () => {
    inShell();
    const onClose = vi.fn();
    const { pkg, fail, finish } = fakePackage();
    render(
      <AppUpdatePopup
        update={update({ is_mandatory: true })}
        platform="android"
        onClose={onClose}
        nativePackage={pkg}
      />,
    );
    const mask = () => fireEvent.click(document.querySelector('.adm-mask')!);
    fireEvent.click(screen.getByTestId('app-update-now'));
    mask();
    await fail(new Error('网络异常'));
    expect(screen.getByTestId('app-update-error').textContent).toBe('更新失败 网络异常');
    expect(screen.queryByTestId('app-update-later')).toBeNull();
    mask();
    fireEvent.click(screen.getByTestId('app-update-retry'));
    await finish('file:///cache/pos-agent-1.2.0.apk');
    expect(screen.getByText('安装成功是否重启？')).toBeTruthy();
    expect(screen.queryByTestId('app-update-later')).toBeNull();
    mask();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('app-update-restart')).toBeTruthy();
  });

  it('outside the shell opens the package address instead of downloading it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const onClose = vi.fn();
    const { pkg } = fakePackage();
    render(
      <AppUpdatePopup
        update={update({ url: 'https://cdn.example.test/pos-agent-1.2.0.apk' })}
        platform="android"
        onClose={onClose}
        nativePackage={pkg}
      />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));
    expect(open).toHaveBeenCalledWith('https://cdn.example.test/pos-agent-1.2.0.apk', '_system');
    expect(pkg.download).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never opens or downloads a package address that is not http(s) or a path of this site', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    for (const [url, shell] of [
      ['javascript:alert(localStorage.token)', false],
      ['data:text/html,<script>alert(1)</script>', false],
      ['//203.0.113.9/x.apk', true],
    ] as const) {
      if (shell) inShell();
      const { pkg } = fakePackage();
      render(
        <AppUpdatePopup
          update={update({ url })}
          platform="android"
          onClose={vi.fn()}
          nativePackage={pkg}
        />,
      );
      fireEvent.click(screen.getByTestId('app-update-now'));
      expect(pkg.download).not.toHaveBeenCalled();
      cleanup();
    }
    expect(open).not.toHaveBeenCalled();
  });

  it('on iOS opens the App Store or enterprise address, even in the shell', () => {
    inShell();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { pkg } = fakePackage();
    render(
      <AppUpdatePopup
        update={update({
          platform: 'ios',
          type: 'ipa',
          is_mandatory: true,
          url: 'itms-services://?action=download-manifest&url=https://cdn.example.test/manifest.plist',
        })}
        platform="ios"
        onClose={vi.fn()}
        nativePackage={pkg}
      />,
    );
    fireEvent.click(screen.getByTestId('app-update-now'));
    expect(open).toHaveBeenCalledWith(
      'itms-services://?action=download-manifest&url=https://cdn.example.test/manifest.plist',
      '_system',
    );
    expect(pkg.download).not.toHaveBeenCalled();
    expect(screen.getByTestId('app-update-popup')).toBeTruthy();
  });
});
