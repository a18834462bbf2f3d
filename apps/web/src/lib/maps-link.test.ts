import { describe, expect, it } from 'vitest';
import { mapsTarget, mapsUrl } from './maps-link';

const park = {
  name: '厦门软件园二期',
  address: '福建省厦门市思明区观日路',
  lat: 24.4906,
  lng: 118.1795,
};
const shop = { name: '鑫便利店1号', address: '示范市中心区2号', lat: null, lng: null };

describe('maps links', () => {
  it('marks a point on Amap in a browser, longitude first, saying the coordinates are WGS-84', () => {
    const url = new URL(mapsUrl(park, 'web')!);
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe('118.1795,24.4906');
    expect(url.searchParams.get('name')).toBe('厦门软件园二期');
    expect(url.searchParams.get('coordinate')).toBe('wgs84');
    expect(url.searchParams.get('callnative')).toBe('1');
    expect(url.searchParams.get('src')).toBeTruthy();
  });

  it('searches the address on Amap when there are no coordinates', () => {
    const url = new URL(mapsUrl(shop, 'web')!);
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/search');
    expect(url.searchParams.get('keyword')).toBe('示范市中心区2号');
  });

  it('gives Android a geo: URI with the point and its label, or the address as the query', () => {
    expect(mapsUrl(park, 'android')).toBe(
      `geo:24.4906,118.1795?q=24.4906,118.1795(${encodeURIComponent('厦门软件园二期')})`,
    );
    expect(mapsUrl(shop, 'android')).toBe(`geo:0,0?q=${encodeURIComponent('示范市中心区2号')}`);
    // Parentheses would end the label early.
    expect(mapsUrl({ ...park, name: '店(总店)' }, 'android')).toContain(
      `(${encodeURIComponent('店 总店')})`,
    );
  });

  it('gives iOS an Apple Maps link', () => {
    expect(mapsUrl(park, 'ios')).toBe(
      `https://maps.apple.com/?ll=24.4906,118.1795&q=${encodeURIComponent('厦门软件园二期')}`,
    );
    expect(mapsUrl(shop, 'ios')).toBe(
      `https://maps.apple.com/?q=${encodeURIComponent('示范市中心区2号')}`,
    );
  });

  it('rounds coordinates to six decimals and names nothing when there is nothing', () => {
    expect(mapsUrl({ ...park, lat: 24.123456789, lng: 118.987654321 }, 'web')).toContain(
      'position=118.987654,24.123457',
    );
    expect(mapsUrl({ name: '', address: '', lat: null, lng: null }, 'web')).toBeNull();
    expect(mapsUrl({ name: '', address: '', lat: 1, lng: 2 }, 'web')).toBe(
      'https://uri.amap.com/marker?position=2,1&src=tuokebao&coordinate=wgs84&callnative=1',
    );
  });

  it("offers the web link outside the native app, and the platform's link inside it", () => {
    expect(mapsTarget()).toBe('web');
    const w = window as unknown as { Capacitor?: object };
    try {
      for (const platform of ['ios', 'android'] as const) {
        w.Capacitor = { isNativePlatform: () => true, getPlatform: () => platform };
        expect(mapsTarget()).toBe(platform);
      }
    } finally {
      delete w.Capacitor;
    }
  });
});
