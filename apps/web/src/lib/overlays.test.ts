import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
function kit() {
  return {
    Toast: {
      show: (p: { content: string } | string) => {
        calls.push(`show ${typeof p === 'string' ? p : p.content}`);
        return { close: () => calls.push('close') };
      },
      clear: () => calls.push('clear'),
    },
    Dialog: {
      alert: async (p: { content: string }) => void calls.push(`alert ${p.content}`),
      confirm: async (p: { content: string }) => (calls.push(`confirm ${p.content}`), true),
    },
  };
}

async function overlays(load: 'works' | 'fails') {
  vi.resetModules();
  vi.doMock('./overlays-kit', () => {
    if (load === 'fails') throw new Error('Failed to fetch dynamically imported module');
    return kit();
  });
  return import('./overlays');
}

afterEach(() => {
  calls.length = 0;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.doUnmock('./overlays-kit');
});

describe('overlays loaded on first use', () => {
  it('keeps the order of calls made before the code arrived', async () => {
    const { Toast, Dialog } = await overlays('works');
    Toast.show({ content: 'one' });
    Toast.clear();
    Toast.show('two');
    expect(await Dialog.confirm({ content: 'sure?' })).toBe(true);
    expect(calls).toEqual(['show one', 'clear', 'show two', 'confirm sure?']);
  });

  it('never shows a toast closed before its code arrived, and closes one that is up', async () => {
    const { Toast, loadOverlays } = await overlays('works');
    Toast.show('gone').close();
    const up = Toast.show('up');
    await loadOverlays();
    up.close();
    expect(calls).toEqual(['show up', 'close']);
  });

  it('without the code, a toast is plain markup and a dialog the browser box', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { Toast, Dialog } = await overlays('fails');
    Toast.show({ content: '网络异常', duration: 0 });
    await Dialog.alert({ content: '登录状态已过期' });
    expect(alert).toHaveBeenCalledWith('登录状态已过期');
    expect(document.querySelector('.shell-toast')?.textContent).toBe('网络异常');
    expect(calls).toEqual([]);
  });
});
