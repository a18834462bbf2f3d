import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The app's page for one screen path, ready to send as it is or compressed. */
export interface RoutePage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The web app's index.html once per screen path, naming the files that path's page needs
 * (dist/route-preloads.json, written by the web build) as preloads, so the browser fetches them
 * alongside the app shell. Built once at start; paths the build does not list get the plain
 * page. Styles are preloaded, not applied, so they never hold up the first paint.
 */
export function buildRoutePages(webDist: string, routePaths: readonly string[]) {
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const listFile = path.join(webDist, 'route-preloads.json');
  const lists: Record<string, { js: string[]; css: string[] }> = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<
        string,
        { js: string[]; css: string[] }
      >)
    : {};
  const pack = (html: string): RoutePage => {
    const identity = Buffer.from(html, 'utf8');
    return {
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
  };
  const plain = pack(index);
  const pages = new Map<string, RoutePage>();
  for (const route of routePaths) {
    const list = lists[route];
    if (!list) {
      pages.set(route, plain);
      continue;
    }
    const links = [
      ...list.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...list.css.map((f) => `<link rel="preload" as="style" href="/${f}">`),
    ].join('');
    pages.set(route, pack(index.replace('</head>', `${links}</head>`)));
  }
  return pages;
}

/** The encoding to answer with, by the request's Accept-Encoding (brotli first). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
