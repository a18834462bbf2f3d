import { appPlatform, isNativeApp } from './env';
import type { ShownLocation } from './location-pick';

/**
 * Links that open a location in the phone's maps app. Inside the native shells the web view hands
 * any address outside the app to the system: on Android a geo: URI (RFC 5870) lets the agent pick
 * a maps app; on iOS an Apple Maps link opens Maps. In a browser the link is Amap's web URI,
 * which shows the place and offers its app where installed.
 *
 * Coordinates are WGS-84 (what the device and the geocoder give): geo: URIs are WGS-84 by
 * definition, and the Amap link says so (coordinate=wgs84) rather than leaving it to assume its
 * own GCJ-02.
 */
export type MapsTarget = 'android' | 'ios' | 'web';

/** Amap's URI API asks callers to name themselves. */
const AMAP_SOURCE = 'tuokebao';

/** Where this app runs, for the link it should offer. */
export function mapsTarget(): MapsTarget {
  if (!isNativeApp()) return 'web';
  return appPlatform() === 'ios' ? 'ios' : 'android';
}

const degrees = (v: number) => String(Number(v.toFixed(6)));

/** A label inside geo:'s q=lat,lng(label) cannot hold parentheses. */
const geoLabel = (text: string) => text.replace(/[()]/g, ' ').trim();

/** The link for a location on a target, or null when the location names nothing to show. */
export function mapsUrl(loc: ShownLocation, target: MapsTarget): string | null {
  const label = loc.name || loc.address;
  const text = loc.address || loc.name;
  const hasPoint = loc.lat !== null && loc.lng !== null;
  if (!hasPoint && !text) return null;
  const enc = encodeURIComponent;
  if (target === 'android') {
    if (!hasPoint) return `geo:0,0?q=${enc(text)}`;
    const at = `${degrees(loc.lat!)},${degrees(loc.lng!)}`;
    return `geo:${at}?q=${at}${label ? `(${enc(geoLabel(label))})` : ''}`;
  }
  if (target === 'ios') {
    if (!hasPoint) return `https://maps.apple.com/?q=${enc(text)}`;
    const at = `${degrees(loc.lat!)},${degrees(loc.lng!)}`;
    return `https://maps.apple.com/?ll=${at}${label ? `&q=${enc(label)}` : ''}`;
  }
  if (!hasPoint) {
    return `https://uri.amap.com/search?keyword=${enc(text)}&src=${AMAP_SOURCE}&callnative=1`;
  }
  // Amap takes longitude first.
  const position = `${degrees(loc.lng!)},${degrees(loc.lat!)}`;
  return (
    `https://uri.amap.com/marker?position=${position}` +
    `${label ? `&name=${enc(label)}` : ''}&src=${AMAP_SOURCE}&coordinate=wgs84&callnative=1`
  );
}
