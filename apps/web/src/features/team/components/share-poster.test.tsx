import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as Kit from 'antd-mobile';
import type * as Overlays from '@/lib/overlays';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';

const POSTER = 'data:image/png;base64,iVBORw0KGgo=';
const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile', async (importOriginal) => {
  const kit = await importOriginal<typeof Kit>();
  return { ...kit, Toast: { ...kit.Toast, show: (...a: unknown[]) => toastShow(...a) } };
});
// The native-only gate toasts through the shell's overlays.
vi.mock('@/lib/overlays', async (importOriginal) => {
  const overlays = await importOriginal<typeof Overlays>();
  return { ...overlays, Toast: { ...overlays.Toast, show: (...a: unknown[]) => toastShow(...a) } };
});
const saveImageToAlbum = vi.hoisted(() => vi.fn((_url: string, _o: object) => Promise.resolve()));
vi.mock('@/lib/photo-album', () => ({ saveImageToAlbum }));
vi.mock('./draw-poster', () => ({ drawPoster: () => Promise.resolve(POSTER) }));

const { SharePoster } = await import('./share-poster');
const toasted = (content: string) =>
  waitFor(() => expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content })));

/** Runs the test as inside the native shell (what isNativeApp() reads). */
function inShell() {
  (window as unknown as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
  };
}

afterEach(() => {
  cleanup();
  delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  vi.clearAllMocks();
});

async function openPoster() {
  render(
    <SharePoster
      visible
      onClose={vi.fn()}
      qrDataUrl="data:image/png;base64,qr"
      inviterName="张三"
      inviteCode="A1B2C3"
      appName="拓客宝"
    />,
  );
  await screen.findByTestId('poster-image');
}

describe('share poster: saving to the photo album', () => {
  it('is refused with 请在App中使用 outside the native app', async () => {
    await openPoster();
    fireEvent.click(screen.getByTestId('poster-save'));
    await toasted('请在App中使用');
    expect(saveImageToAlbum).not.toHaveBeenCalled();
  });

  it('saves the drawn poster into the album inside the native app', async () => {
    inShell();
    await openPoster();
    fireEvent.click(screen.getByTestId('poster-save'));
    await toasted('海报已保存到相册');
    expect(saveImageToAlbum).toHaveBeenCalledWith(POSTER, {
      album: '拓客宝',
      fileName: 'invitation-A1B2C3',
    });
    expect(toastShow).not.toHaveBeenCalledWith(
      expect.objectContaining({ content: '请在App中使用' }),
    );
  });

  it('says so when the album cannot be written (photo access refused)', async () => {
    inShell();
    saveImageToAlbum.mockRejectedValueOnce(new Error('accessDenied'));
    await openPoster();
    fireEvent.click(screen.getByTestId('poster-save'));
    await toasted('保存失败，请允许访问相册后重试');
  });
});
