import { createHash } from 'node:crypto';
import {
  GEOCODER_DISABLED,
  placeAddressLine,
  type LocationReverseResult,
  type LocationSearchResult,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { AmapGeocoder, amapSignature } from '../src/modules/location/amap-geocoder';
import { distanceMetres } from '../src/modules/location/simulated-geocoder';
import { configProblems } from '../src/ops/config-check';
import { describeProviders, loadProviderSettings } from '../src/provider-settings';
import { startAmapFake, type AmapPoi } from './fakes/amap-fake';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PRIVATE_KEY = '0f9e8d7c6b5a49382716f5e4d3c2b1a0';
/** Places as AMap keeps them, in GCJ-02. */
const POIS: AmapPoi[] = [
  {
    name: '厦门软件园二期',
    district: '福建省厦门市思明区',
    address: '观日路',
    lng: 118.185431,
    lat: 24.488012,
    township: '莲前街道',
    street: '观日路',
    number: '24号',
  },
  {
    name: '天府软件园',
    district: '四川省成都市武侯区',
    address: '天府大道中段1268号',
    lng: 104.069451,
    lat: 30.545763,
    township: '桂溪街道',
    street: '天府大道中段',
    number: '1268号',
  },
];

const fake = await startAmapFake({ key: KEY, privateKey: PRIVATE_KEY }, POIS);
const env = { AMAP_KEY: KEY, AMAP_PRIVATE_KEY: PRIVATE_KEY, AMAP_ENDPOINT: fake.endpoint };
const ctx = await createTestContext({ geocoder: 'amap', providers: loadProviderSettings(env) });
const { app } = ctx;

let token: string;
beforeAll(async () => {
  token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
});
const search = (payload: object) =>
  agentCall<LocationSearchResult>(app, token, 'POST', '/app/api/location/search', payload);
const reverse = (payload: object) =>
  agentCall<LocationReverseResult>(app, token, 'POST', '/app/api/location/reverse', payload);

describe('GEOCODER=amap through the web service', () => {
  it('searches with input tips, signed, and answers places in WGS-84 with their province, city and district', async () => {
    const res = await search({ keyword: '软件园' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.simulated).toBe(false);
    // The bus-line tip has no position and is left out.
    expect(res.data.places.map((p) => p.name)).toEqual(['厦门软件园二期', '天府软件园']);
    const park = res.data.places[0]!;
    expect(park).toMatchObject({ province: '福建省', city: '厦门市', district: '思明区' });
    expect(placeAddressLine(park)).toBe('福建省厦门市思明区观日路厦门软件园二期');
    // GCJ-02 lies a few hundred metres off WGS-84 in China: the answer is converted.
    const offset = distanceMetres(park.lat, park.lng, POIS[0]!.lat, POIS[0]!.lng);
    expect(offset).toBeGreaterThan(100);
    expect(offset).toBeLessThan(1000);
    const asked = fake.asked.at(-1)!;
    expect(asked.path).toBe('/v3/assistant/inputtips');
    expect(asked.params).toMatchObject({ key: KEY, keywords: '软件园' });
    expect(asked.params.sig).toMatch(/^[0-9a-f]{32}$/);
  });

  it('limits the tips to a city, and geocodes a whole address the tips do not know', async () => {
    const inChengdu = await search({ keyword: '软件园', city: '成都' });
    expect(inChengdu.data.places.map((p) => p.name)).toEqual(['天府软件园']);
    expect(fake.asked.at(-1)!.params).toMatchObject({ city: '成都', citylimit: 'true' });

    const typed = await search({ keyword: '厦门市思明区观日路24号' });
    expect(typed.code, typed.msg).toBe(200);
    expect(fake.asked.at(-1)!.path).toBe('/v3/geocode/geo');
    expect(typed.data.places[0]).toMatchObject({
      name: '福建省厦门市思明区观日路24号',
      province: '福建省',
      city: '厦门市',
      district: '思明区',
    });
  });

  it('names a WGS-84 position by its street number, asking AMap in GCJ-02', async () => {
    const park = (await search({ keyword: '厦门软件园二期' })).data.places[0]!;
    const res = await reverse({ lat: park.lat, lng: park.lng });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.place).toMatchObject({
      name: '观日路24号',
      address: '福建省厦门市思明区',
      city: '厦门市',
    });
    // The position sent back to AMap is the place's own GCJ-02 spot (within a metre).
    const [lng, lat] = fake.asked.at(-1)!.params.location!.split(',').map(Number) as [
      number,
      number,
    ];
    expect(distanceMetres(lat, lng, POIS[0]!.lat, POIS[0]!.lng)).toBeLessThan(1);
    expect(res.data.distanceM).toBe(0);
  });

  it('answers "type the address" when AMap refuses the key or the signature', async () => {
    const refused = fake.refusedSignatures;
    const badSignature = new AmapGeocoder(
      loadProviderSettings({ ...env, AMAP_PRIVATE_KEY: 'not-the-private-key' }).amap,
      app.log,
    );
    await expect(badSignature.search('软件园', { limit: 5 })).rejects.toMatchObject({
      message: '地点搜索暂时不可用，请直接输入地址',
      err: GEOCODER_DISABLED,
    });
    expect(fake.refusedSignatures).toBe(refused + 1);
    const otherKey = new AmapGeocoder(
      loadProviderSettings({ ...env, AMAP_KEY: 'someone-elses-key' }).amap,
      app.log,
    );
    await expect(otherKey.reverse(24.48, 118.18)).rejects.toMatchObject({ err: GEOCODER_DISABLED });
  });
});

describe('AMap settings', () => {
  it("signs as AMap's documentation shows: sorted parameters, then the private key", () => {
    const sig = amapSignature({ output: 'JSON', key: 'k1', address: '北京' }, 'pk');
    const text = 'address=北京&key=k1&output=JSONpk';
    expect(sig).toBe(createHash('md5').update(text).digest('hex'));
  });

  it('needs a key when chosen, and shows it masked', () => {
    const lacking = { GEOCODER: 'amap' };
    expect(configProblems(loadConfig(lacking), lacking)).toContain(
      'AMAP_KEY must be set for the chosen provider',
    );
    const slow = { GEOCODER: 'amap', ...env, AMAP_TIMEOUT_MS: 'soon' };
    expect(configProblems(loadConfig(slow), slow)).toEqual([
      'AMAP_TIMEOUT_MS must be a whole number of milliseconds, at least 100',
    ]);
    const described = describeProviders(loadConfig({ GEOCODER: 'amap', ...env }));
    expect(described.geocoder).toMatchObject({ geocoder: 'amap', signed: true });
    expect(JSON.stringify(described)).not.toContain(KEY);
    expect(JSON.stringify(described)).not.toContain(PRIVATE_KEY);
  });
});
