import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAppUpdate } from './check-app-update';

const offer = (type: string, version: string) => ({
  title: '新版本',
  contents: '修复问题',
  is_mandatory: false,
  url: '/static/bundle.zip',
  platform: 'android',
  type,
  version,
  sha256: type === 'wgt' ? 'ab'.repeat(32) : null,
  signature: type === 'wgt' ? 'c2ln' : null,
  size: type === 'wgt' ? 100 : null,
});

function answer(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
}

describe('the update check', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('passes on what the server offers', async () => {
    answer(offer('wgt', '1.2.0'));
    expect(await checkAppUpdate('android', '1.1.2')).toMatchObject({ version: '1.2.0' });
  });

  it('never offers again a hot bundle this device rolled back, but still a full package', async () => {
    localStorage.setItem(
      'hotBundle',
      JSON.stringify({ current: null, pending: null, trial: null, bad: ['1.2.0'] }),
    );
    answer(offer('wgt', '1.2.0'));
    expect(await checkAppUpdate('android', '1.1.2')).toBeNull();
    answer(offer('apk', '1.2.0'));
    expect(await checkAppUpdate('android', '1.1.2')).toMatchObject({ type: 'apk' });
  });
});
