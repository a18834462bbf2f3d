import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The CSP hash source ('sha256-…') of each inline script of a page: the text between
 * <script> and </script> of every script element without a src, as the browser hashes it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    const body = m[2]!;
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline script hashes of the page shells that exist (index.html of each built app). */
export function pageScriptHashes(pages: string[]): string[] {
  const all = new Set<string>();
  for (const file of pages) {
    if (!existsSync(file)) continue;
    for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) all.add(hash);
  }
  return [...all];
}

/**
 * The policy every page and answer carries. Scripts come only from this origin and the page
 * shells' own inline scripts, by hash (read once at start, like the rest of the built apps);
 * styles may be inline (antd, antd-mobile and swagger-ui set them); images may also come from
 * data:, blob: (previews of the images an agent picks) and any https: address (operators store
 * banner image URLs); videos from this origin or any https: address (the business school's
 * videos are https links operators publish); no page may be framed.
 */
export function contentSecurityPolicy(scriptHashes: string[]) {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The options of the security headers (helmet's names): see registerSecurityHeaders. */
export function securityHeaderOptions(scriptHashes: string[]): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(scriptHashes) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The native shells (capacitor://localhost) show the published files across origins.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The headers helmet sets for these options, as [name, value] in its order, worked out once:
 * none of them depends on the request (the policy has no nonces and no per-request directives).
 */
export function fixedSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
    },
  );
  return headers;
}

/**
 * Security headers on every answer (helmet's): the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy no-referrer, HSTS (browsers heed it only over
 * https, so plain http on localhost is unaffected) and the cross-origin isolation headers.
 * upgrade-insecure-requests is left out: it would send a plain-http deployment's own requests
 * to https.
 *
 * The headers are worked out once at start and set by one callback hook (issue 35). The
 * @fastify/helmet plugin this replaces built helmet's whole middleware again on every request
 * (parsing the options and the policy each time) behind two hooks, one of them async: about a
 * twentieth of the server's CPU on a small API read. They are set on the raw response, as helmet
 * sets them, so a route's own headers (STORED_FILE_HEADERS) still override them.
 */
export function registerSecurityHeaders(app: FastifyInstance, pages: string[]) {
  const headers = fixedSecurityHeaders(securityHeaderOptions(pageScriptHashes(pages)));
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/**
 * Headers of an answer carrying stored bytes (published files, merchant images): its type is
 * never guessed, it runs nothing when opened on its own, and other origins (the native shells)
 * may show it as an image.
 */
export const STORED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
} as const;
