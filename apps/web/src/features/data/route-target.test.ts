import { describe, expect, it } from 'vitest';
import { resolveRoute } from './route-target';

const origin = 'https://app.example.com';

describe('com-route target', () => {
  it('opens a page of the app, keeping its query', () => {
    expect(resolveRoute('/pages/data/index', origin)).toBe('/pages/data/index');
    expect(resolveRoute('/pages/home/tripartiteData/info?sn=LD00000001', origin)).toBe(
      '/pages/home/tripartiteData/info?sn=LD00000001',
    );
    expect(resolveRoute('  /pages/home/notice/notice?id=3 ', origin)).toBe(
      '/pages/home/notice/notice?id=3',
    );
  });

  it('refuses anything else: other sites, unknown paths, itself, nothing', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example.com/pages/data/index',
      '//evil.example.com/pages/data/index',
      '/\\evil.example.com/pages/data/index',
      'javascript:alert(1)',
      '/pages/data/nope',
      '/pages/home/com-route/com-route?path=/pages/data/index',
      'pages/data/index',
    ]) {
      expect(resolveRoute(raw, origin), String(raw)).toBeNull();
    }
  });
});
