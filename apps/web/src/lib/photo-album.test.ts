import { afterEach, describe, expect, it, vi } from 'vitest';

const media = vi.hoisted(() => {
  const albums: { identifier: string; name: string }[] = [];
  return {
    albums,
    getAlbums: vi.fn(() => Promise.resolve({ albums: [...albums] })),
    getAlbumsPath: vi.fn(() => Promise.resolve({ path: '/storage/emulated/0/Pictures' })),
    createAlbum: vi.fn((o: { name: string }) => {
      albums.push({ identifier: `/storage/emulated/0/Pictures/${o.name}`, name: o.name });
      return Promise.resolve();
    }),
    savePhoto: vi.fn((_o: object) => Promise.resolve({ filePath: '' })),
  };
});
vi.mock('@capacitor-community/media', () => ({ Media: media }));

const { saveImageToAlbum } = await import('./photo-album');

function inShell(platform: 'android' | 'ios') {
  (window as unknown as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
  };
}

afterEach(() => {
  delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  media.albums.length = 0;
  vi.clearAllMocks();
});

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('saveImageToAlbum', () => {
  it("on Android makes the app's album on first use and saves into it", async () => {
    inShell('android');
    // An album of the same name that another app keeps elsewhere is not the app's.
    media.albums.push({ identifier: '/storage/emulated/0/DCIM/拓客宝', name: '拓客宝' });
    await saveImageToAlbum(PNG, { album: '拓客宝', fileName: 'invitation-A1' });
    expect(media.createAlbum).toHaveBeenCalledWith({ name: '拓客宝' });
    expect(media.savePhoto).toHaveBeenCalledWith({
      path: PNG,
      albumIdentifier: '/storage/emulated/0/Pictures/拓客宝',
      fileName: 'invitation-A1',
    });

    await saveImageToAlbum(PNG, { album: '拓客宝', fileName: 'invitation-A1' });
    expect(media.createAlbum).toHaveBeenCalledTimes(1);
  });

  it('on iOS saves to the camera roll without an album', async () => {
    inShell('ios');
    await saveImageToAlbum(PNG, { album: '拓客宝', fileName: 'invitation-A1' });
    expect(media.getAlbums).not.toHaveBeenCalled();
    expect(media.savePhoto).toHaveBeenCalledWith({
      path: PNG,
      albumIdentifier: undefined,
      fileName: 'invitation-A1',
    });
  });
});
