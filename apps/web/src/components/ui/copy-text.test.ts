import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { kitRender } from '@/lib/kit-render';
import { copyText } from './copy-text';

unstableSetRender(kitRender);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('copies to the clipboard and toasts 复制成功!', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyText('SN123')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('SN123');
    // The kit's toast, loaded on first use.
    expect((await screen.findByText('复制成功!')).closest('.adm-toast-main')).toBeTruthy();
  });
});
