import { describe, expect, it } from 'vitest';
import { isSafeLink, isSiteImage } from './safe-address';
import { safeLink, siteImage } from './safe-url';

/** Every hostile spelling the red team tried, and the cousins they did not. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  '\u200bjavascript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  'javascript%3Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  'blob:https://agent.example.com/0d7f',
  'file:///etc/passwd',
  '//203.0.113.9/x.png',
  '/\\evil.com',
  '\\\\evil.com',
  'http:/\\evil',
  'http:\\\\evil.com',
  'https:evil.com',
  'https:/evil.com',
  'https://',
  'https://bank.example@evil.example/x.apk',
  'https://evil.example/a b.apk',
  'https://evil.example/"onmouseover=alert(1)',
  'ftp://example.com/a.apk',
  '/static/../prod-api/api/logout',
  '/static/%2e%2e/x.png',
] as const;

describe('isSafeLink', () => {
  it.each(HOSTILE_URLS)('refuses %j', (url) => {
    expect(isSafeLink(url)).toBe(false);
  });

  it('accepts http(s) URLs with a host and paths of this site', () => {
    for (const url of [
      'https://downloads.example.com/pos-9.9.0.apk',
      'HTTPS://downloads.example.com/pos.apk',
      'http://intranet.example.com/pos.apk',
      'https://example.com:8443/a?b=1#c',
      'https://example.com/%E6%8B%93%E5%AE%A2%E5%AE%9D.apk',
      '/downloads/pos-agent-1.1.2.apk',
      '/pages/home/invitation/downIos',
      '/prod-api/files/12/abcdef',
      '/',
    ]) {
      expect(isSafeLink(url), url).toBe(true);
    }
  });

  it("refuses the API and the console as a link's destination, and http: when TLS is required", () => {
    expect(isSafeLink('/prod-api/api/logout')).toBe(false);
    expect(isSafeLink('/PROD-API/api/logout')).toBe(false);
    expect(isSafeLink('/admin/')).toBe(false);
    expect(isSafeLink('/administration-guide')).toBe(true);
    expect(isSafeLink('http://example.com/a.apk', { httpsOnly: true })).toBe(false);
    expect(isSafeLink('https://example.com/a.apk', { httpsOnly: true })).toBe(true);
    expect(isSafeLink('')).toBe(false);
    expect(isSafeLink(undefined)).toBe(false);
    expect(isSafeLink(42)).toBe(false);
  });
});

describe('the iOS enterprise install link', () => {
  const manifest = 'itms-services://?action=download-manifest&url=https://cdn.example.com/m.plist';

  it('is accepted only where asked for, in its exact form, with an https manifest', () => {
    expect(isSafeLink(manifest)).toBe(false);
    expect(isSafeLink(manifest, { iosManifest: true })).toBe(true);
    for (const bad of [
      'itms-services://?action=download-manifest&url=javascript:alert(1)',
      'itms-services://?action=download-manifest&url=http://cdn.example.com/m.plist',
      'itms-services://?action=download-manifest&url=//evil.example/m.plist',
      'itms-services://?action=download-manifest&url=/static/m.plist',
      'itms-services://?action=download-manifest&url=https://a.example/m&x=1',
      'ITMS-SERVICES://?action=download-manifest&url=https://cdn.example.com/m.plist',
      'itms-services://evil.example/?action=download-manifest&url=https://a.example/m.plist',
      `${manifest}\n`,
    ]) {
      expect(isSafeLink(bad, { iosManifest: true }), bad).toBe(false);
    }
  });
});

describe('isSiteImage', () => {
  it.each(HOSTILE_URLS)('refuses %j', (url) => {
    expect(isSiteImage(url)).toBe(false);
  });

  it('accepts only uploads and static images of this site', () => {
    expect(isSiteImage('/prod-api/files/3/9f86d081884c7d659a2feaa0c55ad015')).toBe(true);
    expect(isSiteImage('/static/banners/banner-1.svg')).toBe(true);
    expect(isSiteImage('/static/share-poster.svg')).toBe(true);
    expect(isSiteImage('https://cdn.example.com/x.png')).toBe(false);
    expect(isSiteImage('/pages/home/index')).toBe(false);
    expect(isSiteImage('/prod-api/api/logout')).toBe(false);
  });
});

describe('safeLink and siteImage as request fields', () => {
  it('name the field in Chinese and trim', () => {
    const link = safeLink('下载地址');
    const bad = link.safeParse('javascript:alert(1)');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^下载地址须以/);
    expect(link.safeParse('').error?.issues[0]?.message).toBe('请填写下载地址');
    expect(link.parse('  https://example.com/a.apk ')).toBe('https://example.com/a.apk');
    expect(link.safeParse(`https://example.com/${'a'.repeat(500)}`).error?.issues[0]?.message).toBe(
      '下载地址最多500个字符',
    );

    const image = siteImage('海报地址', { optional: true });
    expect(image.parse('')).toBe('');
    expect(image.safeParse('//203.0.113.9/x.png').error?.issues[0]?.message).toMatch(
      /^海报地址须为本站上传的图片/,
    );
  });
});
