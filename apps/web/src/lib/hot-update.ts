import {
  APP_VERSION,
  bundleDownloaded,
  bundleHealthy,
  bundleStart,
  bundleTrialExpired,
  DEMO_HOT_UPDATE_PUBLIC_KEY,
  EMPTY_BUNDLE_STATE,
  HOT_UPDATE_HEALTHY_WITHIN_MS,
  runningVersion,
  verifyBundle,
  verifyManifest,
  type AppUpdate,
  type BundleState,
  type StartDecision,
} from '@pos/core';
import { absoluteUrl } from './api-client';
import { isNativeApp } from './env';

/**
 * Hot updates on this device (see packages/core hot-update for the rules). A bundle is accepted
 * only when the platform's signature over its version and checksum verifies with the public key
 * built into the app, and its bytes match the checksum; it is applied at the next start and kept
 * once the app reports itself healthy, or rolled back.
 *
 * In the native shells the bundle itself is downloaded, checked against the signed checksum and
 * swapped in by the live-update plugin (@capgo/capacitor-updater), which also rolls back a bundle
 * that does not call notifyAppReady in time. In a browser the code is what the server serves, so
 * the verified bundle moves the version the app runs as, and the restart loads the new build.
 */
const KEY = 'hotBundle';
export const HOT_UPDATE_PUBLIC_KEY: string =
  import.meta.env.VITE_HOT_UPDATE_PUBLIC_KEY || DEMO_HOT_UPDATE_PUBLIC_KEY;

function load(): BundleState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw
      ? { ...EMPTY_BUNDLE_STATE, ...(JSON.parse(raw) as BundleState) }
      : EMPTY_BUNDLE_STATE;
  } catch {
    return EMPTY_BUNDLE_STATE;
  }
}
const save = (s: BundleState) => localStorage.setItem(KEY, JSON.stringify(s));

/** The version this app runs as: the built-in one or the hot bundle in use. */
export const currentVersion = () => runningVersion(load(), APP_VERSION);

/** True for a hot bundle this device rolled back: it is never offered again. */
export const wasRolledBack = (version: string) => load().bad.includes(version);

let started: StartDecision | null = null;

/**
 * Once per launch, before the app renders: starts the trial of a bundle installed last time, or
 * rolls back one that never reported healthy. A trial that does not report healthy in time is
 * rolled back with a reload.
 */
export function startBundle(now = Date.now()): StartDecision {
  if (started) return started;
  const [state, decision] = bundleStart(load(), now);
  save(state);
  started = decision;
  if (decision.action === 'try') {
    setTimeout(() => {
      const s = load();
      if (!bundleTrialExpired(s, Date.now(), HOT_UPDATE_HEALTHY_WITHIN_MS)) return;
      save(bundleStart(s, Date.now())[0]);
      window.location.reload();
    }, HOT_UPDATE_HEALTHY_WITHIN_MS + 500);
  }
  return decision;
}

/** The app came up: a bundle on trial is kept. */
export function reportHealthy() {
  save(bundleHealthy(load()));
  if (isNativeApp()) {
    void import('@capgo/capacitor-updater')
      .then(({ CapacitorUpdater }) => CapacitorUpdater.notifyAppReady())
      .catch(() => undefined);
  }
}

/**
 * Downloads and checks a hot update; resolves once it waits for the next start, rejects with the
 * reason (shown after 更新失败) when anything does not match.
 */
export async function installHotUpdate(update: AppUpdate): Promise<void> {
  if (!update.sha256 || !update.signature) throw new Error('更新包未签名');
  const manifest = { version: update.version, sha256: update.sha256, signature: update.signature };
  if (!(await verifyManifest(manifest, HOT_UPDATE_PUBLIC_KEY))) throw new Error('签名校验失败');
  if (isNativeApp()) {
    const { CapacitorUpdater } = await import('@capgo/capacitor-updater');
    // The plugin checks the downloaded bytes against the checksum the signature covers.
    const bundle = await CapacitorUpdater.download({
      url: absoluteUrl(update.url),
      version: update.version,
      checksum: update.sha256,
    });
    await CapacitorUpdater.next({ id: bundle.id });
  } else {
    const res = await fetch(absoluteUrl(update.url), { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const check = await verifyBundle(
      new Uint8Array(await res.arrayBuffer()),
      manifest,
      HOT_UPDATE_PUBLIC_KEY,
    );
    if (!check.ok) throw new Error(check.reason === 'checksum' ? '更新包校验失败' : '签名校验失败');
  }
  save(bundleDownloaded(load(), update.version));
}
