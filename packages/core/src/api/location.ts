import { z } from 'zod';
import { LOCATION_KEYWORD_MAX } from '../location';

/**
 * Choosing and showing locations (issue 13): the app's built-in choose-location page searches
 * places by keyword and names the device's position through the server's geocoding adapter;
 * the open-location page hands a place to the phone's maps app.
 *
 * Coordinates are WGS-84 degrees throughout, as the device's geolocation gives them and as
 * geo: URIs (RFC 5870) expect them; a map link that needs another datum says which it was given.
 */

export const locationSearchRequest = z.object({
  keyword: z
    .string({ error: '请输入搜索关键词' })
    .trim()
    .min(1, '请输入搜索关键词')
    .max(LOCATION_KEYWORD_MAX, `搜索关键词不能超过${LOCATION_KEYWORD_MAX}个字`),
  // An empty city means anywhere, so the app may send what its city field holds as it is.
  city: z
    .string({ error: '城市格式错误' })
    .trim()
    .max(20, '城市不能超过20个字')
    .optional()
    .transform((v) => v || undefined),
});
export type LocationSearchRequest = z.input<typeof locationSearchRequest>;

const degrees = (label: string, limit: number) =>
  z
    .number({ error: `${label}应为数字` })
    .min(-limit, `${label}应在-${limit}到${limit}之间`)
    .max(limit, `${label}应在-${limit}到${limit}之间`);

export const locationReverseRequest = z.object({
  lat: degrees('纬度', 90),
  lng: degrees('经度', 180),
});
export type LocationReverseRequest = z.infer<typeof locationReverseRequest>;

/** A place the geocoder knows: its name, the address it lies at, and where it is. */
export const geoPlace = z.object({
  name: z.string(),
  /** Province, city, district and street as one line, e.g. 福建省厦门市思明区观日路. */
  address: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type GeoPlace = z.infer<typeof geoPlace>;

export const locationSearchResult = z.object({
  /** True when the answer comes from the built-in offline gazetteer, not a map provider. */
  simulated: z.boolean(),
  places: z.array(geoPlace),
});
export type LocationSearchResult = z.infer<typeof locationSearchResult>;

export const locationReverseResult = z.object({
  simulated: z.boolean(),
  /** The place nearest the position, or null when the geocoder knows nothing near it. */
  place: geoPlace.nullable(),
  /** How far the position is from that place, in metres (rounded). */
  distanceM: z.number().nullable(),
});
export type LocationReverseResult = z.infer<typeof locationReverseResult>;
