import type { MediaPlugin } from '@capacitor-community/media';
import { appPlatform } from './env';

/** Finds the app's own album on Android (the plugin only sees and writes the app's albums there). */
async function androidAlbum(media: MediaPlugin, name: string): Promise<string | undefined> {
  const [{ albums }, { path }] = await Promise.all([media.getAlbums(), media.getAlbumsPath()]);
  return albums.find((a) => a.name === name && a.identifier.startsWith(path))?.identifier;
}

/**
 * Saves an image (a data URL) to the phone's photo album with @capacitor-community/media: into an
 * album of the app's name on Android, which the plugin requires and which is made on first use, and
 * into the camera roll on iOS (add-only photo access, NSPhotoLibraryAddUsageDescription). Only the
 * native shells can do this; callers pass requireNativeApp() first.
 */
export async function saveImageToAlbum(
  dataUrl: string,
  { album, fileName }: { album: string; fileName: string },
): Promise<void> {
  const { Media } = await import('@capacitor-community/media');
  let albumIdentifier: string | undefined;
  if (appPlatform() === 'android') {
    albumIdentifier = await androidAlbum(Media, album);
    if (!albumIdentifier) {
      await Media.createAlbum({ name: album });
      albumIdentifier = await androidAlbum(Media, album);
    }
    if (!albumIdentifier) throw new Error(`album ${album} could not be made`);
  }
  await Media.savePhoto({ path: dataUrl, albumIdentifier, fileName });
}
