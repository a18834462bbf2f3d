import { isSafeLink } from '@pos/core';

/**
 * A stored address (a download link, a banner or poster image, a cashier) as the app may open or
 * show it: an http(s) URL with a host or a path of this site, as core's isSafeLink has it, and
 * where an iOS package is expected (iosManifest) its enterprise install link; anything else
 * (javascript:, data:, a protocol-relative host, a backslash trick ...) is null, so a bad value
 * stored before the server checked it, or slipped past it, never runs in the app's origin.
 */
export const safeUrl = (
  value: string | null | undefined,
  opts: { iosManifest?: boolean } = {},
): string | null => (isSafeLink(value, opts) ? value : null);
