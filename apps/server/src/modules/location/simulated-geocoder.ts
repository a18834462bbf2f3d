import type { GeoPlace } from '@pos/core';
import { GAZETTEER, type GazetteerEntry, type GazetteerKind } from './gazetteer';
import type { Geocoder } from './geocoder';

/** Beyond this the simulator knows nothing near a position (the gazetteer is small). */
const REVERSE_RADIUS_M = 50_000;
/** A landmark farther than this does not name a position: its district does. */
const LANDMARK_RADIUS_M = 1_000;

/** How specific a kind of place is: among equal matches inside a typed address, the finer wins. */
const SPECIFICITY: Record<GazetteerKind, number> = { city: 0, district: 2, landmark: 4 };

/** Keyword text compared as people type it: no spaces, Latin letters in lower case. */
const normalise = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/** The search tokens of a keyword: words split at spaces and punctuation people put between them. */
function tokens(keyword: string): string[] {
  return keyword
    .split(/[\s,，、;；]+/)
    .map(normalise)
    .filter(Boolean);
}

/** A city filter matches with or without its 市 (厦门, 厦门市). */
const cityStem = (city: string) => normalise(city).replace(/市$/, '');

function addressOf(e: Pick<GazetteerEntry, 'province' | 'city' | 'district' | 'street'>): string {
  // A municipality is its own province: 北京市东城区, not 北京市北京市东城区.
  const city = e.city === e.province ? '' : e.city;
  return `${e.province}${city}${e.district}${e.street}`;
}

function placeOf(e: GazetteerEntry): GeoPlace {
  return {
    name: e.name,
    address: addressOf(e),
    province: e.province,
    city: e.city,
    district: e.district,
    lat: e.lat,
    lng: e.lng,
  };
}

/** How well one token matches a place; 0 when it does not. */
function tokenScore(token: string, e: GazetteerEntry, fullText: string): number {
  const name = normalise(e.name);
  const aliases = e.aliases.map(normalise);
  if (name === token) return 100;
  if (aliases.includes(token)) return 95;
  if (name.startsWith(token)) return 80;
  if (aliases.some((a) => a.startsWith(token))) return 75;
  if (name.includes(token)) return 60;
  if (aliases.some((a) => a.includes(token))) return 55;
  if (fullText.includes(token)) return 30;
  // A whole address typed in: the places it names, the most specific first.
  if (e.street.length >= 2 && token.includes(normalise(e.street))) {
    return 21 + SPECIFICITY[e.kind];
  }
  if (name.length >= 2 && token.includes(name)) return 20 + SPECIFICITY[e.kind];
  return 0;
}

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Geocoding on this machine, from the built-in gazetteer: deterministic (the same question always
 * gets the same answer, equal matches in the gazetteer's order) and offline. Nothing asked is
 * kept.
 */
export class SimulatedGeocoder implements Geocoder {
  readonly simulated = true;

  constructor(private readonly entries: readonly GazetteerEntry[] = GAZETTEER) {}

  async search(keyword: string, opts: { city?: string; limit: number }): Promise<GeoPlace[]> {
    const words = tokens(keyword);
    if (!words.length) return [];
    const city = opts.city ? cityStem(opts.city) : '';
    const scored: { entry: GazetteerEntry; score: number; index: number }[] = [];
    this.entries.forEach((entry, index) => {
      if (city && !normalise(entry.city).startsWith(city)) return;
      const fullText = normalise(`${addressOf(entry)}${entry.name}${entry.aliases.join('')}`);
      let score = 0;
      for (const word of words) {
        const s = tokenScore(word, entry, fullText);
        if (s === 0) return;
        score += s;
      }
      scored.push({ entry, score, index });
    });
    scored.sort((a, b) => b.score - a.score || a.index - b.index);
    return scored.slice(0, opts.limit).map((s) => placeOf(s.entry));
  }

  async reverse(lat: number, lng: number) {
    let nearest: { entry: GazetteerEntry; distanceM: number } | null = null;
    for (const entry of this.entries) {
      const distanceM = distanceMetres(lat, lng, entry.lat, entry.lng);
      if (!nearest || distanceM < nearest.distanceM) nearest = { entry, distanceM };
    }
    if (!nearest || nearest.distanceM > REVERSE_RADIUS_M) return null;
    const { entry, distanceM } = nearest;
    if (entry.kind !== 'landmark' || distanceM <= LANDMARK_RADIUS_M) {
      return { place: placeOf(entry), distanceM: Math.round(distanceM) };
    }
    // Too far from the landmark to take its name or its road: the district it lies in, or its
    // city where the gazetteer has no row for that district.
    const area =
      this.entries.find(
        (e) => e.kind === 'district' && e.city === entry.city && e.district === entry.district,
      ) ?? this.entries.find((e) => e.kind === 'city' && e.city === entry.city);
    if (!area) return { place: placeOf(entry), distanceM: Math.round(distanceM) };
    return {
      place: placeOf(area),
      distanceM: Math.round(distanceMetres(lat, lng, area.lat, area.lng)),
    };
  }
}
