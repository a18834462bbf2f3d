import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bundleDownloaded,
  bundleHealthy,
  bundleStart,
  bundleTrialExpired,
  compareVersions,
  EMPTY_BUNDLE_STATE,
  hotUpdateMessage,
  runningVersion,
  sha256Hex,
  verifyBundle,
} from './hot-update';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const pub = publicKey.export({ type: 'spki', format: 'der' }).subarray(12).toString('base64');
const bundle = new TextEncoder().encode('PK\u0003\u0004 a zipped web bundle');

async function manifestFor(bytes: Uint8Array, version = '1.1.3') {
  const sha256 = await sha256Hex(bytes);
  const signature = sign(null, hotUpdateMessage(version, sha256), privateKey).toString('base64');
  return { version, sha256, signature };
}

describe('version order', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.1.2', '1.1.2')).toBe(0);
    expect(compareVersions('1.1.2', '1.1.10')).toBe(-1);
    expect(compareVersions('1.1', '1.1.0')).toBeNull();
  });
});

describe('bundle verification', () => {
  it('accepts a bundle whose checksum and signature match', async () => {
    expect(await verifyBundle(bundle, await manifestFor(bundle), pub)).toEqual({ ok: true });
  });

  it('refuses a bundle changed after signing', async () => {
    const manifest = await manifestFor(bundle);
    const tampered = bundle.slice();
    tampered[0] = tampered[0]! ^ 1;
    expect(await verifyBundle(tampered, manifest, pub)).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses a checksum or version changed after signing, and another key', async () => {
    const manifest = await manifestFor(bundle);
    const other = new TextEncoder().encode('another bundle');
    const swapped = { ...manifest, sha256: await sha256Hex(other) };
    expect(await verifyBundle(other, swapped, pub)).toEqual({ ok: false, reason: 'signature' });
    expect(await verifyBundle(bundle, { ...manifest, version: '9.9.9' }, pub)).toEqual({
      ok: false,
      reason: 'signature',
    });
    const stranger = generateKeyPairSync('ed25519')
      .publicKey.export({ type: 'spki', format: 'der' })
      .subarray(12)
      .toString('base64');
    expect(await verifyBundle(bundle, manifest, stranger)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(await verifyBundle(bundle, { ...manifest, signature: 'not base64!' }, pub)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });
});

describe('bundle states', () => {
  it('a verified bundle is tried at the next start and kept once it reports healthy', () => {
    let s = bundleDownloaded(EMPTY_BUNDLE_STATE, '1.1.3');
    expect(runningVersion(s, '1.1.2')).toBe('1.1.2');
    const [tried, decision] = bundleStart(s, 1000);
    expect(decision).toEqual({ action: 'try', version: '1.1.3' });
    expect(runningVersion(tried, '1.1.2')).toBe('1.1.3');
    s = bundleHealthy(tried);
    expect(s).toMatchObject({ current: '1.1.3', trial: null, pending: null });
    expect(bundleStart(s, 2000)[1]).toEqual({ action: 'run', version: '1.1.3' });
  });

  it('a bundle that does not come up is rolled back at the next start and never tried again', () => {
    const kept = { ...EMPTY_BUNDLE_STATE, current: '1.1.3' };
    const [trial] = bundleStart(bundleDownloaded(kept, '1.1.4'), 1000);
    expect(bundleTrialExpired(trial, 5000, 10_000)).toBe(false);
    expect(bundleTrialExpired(trial, 12_000, 10_000)).toBe(true);
    // Never reported healthy: the next start rolls back to the bundle before it.
    const [after, decision] = bundleStart(trial, 20_000);
    expect(decision).toEqual({ action: 'rolled-back', version: '1.1.3', failed: '1.1.4' });
    expect(after.bad).toEqual(['1.1.4']);
    expect(runningVersion(after, '1.1.2')).toBe('1.1.3');
    // Downloaded again, the bad version is not tried.
    expect(bundleStart(bundleDownloaded(after, '1.1.4'), 30_000)[1]).toEqual({
      action: 'run',
      version: '1.1.3',
    });
  });

  it('an app store update past a hot bundle runs its own built-in version', () => {
    expect(runningVersion({ ...EMPTY_BUNDLE_STATE, current: '1.1.3' }, '1.2.0')).toBe('1.2.0');
  });
});
