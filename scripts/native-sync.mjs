// Builds the agent web app for the native shells and copies it into the Android and iOS projects
// (apps/native/android, apps/native/ios), creating them on first use. The shells load the app from
// the device, so the build names the server the app talks to: API_ORIGIN (default
// http://10.0.2.2:8080, the development machine as the Android emulator sees it).
// Usage: API_ORIGIN=https://agent.example.com npm run native:sync
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nativeDir = path.join(root, 'apps/native');
const origin = process.env.API_ORIGIN ?? 'http://10.0.2.2:8080';

function run(cmd, args, cwd, env = {}) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run(
  'npx',
  ['vite', 'build', '--outDir', 'dist-native', '--emptyOutDir'],
  path.join(root, 'apps/web'),
  {
    VITE_API_ORIGIN: origin,
  },
);
for (const platform of ['android', 'ios']) {
  if (!existsSync(path.join(nativeDir, platform))) run('npx', ['cap', 'add', platform], nativeDir);
}

// The shells carry the app's version (packages/core APP_VERSION), which the update check compares.
const version = /APP_VERSION = '([\d.]+)'/.exec(
  readFileSync(path.join(root, 'packages/core/src/constants.ts'), 'utf8'),
)[1];
const [major, minor, patch] = version.split('.').map(Number);
function edit(file, pairs) {
  const p = path.join(nativeDir, file);
  let text = readFileSync(p, 'utf8');
  for (const [re, value] of pairs) text = text.replace(re, value);
  writeFileSync(p, text);
}
edit('android/app/build.gradle', [
  [/versionCode \d+/, `versionCode ${major * 10000 + minor * 100 + patch}`],
  [/versionName "[^"]*"/, `versionName "${version}"`],
]);
edit('ios/App/App.xcodeproj/project.pbxproj', [
  [/MARKETING_VERSION = [^;]+;/g, `MARKETING_VERSION = ${version};`],
]);
run('npx', ['cap', 'sync'], nativeDir);
console.log(`\nNative projects synced at version ${version}; the app will talk to ${origin}.`);
