import { createHash } from 'node:crypto';
import { GEOCODER_DISABLED, type GeoPlace } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import gcoord from 'gcoord';
import { badRequest } from '../../lib/app-error';
import type { ProviderSettings } from '../../provider-settings';
import type { Geocoder } from './geocoder';

/** An AMap field that is a string when known and an empty array when not. */
type Text = string | string[] | undefined;
const text = (value: Text) => (typeof value === 'string' ? value : '');

interface AmapAnswer {
  status?: string;
  info?: string;
  infocode?: string;
}
interface Tip {
  name?: Text;
  district?: Text;
  address?: Text;
  location?: Text;
}
interface Geocode {
  formatted_address?: Text;
  province?: Text;
  city?: Text;
  district?: Text;
  street?: Text;
  number?: Text;
  location?: Text;
}
interface Regeocode {
  formatted_address?: Text;
  addressComponent?: {
    province?: Text;
    city?: Text;
    district?: Text;
    township?: Text;
    streetNumber?: { street?: Text; number?: Text; location?: Text; distance?: Text };
  };
}

/** "福建省厦门市思明区" into its parts; a municipality (北京市东城区) is its own province and city. */
export function splitDistrict(line: string): { province: string; city: string; district: string } {
  const m = /^(.*?(?:省|自治区|特别行政区))?(.*?(?:市|自治州|地区|盟))?(.*)$/.exec(line)!;
  let [province, city] = [m[1] ?? '', m[2] ?? ''];
  const district = m[3] ?? '';
  if (!province && city) province = city;
  if (province && !city && /市$/.test(province)) city = province;
  return { province, city, district };
}

const addressOf = (p: { province: string; city: string; district: string }, street: string) =>
  `${p.province}${p.city === p.province ? '' : p.city}${p.district}${street}`;

/**
 * Geocoding through AMap's web service (decision 029): input tips for a keyword, the geocoder
 * for a typed address they do not cover, and reverse geocoding for a position. AMap works in
 * GCJ-02; the app and this interface in WGS-84, converted here with gcoord. With a private key
 * the requests carry AMap's digital signature (sig: the MD5 of the parameters sorted by name,
 * joined as k=v&..., followed by the private key). Nothing asked is kept or logged.
 */
export class AmapGeocoder implements Geocoder {
  readonly simulated = false;

  constructor(
    private readonly settings: ProviderSettings['amap'],
    private readonly log: FastifyBaseLogger,
  ) {}

  async search(keyword: string, opts: { city?: string; limit: number }): Promise<GeoPlace[]> {
    const city: Record<string, string> = opts.city ? { city: opts.city, citylimit: 'true' } : {};
    const tips = await this.call<{ tips?: Tip[] }>('/v3/assistant/inputtips', {
      keywords: keyword,
      datatype: 'all',
      ...city,
    });
    const places: GeoPlace[] = [];
    for (const tip of tips.tips ?? []) {
      const at = this.toWgs(text(tip.location));
      if (!at) continue; // a bus line or a category: nothing to stand on
      const parts = splitDistrict(text(tip.district));
      places.push({
        name: text(tip.name),
        address: addressOf(parts, text(tip.address)),
        ...parts,
        ...at,
      });
      if (places.length >= opts.limit) return places;
    }
    if (places.length) return places;
    // A whole address typed in: the geocoder knows it when the tips do not.
    const geo = await this.call<{ geocodes?: Geocode[] }>('/v3/geocode/geo', {
      address: keyword,
      ...(opts.city ? { city: opts.city } : {}),
    });
    for (const g of geo.geocodes ?? []) {
      const at = this.toWgs(text(g.location));
      if (!at) continue;
      const province = text(g.province);
      const parts = { province, city: text(g.city) || province, district: text(g.district) };
      const street = `${text(g.street)}${text(g.number)}`;
      places.push({
        name: text(g.formatted_address),
        address: addressOf(parts, street),
        ...parts,
        ...at,
      });
      if (places.length >= opts.limit) break;
    }
    return places;
  }

  async reverse(lat: number, lng: number) {
    const [gLng, gLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02);
    const answer = await this.call<{ regeocode?: Regeocode }>('/v3/geocode/regeo', {
      location: `${gLng.toFixed(6)},${gLat.toFixed(6)}`,
      extensions: 'base',
    });
    const c = answer.regeocode?.addressComponent;
    if (!answer.regeocode || !c || !text(c.province)) return null;
    const province = text(c.province);
    const parts = { province, city: text(c.city) || province, district: text(c.district) };
    const sn = c.streetNumber;
    const street = `${text(sn?.street)}${text(sn?.number)}`;
    const at = this.toWgs(text(sn?.location));
    // The street number names the position best; else the township, district or city it is in.
    const name = street || text(c.township) || parts.district || parts.city;
    return {
      place: {
        name,
        address: addressOf(parts, ''),
        ...parts,
        ...(at ?? { lat, lng }),
      },
      distanceM: at ? Math.round(Number(text(sn?.distance)) || 0) : 0,
    };
  }

  /** "lng,lat" in GCJ-02 as WGS-84 degrees; null when AMap gave no position. */
  private toWgs(location: string): { lat: number; lng: number } | null {
    const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(location);
    if (!m) return null;
    const [lng, lat] = gcoord.transform([Number(m[1]), Number(m[2])], gcoord.GCJ02, gcoord.WGS84);
    return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
  }

  /** One signed GET; AMap's refusals (status 0) become the app's "type the address" answer. */
  private async call<T>(path: string, params: Record<string, string>): Promise<T & AmapAnswer> {
    const all: Record<string, string> = { ...params, key: this.settings.key, output: 'JSON' };
    const query = new URLSearchParams(all);
    if (this.settings.privateKey) query.set('sig', amapSignature(all, this.settings.privateKey));
    let answer: T & AmapAnswer;
    try {
      const res = await fetch(`${this.settings.endpoint}${path}?${query.toString()}`, {
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!res.ok) throw new Error(`http ${res.status}`);
      answer = (await res.json()) as T & AmapAnswer;
    } catch (error) {
      throw this.unavailable(path, (error as Error).message);
    }
    if (answer.status !== '1') throw this.unavailable(path, `${answer.infocode} ${answer.info}`);
    return answer;
  }

  private unavailable(path: string, detail: string) {
    // Only what failed, never what was asked (a place typed, a position).
    this.log.error({ amap: { path, detail } }, 'AMap did not answer');
    return badRequest('地点搜索暂时不可用，请直接输入地址', undefined, GEOCODER_DISABLED);
  }
}

/** AMap's digital signature: md5 of the parameters sorted by name as k=v&k=v, then the private key. */
export function amapSignature(params: Record<string, string>, privateKey: string): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(`${sorted}${privateKey}`, 'utf8').digest('hex');
}
