import { ROUTE_PATHS } from '@pos/core';

const SELF = '/pages/home/com-route/com-route';

/**
 * The in-app address of a ?path= (what banners and notifications carry), or null when it is not a
 * page of this app: only a path of ROUTE_PATHS on this origin, with its own query kept, and never
 * this page itself (which would loop).
 */
export function resolveRoute(raw: string | null, origin = window.location.origin): string | null {
  if (!raw) return null;
  const text = raw.trim();
  if (!text.startsWith('/') || text.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === SELF || !(ROUTE_PATHS as readonly string[]).includes(url.pathname))
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
