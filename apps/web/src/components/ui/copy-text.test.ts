import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kitRender } from '@/lib/kit-render';
import { copyText } from './copy-text';

unstableSetRender(kitRender);

afterEach(() => {
  vi.unstubAllGlobals();
});

const toastText = () =>
  vi.waitFor(() => {
    const toast = document.querySelector('.adm-toast-main');
    if (!toast) throw new Error('no toast yet');
    return toast.textContent;
  });

describe('copyText', () => {
  it('copies to the clipboard and toasts 复制成功!', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyText('SN123')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('SN123');
    expect(await toastText()).toBe('复制成功!');
  });
});
