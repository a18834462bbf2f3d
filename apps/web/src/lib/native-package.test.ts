import { afterEach, describe, expect, it, vi } from 'vitest';

type Progress = (p: {
  type: 'download' | 'upload';
  url: string;
  bytes: number;
  contentLength: number;
  lengthComputable: boolean;
}) => void;

const plugin = vi.hoisted(() => ({
  listener: null as Progress | null,
  removed: vi.fn(),
  deleteFile: vi.fn(() => Promise.reject(new Error('File does not exist'))),
  getUri: vi.fn((o: { path: string }) =>
    Promise.resolve({ uri: `file:///data/user/0/com.tuokebao.agent/cache/${o.path}` }),
  ),
  downloadFile: vi.fn((_o: { url: string; path: string; progress?: boolean }) =>
    Promise.resolve({ path: '' as string | undefined }),
  ),
  open: vi.fn((_o: object) => Promise.resolve()),
  reload: vi.fn(() => Promise.resolve()),
}));

vi.mock('@capacitor/filesystem', () => ({
  Directory: { Cache: 'CACHE' },
  Filesystem: { deleteFile: plugin.deleteFile, getUri: plugin.getUri },
}));
vi.mock('@capacitor/file-transfer', () => ({
  FileTransfer: {
    addListener: (_event: string, fn: Progress) => {
      plugin.listener = fn;
      return Promise.resolve({ remove: plugin.removed });
    },
    downloadFile: plugin.downloadFile,
  },
}));
vi.mock('@capacitor-community/file-opener', () => ({ FileOpener: { open: plugin.open } }));
vi.mock('@capgo/capacitor-updater', () => ({ CapacitorUpdater: { reload: plugin.reload } }));

const { capacitorPackage, packageFileName } = await import('./native-package');

afterEach(() => {
  delete (window as unknown as { Capacitor?: unknown }).Capacitor;
  vi.clearAllMocks();
});

describe('packageFileName', () => {
  it('names the cache file after the address, as an APK', () => {
    expect(packageFileName('https://cdn.example.test/app/pos-agent-1.2.0.apk?sign=x#y')).toBe(
      'pos-agent-1.2.0.apk',
    );
    expect(packageFileName('https://cdn.example.test/download?id=3')).toBe('download.apk');
    expect(packageFileName('https://cdn.example.test/')).toBe('update.apk');
    expect(packageFileName('https://cdn.example.test/拓客宝 1.2.apk')).toBe('____1.2.apk');
  });
});

describe('the Capacitor package adapter', () => {
  it('downloads into the cache with progress and stops listening afterwards', async () => {
    const seen: (number | null)[] = [];
    plugin.downloadFile.mockImplementationOnce(async (o) => {
      plugin.listener?.({
        type: 'download',
        url: o.url,
        bytes: 0,
        contentLength: 0,
        lengthComputable: false,
      });
      plugin.listener?.({
        type: 'upload',
        url: o.url,
        bytes: 9,
        contentLength: 10,
        lengthComputable: true,
      });
      plugin.listener?.({
        type: 'download',
        url: o.url,
        bytes: 25,
        contentLength: 100,
        lengthComputable: true,
      });
      return { path: o.path };
    });
    const file = await capacitorPackage.download(
      'https://cdn.example.test/pos-agent-1.2.0.apk',
      (f) => seen.push(f),
    );
    const uri = 'file:///data/user/0/com.tuokebao.agent/cache/pos-agent-1.2.0.apk';
    expect(file).toBe(uri);
    expect(plugin.deleteFile).toHaveBeenCalledWith({
      path: 'pos-agent-1.2.0.apk',
      directory: 'CACHE',
    });
    expect(plugin.downloadFile).toHaveBeenCalledWith({
      url: 'https://cdn.example.test/pos-agent-1.2.0.apk',
      path: uri,
      progress: true,
    });
    expect(seen).toEqual([null, 0.25]);
    expect(plugin.removed).toHaveBeenCalledTimes(1);
  });

  it('passes a failed download on, and still stops listening', async () => {
    plugin.downloadFile.mockRejectedValueOnce(new Error('HTTP 404'));
    await expect(
      capacitorPackage.download('https://cdn.example.test/gone.apk', () => undefined),
    ).rejects.toThrow('HTTP 404');
    expect(plugin.removed).toHaveBeenCalledTimes(1);
  });

  it('hands the package to the installer as an APK', async () => {
    await capacitorPackage.install('file:///cache/pos-agent-1.2.0.apk');
    expect(plugin.open).toHaveBeenCalledWith({
      filePath: 'file:///cache/pos-agent-1.2.0.apk',
      contentType: 'application/vnd.android.package-archive',
      openWithDefault: true,
    });
  });

  it('restarts through the live-update plugin in the shell', async () => {
    (window as unknown as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    await capacitorPackage.restart();
    expect(plugin.reload).toHaveBeenCalledTimes(1);
  });
});
