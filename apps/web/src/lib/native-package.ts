import { isNativeApp } from './env';

/**
 * What the update popup needs from the device to install a full package: download it with
 * progress, hand it to the system installer, and start the app again. The popup takes it as a prop
 * so its flow can be tested without a device.
 */
export interface NativePackage {
  /**
   * Downloads the package into the app's cache and resolves with the file's path. onProgress gets
   * the fraction done (0 to 1), or null while the size is unknown.
   */
  download(url: string, onProgress: (fraction: number | null) => void): Promise<string>;
  /** Hands a downloaded package to the system installer. */
  install(file: string): Promise<void>;
  /** Starts the app again, on a hot bundle waiting for the next start if there is one. */
  restart(): Promise<void>;
}

const APK_TYPE = 'application/vnd.android.package-archive';

/** The cache file a package is downloaded to, named after the last part of its address. */
export function packageFileName(url: string): string {
  const last = (url.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  const name = last.replace(/[^\w.-]/g, '_') || 'update';
  return /\.apk$/i.test(name) ? name : `${name}.apk`;
}

/**
 * The shells' implementation (Android): @capacitor/file-transfer downloads into the cache with
 * progress events, @capacitor-community/file-opener opens the APK with the package installer (its
 * FileProvider grants the installer access; the manifest asks for REQUEST_INSTALL_PACKAGES), and
 * the live-update plugin reloads the app. iOS installs only through the App Store or an enterprise
 * manifest, so the popup opens the package's address there instead.
 */
export const capacitorPackage: NativePackage = {
  async download(url, onProgress) {
    const [{ Directory, Filesystem }, { FileTransfer }] = await Promise.all([
      import('@capacitor/filesystem'),
      import('@capacitor/file-transfer'),
    ]);
    const name = packageFileName(url);
    // A package left over from an earlier try is replaced, not appended to.
    await Filesystem.deleteFile({ path: name, directory: Directory.Cache }).catch(() => undefined);
    const { uri } = await Filesystem.getUri({ path: name, directory: Directory.Cache });
    const listener = await FileTransfer.addListener('progress', (p) => {
      if (p.type !== 'download') return;
      onProgress(p.lengthComputable && p.contentLength > 0 ? p.bytes / p.contentLength : null);
    });
    try {
      const result = await FileTransfer.downloadFile({ url, path: uri, progress: true });
      return result.path ?? uri;
    } finally {
      await listener.remove();
    }
  },

  async install(file) {
    const { FileOpener } = await import('@capacitor-community/file-opener');
    await FileOpener.open({ filePath: file, contentType: APK_TYPE, openWithDefault: true });
  },

  async restart() {
    if (!isNativeApp()) {
      window.location.reload();
      return;
    }
    // reload() applies a hot bundle queued with next() at once, then reloads the web view.
    const { CapacitorUpdater } = await import('@capgo/capacitor-updater');
    await CapacitorUpdater.reload();
  },
};
