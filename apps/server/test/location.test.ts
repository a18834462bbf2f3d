import {
  GEOCODER_DISABLED,
  LOCATION_SEARCH_LIMIT,
  placeAddressLine,
  type LocationReverseResult,
  type LocationSearchResult,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { GAZETTEER } from '../src/modules/location/gazetteer';
import { SimulatedGeocoder } from '../src/modules/location/simulated-geocoder';
import { configProblems } from '../src/ops/config-check';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * The geocoding adapter behind the app's choose-location page: keyword search and naming a
 * position through the built-in simulated gazetteer, the messages that name a wrong field, the
 * answer while GEOCODER=disabled, and no answer without a session.
 */
const ctx = await createTestContext();
const { app } = ctx;

let token: string;
beforeAll(async () => {
  token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
});

const search = (payload: object) =>
  agentCall<LocationSearchResult>(app, token, 'POST', '/app/api/location/search', payload);
const reverse = (payload: object) =>
  agentCall<LocationReverseResult>(app, token, 'POST', '/app/api/location/reverse', payload);

describe('search', () => {
  it('answers places matching a keyword, the closest match first, with coordinates', async () => {
    const res = await search({ keyword: '厦门' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.simulated).toBe(true);
    const names = res.data.places.map((p) => p.name);
    expect(names[0]).toBe('厦门市');
    expect(names).toContain('厦门软件园二期');
    // Places that only lie in Xiamen come after those whose name starts with the keyword.
    expect(names.indexOf('思明区')).toBeGreaterThan(names.indexOf('厦门软件园二期'));
    const park = res.data.places.find((p) => p.name === '厦门软件园二期')!;
    expect(park).toMatchObject({
      address: '福建省厦门市思明区观日路',
      province: '福建省',
      city: '厦门市',
      district: '思明区',
    });
    expect(park.lat).toBeCloseTo(24.49, 1);
    expect(park.lng).toBeCloseTo(118.18, 1);
    expect(placeAddressLine(park)).toBe('福建省厦门市思明区观日路厦门软件园二期');
  });

  it('finds a place by another name, by part of its name and within a city', async () => {
    expect((await search({ keyword: '软件园二期' })).data.places[0]!.name).toBe('厦门软件园二期');
    const parks = (await search({ keyword: '软件园' })).data.places.map((p) => p.name);
    expect(parks).toEqual(expect.arrayContaining(['厦门软件园二期', '天府软件园']));
    const inChengdu = await search({ keyword: '软件园', city: '成都' });
    expect(inChengdu.data.places.map((p) => p.name)).toEqual(['天府软件园']);
    // The city filter takes the name with or without 市, and an empty one means anywhere.
    expect((await search({ keyword: '软件园', city: '成都市' })).data.places).toHaveLength(1);
    expect((await search({ keyword: '软件园', city: '' })).data.places.length).toBeGreaterThan(1);
  });

  it('reads a whole address typed in, the most specific place it names first', async () => {
    const res = await search({ keyword: '福建省厦门市思明区观日路2号' });
    expect(res.data.places.map((p) => p.name).slice(0, 3)).toEqual([
      '厦门软件园二期',
      '思明区',
      '厦门市',
    ]);
    // Words separated by spaces must all match.
    expect((await search({ keyword: '成都 春熙路' })).data.places[0]!.name).toBe('春熙路');
  });

  it('answers the same places every time, never more than the limit, none for the unknown', async () => {
    const first = await search({ keyword: '区' });
    const again = await search({ keyword: '区' });
    expect(again.data).toEqual(first.data);
    expect(first.data.places).toHaveLength(LOCATION_SEARCH_LIMIT);
    const none = await search({ keyword: '不存在的地方' });
    expect(none.code).toBe(200);
    expect(none.data.places).toEqual([]);
  });

  it('refuses a missing, empty or overlong keyword, naming the field', async () => {
    for (const payload of [{}, { keyword: '   ' }, { keyword: 5 }]) {
      const res = await search(payload);
      expect(res.code).toBe(400);
      expect(res.field).toBe('keyword');
      expect(res.msg).toBe('请输入搜索关键词');
    }
    const long = await search({ keyword: '厦'.repeat(51) });
    expect(long).toMatchObject({ code: 400, field: 'keyword', msg: '搜索关键词不能超过50个字' });
    const city = await search({ keyword: '厦门', city: '厦'.repeat(21) });
    expect(city).toMatchObject({ code: 400, field: 'city', msg: '城市不能超过20个字' });
  });

  it('marks the answer as not to be stored', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/app/api/location/search',
      headers: { authorization: `Bearer ${token}` },
      payload: { keyword: '厦门' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('reverse', () => {
  it('names a position by the landmark it is at', async () => {
    const res = await reverse({ lat: 24.4907, lng: 118.1797 });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.simulated).toBe(true);
    expect(res.data.place).toMatchObject({
      name: '厦门软件园二期',
      address: '福建省厦门市思明区观日路',
    });
    expect(res.data.distanceM).toBeGreaterThanOrEqual(0);
    expect(res.data.distanceM).toBeLessThan(100);
  });

  it('names a position away from every landmark by its district', async () => {
    // About 3 km east of the software park, nearer it than any other row of the gazetteer.
    const res = await reverse({ lat: 24.4906, lng: 118.21 });
    expect(res.data.place).toMatchObject({ name: '思明区', address: '福建省厦门市思明区' });
  });

  it('answers no place far from everything it knows', async () => {
    const res = await reverse({ lat: 0, lng: 0 });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ simulated: true, place: null, distanceM: null });
  });

  it('refuses coordinates out of range or not numbers, naming the field', async () => {
    for (const [payload, field, msg] of [
      [{ lat: 90.5, lng: 118 }, 'lat', '纬度应在-90到90之间'],
      [{ lat: -91, lng: 118 }, 'lat', '纬度应在-90到90之间'],
      [{ lat: 24, lng: 180.01 }, 'lng', '经度应在-180到180之间'],
      [{ lat: 24, lng: -181 }, 'lng', '经度应在-180到180之间'],
      [{ lat: '24.49', lng: 118 }, 'lat', '纬度应为数字'],
      [{ lat: 24 }, 'lng', '经度应为数字'],
    ] as const) {
      const res = await reverse(payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ code: 400, field, msg });
    }
  });
});

describe('who may ask, and a disabled geocoder', () => {
  it('refuses callers without a session', async () => {
    for (const url of ['/prod-api/app/api/location/search', '/prod-api/app/api/location/reverse']) {
      const res = await app.inject({ method: 'POST', url, payload: { keyword: '厦门' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe(401);
    }
  });

  it('answers that search is unavailable while GEOCODER=disabled', async () => {
    ctx.config.geocoder = 'disabled';
    try {
      for (const res of [
        await search({ keyword: '厦门' }),
        await reverse({ lat: 24.49, lng: 118.18 }),
      ]) {
        expect(res).toMatchObject({
          code: 400,
          msg: '地点搜索暂未开放，请直接输入地址',
          err: GEOCODER_DISABLED,
        });
      }
    } finally {
      ctx.config.geocoder = 'simulated';
    }
    expect((await search({ keyword: '厦门' })).code).toBe(200);
  });

  it('takes GEOCODER=simulated in production and refuses an unknown value', () => {
    const prod = { NODE_ENV: 'production', GEOCODER: 'simulated' };
    expect(configProblems(loadConfig(prod), prod).join('\n')).not.toContain('GEOCODER');
    const bad = { GEOCODER: 'baidu' };
    expect(configProblems(loadConfig(bad), bad)).toEqual([
      'GEOCODER must be simulated, disabled or amap (got baidu)',
    ]);
  });
});

describe('the API document', () => {
  it('describes both calls', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/prod-api/docs/json' })).json() as {
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    };
    for (const path of [
      '/prod-api/app/api/location/search',
      '/prod-api/app/api/location/reverse',
    ]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeTruthy();
    }
  });
});

describe('the gazetteer', () => {
  it('holds places in China with full addresses, and the simulator keeps no state', async () => {
    for (const e of GAZETTEER) {
      expect(e.lat, e.name).toBeGreaterThan(3);
      expect(e.lat, e.name).toBeLessThan(54);
      expect(e.lng, e.name).toBeGreaterThan(73);
      expect(e.lng, e.name).toBeLessThan(136);
      expect(e.province && e.city && e.name, e.name).toBeTruthy();
      if (e.kind !== 'city') expect(e.district, e.name).not.toBe('');
    }
    const geocoder = new SimulatedGeocoder();
    await geocoder.reverse(24.49, 118.18);
    await geocoder.search('厦门', { limit: 5 });
    expect(Object.keys(geocoder).sort()).toEqual(['entries', 'simulated']);
  });
});
