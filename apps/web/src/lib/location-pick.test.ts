import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseLocationUrl,
  clearLocationPick,
  finishLocationPick,
  isReturnPath,
  LOCATION_PICK_TTL_MS,
  openLocationUrl,
  parseShownLocation,
  readLocationPick,
  startLocationPick,
  type PickedLocation,
} from './location-pick';

const PAGE = '/pages/home/merchantSupplement/changeInfo?id=7';
const picked: PickedLocation = {
  name: '厦门软件园二期',
  address: '福建省厦门市思明区观日路厦门软件园二期',
  lat: 24.4906,
  lng: 118.1795,
  source: 'search',
};

afterEach(() => sessionStorage.clear());

describe('handing a chosen location back', () => {
  it('gives the asking page its draft and the place chosen, until it clears them', () => {
    startLocationPick(PAGE, { licenceName: '鑫便利店' }, 1_000);
    finishLocationPick(PAGE, picked, 2_000);
    expect(readLocationPick(PAGE, 3_000)).toEqual({
      draft: { licenceName: '鑫便利店' },
      picked,
    });
    // Another page, or the same path with another merchant, has nothing waiting.
    expect(readLocationPick('/pages/home/merchantSupplement/changeInfo?id=8', 3_000)).toBeNull();
    clearLocationPick(PAGE);
    expect(readLocationPick(PAGE, 3_000)).toBeNull();
  });

  it('gives the draft back without a place when the agent came back without choosing', () => {
    startLocationPick(PAGE, { a: 1 }, 1_000);
    expect(readLocationPick(PAGE, 2_000)).toEqual({ draft: { a: 1 }, picked: null });
  });

  it('answers a chooser opened directly with the place and no draft', () => {
    finishLocationPick(PAGE, picked, 1_000);
    expect(readLocationPick(PAGE, 1_000)).toEqual({ draft: null, picked });
  });

  it('forgets a ticket nobody came back for, and ignores one that is not well formed', () => {
    startLocationPick(PAGE, { a: 1 }, 1_000);
    expect(readLocationPick(PAGE, 1_000 + LOCATION_PICK_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(`location-pick:${PAGE}`)).toBeNull();
    sessionStorage.setItem(`location-pick:${PAGE}`, '{not json');
    expect(readLocationPick(PAGE)).toBeNull();
    sessionStorage.setItem(
      `location-pick:${PAGE}`,
      JSON.stringify({ atMs: Date.now(), draft: null, picked: { name: 1 } }),
    );
    expect(readLocationPick(PAGE)).toEqual({ draft: null, picked: null });
  });
});

describe('addresses of the location pages', () => {
  it('returns only to pages of this app', () => {
    expect(isReturnPath(PAGE)).toBe(true);
    expect(isReturnPath('/pages/home/home/index')).toBe(true);
    for (const bad of [
      null,
      '',
      'https://evil.example/pages/home/home/index',
      '//evil.example/pages/home/home/index',
      '/\\evil.example',
      '/pages/not/a/page',
      'pages/home/home/index',
    ]) {
      expect(isReturnPath(bad), String(bad)).toBe(false);
    }
  });

  it('builds the chooser address with where to return and the address to start from', () => {
    const url = new URL(
      chooseLocationUrl({ returnTo: PAGE, address: ' 示范市中心区2号 ' }),
      'http://x',
    );
    expect(url.pathname).toBe('/pages/location/choose');
    expect(url.searchParams.get('returnTo')).toBe(PAGE);
    expect(url.searchParams.get('address')).toBe('示范市中心区2号');
    expect(url.searchParams.has('city')).toBe(false);
  });

  it('round-trips a location through the open-location address', () => {
    const url = new URL(openLocationUrl({ ...picked }), 'http://x');
    expect(url.pathname).toBe('/pages/location/open');
    expect(parseShownLocation(url.searchParams)).toEqual({
      name: picked.name,
      address: picked.address,
      lat: 24.4906,
      lng: 118.1795,
    });
    const noPoint = new URL(openLocationUrl({ name: '店', address: '路1号' }), 'http://x');
    expect(noPoint.searchParams.has('lat')).toBe(false);
    expect(parseShownLocation(noPoint.searchParams)).toEqual({
      name: '店',
      address: '路1号',
      lat: null,
      lng: null,
    });
  });

  it('drops coordinates that are out of range or half a pair, and names nothing from nothing', () => {
    const parse = (q: string) => parseShownLocation(new URLSearchParams(q));
    expect(parse('address=路1号&lat=95&lng=118')).toMatchObject({ lat: null, lng: null });
    expect(parse('address=路1号&lat=24.5')).toMatchObject({ lat: null, lng: null });
    expect(parse('address=路1号&lat=abc&lng=118')).toMatchObject({ lat: null, lng: null });
    expect(parse('lat=24.5&lng=118.1')).toEqual({ name: '', address: '', lat: 24.5, lng: 118.1 });
    expect(parse('')).toBeNull();
    expect(parse('lat=24.5')).toBeNull();
  });
});
