/**
 * Hot updates (app version type 'wgt'): a zipped web bundle published with its SHA-256 and an
 * Ed25519 signature over the version and the checksum, made with the platform's private key. The
 * app holds the public key and refuses a bundle unless both match; a bundle that does not report
 * itself healthy after its first start is rolled back. This file is the part the server, the web
 * app and the tests share: version order, the signed message, verification and the bundle states.
 */

/**
 * The public key (raw 32 bytes, base64) of the DEMO signing key. A provider builds its app with
 * its own key in VITE_HOT_UPDATE_PUBLIC_KEY and publishes with the matching private key in
 * HOT_UPDATE_SIGNING_KEY; the server refuses to start in production with the demo key.
 */
export const DEMO_HOT_UPDATE_PUBLIC_KEY = 'beewclwySoIc/Hayo17bYgXa9bmLQZXry/buxVd7omA=';

/** How long a newly applied bundle has to report itself healthy before it is rolled back. */
export const HOT_UPDATE_HEALTHY_WITHIN_MS = 10_000;

/** Compares dotted versions numerically ('1.10.0' > '1.9.9'); null if either is not x.y.z. */
export function compareVersions(a: string, b: string): number | null {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return null;
  for (let i = 0; i < 3; i++) {
    const d = pa[i]! - pb[i]!;
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

function parseVersion(v: string): [number, number, number] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** The higher of two versions (the first when they are equal or either is malformed). */
export const maxVersion = (a: string, b: string) => ((compareVersions(b, a) ?? 0) > 0 ? b : a);

/** The bytes the platform signs: a fixed label, the version and the bundle's checksum. */
export function hotUpdateMessage(version: string, sha256: string): Uint8Array {
  return new TextEncoder().encode(`pos-hot-update\n${version}\n${sha256.toLowerCase()}`);
}

/** A copy on its own ArrayBuffer, the only kind Web Crypto takes in every typing. */
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', own(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const fromBase64 = (b64: string): Uint8Array => {
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

export interface BundleManifest {
  version: string;
  sha256: string;
  /** Base64 Ed25519 signature of hotUpdateMessage(version, sha256). */
  signature: string;
}

export type BundleCheck = { ok: true } | { ok: false; reason: 'checksum' | 'signature' };

/** Checks a manifest's signature with the app's public key (raw, base64). */
export async function verifyManifest(
  manifest: BundleManifest,
  publicKeyB64: string,
): Promise<boolean> {
  try {
    const key = await globalThis.crypto.subtle.importKey(
      'raw',
      own(fromBase64(publicKeyB64)),
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    return await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      own(fromBase64(manifest.signature)),
      own(hotUpdateMessage(manifest.version, manifest.sha256)),
    );
  } catch {
    return false; // a malformed key or signature is a refusal, not a crash
  }
}

/** A downloaded bundle is accepted only when its bytes match the checksum the platform signed. */
export async function verifyBundle(
  bytes: Uint8Array,
  manifest: BundleManifest,
  publicKeyB64: string,
): Promise<BundleCheck> {
  if (!(await verifyManifest(manifest, publicKeyB64))) return { ok: false, reason: 'signature' };
  if ((await sha256Hex(bytes)) !== manifest.sha256.toLowerCase())
    return { ok: false, reason: 'checksum' };
  return { ok: true };
}

/**
 * Where the app stands with hot updates, kept on the device. `current` is the bundle in use (null:
 * the one built into the app), `pending` one verified and waiting for the next start, `trial` one
 * started but not yet reported healthy, `bad` versions rolled back and never offered again.
 */
export interface BundleState {
  current: string | null;
  pending: string | null;
  trial: { version: string; startedAt: number } | null;
  bad: string[];
}

export const EMPTY_BUNDLE_STATE: BundleState = {
  current: null,
  pending: null,
  trial: null,
  bad: [],
};

/** A verified bundle waits for the next start. */
export const bundleDownloaded = (s: BundleState, version: string): BundleState => ({
  ...s,
  pending: version,
});

export type StartDecision =
  | { action: 'run'; version: string | null }
  | { action: 'try'; version: string }
  | { action: 'rolled-back'; version: string | null; failed: string };

/**
 * At every start: a trial still unconfirmed means the new bundle failed to come up, so it is
 * rolled back (and marked bad); otherwise a pending bundle starts its trial.
 */
export function bundleStart(s: BundleState, now: number): [BundleState, StartDecision] {
  if (s.trial) {
    const failed = s.trial.version;
    const next = { ...s, trial: null, bad: [...new Set([...s.bad, failed])] };
    return [next, { action: 'rolled-back', version: s.current, failed }];
  }
  if (s.pending && !s.bad.includes(s.pending)) {
    const version = s.pending;
    return [
      { ...s, pending: null, trial: { version, startedAt: now } },
      { action: 'try', version },
    ];
  }
  return [
    { ...s, pending: null },
    { action: 'run', version: s.current },
  ];
}

/** The new bundle came up: it becomes the one in use. */
export function bundleHealthy(s: BundleState): BundleState {
  return s.trial ? { ...s, current: s.trial.version, trial: null } : s;
}

/** A trial that has not reported healthy within the limit is over: roll back now. */
export function bundleTrialExpired(s: BundleState, now: number, limitMs: number): boolean {
  return s.trial !== null && now - s.trial.startedAt > limitMs;
}

/** The version the app reports to the update check: the built-in one or the bundle in use. */
export function runningVersion(s: BundleState, builtIn: string): string {
  const inUse = s.trial?.version ?? s.current;
  return inUse ? maxVersion(builtIn, inUse) : builtIn;
}
