import { afterEach, describe, expect, it, vi } from 'vitest';

const toastShow = vi.fn();
vi.mock('./overlays', () => ({ Toast: { show: (...a: unknown[]) => toastShow(...a) } }));

const { appPlatform, isMessagingApp, requireNativeApp, runEnv } = await import('./env');

const UA = {
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0 Mobile Safari/537.36 MicroMessenger/8.0.40',
  qq: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.68.611',
  dingtalk:
    'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 Chrome/98.0 Mobile Safari/537.36 DingTalk/7.0.10',
  alipay:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 AlipayClient/10.5.20',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
};

function setCapacitor(native: boolean, platform = 'android') {
  (window as unknown as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => native,
    getPlatform: () => platform,
  };
}

afterEach(() => {
  delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  toastShow.mockReset();
});

describe('environment detection', () => {
  it('names messaging-app browsers, Android, iOS and the rest', () => {
    for (const ua of [UA.wechat, UA.qq, UA.dingtalk, UA.alipay])
      expect(runEnv(ua)).toBe('messaging');
    expect(runEnv(UA.android)).toBe('android');
    expect(runEnv(UA.iphone)).toBe('ios');
    expect(runEnv(UA.desktop)).toBe('other');
    expect(isMessagingApp(UA.android)).toBe(false);
  });

  it('puts the native app before anything the user agent says', () => {
    setCapacitor(true, 'ios');
    expect(runEnv(UA.wechat)).toBe('native');
    expect(appPlatform()).toBe('ios');
  });

  it('asks the update check about h5 in any browser, the shell platform in the app', () => {
    expect(appPlatform()).toBe('h5');
    setCapacitor(false);
    expect(appPlatform()).toBe('h5');
    setCapacitor(true, 'android');
    expect(appPlatform()).toBe('android');
  });
});

describe('requireNativeApp()', () => {
  it('lets the native app through silently', () => {
    setCapacitor(true);
    expect(requireNativeApp()).toBe(true);
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('toasts 请在App中使用 and refuses anywhere else', () => {
    expect(requireNativeApp()).toBe(false);
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: '请在App中使用' }));
  });
});
