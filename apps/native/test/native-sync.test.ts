import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_VERSION } from '@pos/core';
import { describe, expect, it } from 'vitest';

/**
 * `npm run native:sync` on this machine: builds the web app for the shells and copies it into the
 * Android and iOS projects with the app's id, name and version. (Building the APK and IPA needs
 * the Android SDK and Xcode; see README "The native app".)
 */
const root = path.resolve(import.meta.dirname, '../../..');
const native = path.join(root, 'apps/native');
const read = (p: string) => readFileSync(path.join(native, p), 'utf8');

describe('native:sync', () => {
  it('puts the web build, pointed at the configured server, into both shells', async () => {
    await promisify(execFile)(process.execPath, ['scripts/native-sync.mjs'], {
      cwd: root,
      env: { ...process.env, API_ORIGIN: 'https://agent.example.test' },
    });
    for (const publicDir of ['android/app/src/main/assets/public', 'ios/App/App/public']) {
      expect(existsSync(path.join(native, publicDir, 'index.html')), publicDir).toBe(true);
      const js = readdirSync(path.join(native, publicDir, 'assets')).filter((f) =>
        f.endsWith('.js'),
      );
      const pointed = js.some((f) =>
        readFileSync(path.join(native, publicDir, 'assets', f), 'utf8').includes(
          'https://agent.example.test',
        ),
      );
      expect(pointed, `${publicDir} calls the configured server`).toBe(true);
    }
    const config = JSON.parse(read('android/app/src/main/assets/capacitor.config.json'));
    expect(config).toMatchObject({ appId: 'com.tuokebao.agent', appName: '拓客宝' });
    expect(read('android/app/build.gradle')).toContain(`versionName "${APP_VERSION}"`);
    expect(read('ios/App/App.xcodeproj/project.pbxproj')).toContain(
      `MARKETING_VERSION = ${APP_VERSION};`,
    );
    expect(read('android/app/src/main/res/values/strings.xml')).toContain('拓客宝');
    // The plugins are part of both shells: live updates, downloading and installing a full
    // package (file transfer, filesystem, file opener), saving the share poster (media) and the
    // message centre's push notifications.
    const gradle = read('android/capacitor.settings.gradle');
    const podfile = read('ios/App/Podfile');
    for (const [project, pod] of [
      ['capgo-capacitor-updater', 'CapgoCapacitorUpdater'],
      ['capacitor-file-transfer', 'CapacitorFileTransfer'],
      ['capacitor-filesystem', 'CapacitorFilesystem'],
      ['capacitor-community-file-opener', 'CapacitorCommunityFileOpener'],
      ['capacitor-community-media', 'CapacitorCommunityMedia'],
      ['capacitor-push-notifications', 'CapacitorPushNotifications'],
    ]) {
      expect(gradle).toContain(`include ':${project}'`);
      expect(podfile).toContain(`pod '${pod}'`);
    }
    expect(read('android/app/src/main/AndroidManifest.xml')).toContain(
      'android.permission.REQUEST_INSTALL_PACKAGES',
    );
  }, 120_000);
});
