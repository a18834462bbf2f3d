// Free of zod: the agent app calls these to decide whether it may open or show an address,
// and a module of the app's that imports the contracts' builders would bring zod with it
// (safe-url.ts builds the request fields on them).

/**
 * Addresses the platform stores and the apps then open or show: download links, banner and
 * poster images, product pictures. An allow-list, never a list of bad schemes: a link is an
 * absolute http(s) URL with a host, or a path of this site (one `/`, not `//` or `/\`); an image
 * is a path of this site under what the console publishes (uploads) or the app ships (static).
 * Everything else is refused, whatever the spelling: `javascript:` in any case, with spaces,
 * tabs, newlines or invisible characters inside or in front, entity- or percent-encoded
 * schemes (they do not start with http(s):// or /), data:, vbscript:, blob:, file:,
 * protocol-relative hosts and backslash tricks, and credentials before a host.
 */

/**
 * Characters no stored address may hold: ASCII controls and the space, DEL, C1 controls and the
 * no-break space, the soft hyphen, every Unicode space, zero-width and direction mark, the line
 * and paragraph separators, the BOM, the backslash, and the quotes and angle brackets that end an
 * attribute. A real address has them percent-encoded.
 */
const FORBIDDEN =
  // Controls and lone combining marks are exactly what this class is for.
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\\"'<>`]/u;

/** A dot segment, plain or percent-encoded, that would climb out of an allowed folder. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** The origin site paths are resolved against, only to check they stay on the site. */
const SITE = 'https://site.invalid';

/** Where the console's uploads are published (content files) and the app's own images live. */
export const SITE_IMAGE_PREFIXES = ['/prod-api/files/', '/static/'] as const;

/** Site paths a link must not lead to: the API (but for its published files) and the console. */
const INTERNAL_PREFIXES = ['/prod-api', '/admin'] as const;

export interface SafeLinkOptions {
  /** Absolute addresses only over TLS (downloads): http: is refused. */
  httpsOnly?: boolean;
  /**
   * Also an iOS enterprise install link, exactly
   * `itms-services://?action=download-manifest&url=https://…` with a safe https manifest address
   * (README, iOS shell): the only way iOS installs a package outside the App Store.
   */
  iosManifest?: boolean;
}

const IOS_MANIFEST = /^itms-services:\/\/\?action=download-manifest&url=([^&#]+)$/;

function sitePath(value: string): URL | null {
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  return DOT_SEGMENT.test(path) ? null : url;
}

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** True for an absolute http(s) URL with a host, or a path of this site that is not internal. */
export function isSafeLink(value: unknown, opts: SafeLinkOptions = {}): value is string {
  if (typeof value !== 'string' || value === '' || FORBIDDEN.test(value)) return false;
  if (value.startsWith('/')) {
    const url = sitePath(value);
    if (!url) return false;
    if (under(url.pathname, '/prod-api/files/')) return true;
    return !INTERNAL_PREFIXES.some((p) => under(url.pathname.toLowerCase(), p));
  }
  const manifest = opts.iosManifest ? IOS_MANIFEST.exec(value) : null;
  if (manifest) {
    const plist = manifest[1] ?? '';
    return plist.startsWith('https://') && isSafeLink(plist, { httpsOnly: true });
  }
  // Written as scheme, two slashes and a host: "https:evil", "http:/\evil" are not.
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && (opts.httpsOnly || url.protocol !== 'http:')) return false;
  // https://bank.example@evil.example reads as the bank and goes to evil.
  if (url.username || url.password || !url.hostname) return false;
  return true;
}

/** True for a path of this site under the published uploads or the app's static images. */
export function isSiteImage(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || FORBIDDEN.test(value)) return false;
  const url = sitePath(value);
  return !!url && SITE_IMAGE_PREFIXES.some((p) => url.pathname.startsWith(p));
}
