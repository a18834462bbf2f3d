import { GEOCODER_DISABLED, type GeoPlace } from '@pos/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { AmapGeocoder } from './amap-geocoder';
import { SimulatedGeocoder } from './simulated-geocoder';

/**
 * The one interface between the app and a geocoding provider (a map service's place search and
 * reverse geocoding). Coordinates are WGS-84 degrees both ways; an adapter for a provider that
 * works in another datum (GCJ-02, BD-09) converts at its edge.
 *
 * What an adapter is asked is personal data (where an agent stands, what address it types), so
 * an adapter keeps nothing: no cache of questions or answers, no log of coordinates.
 */
export interface Geocoder {
  /** True for the built-in offline gazetteer. */
  readonly simulated: boolean;
  /** Places matching a keyword (a name, a road, or a whole address), best first. */
  search(keyword: string, opts: { city?: string; limit: number }): Promise<GeoPlace[]>;
  /** The place that best names a position, with how far from it the position is. */
  reverse(lat: number, lng: number): Promise<{ place: GeoPlace; distanceM: number } | null>;
}

const registry = new WeakMap<Db, Geocoder>();
/** The AMap adapter of each app, made at its first use (it holds only its settings). */
const amapFor = new WeakMap<Db, AmapGeocoder>();
// The gazetteer holds no state, so one simulator serves every app in the process.
let simulator: SimulatedGeocoder | undefined;

/**
 * The geocoder of an app (keyed by its database): a registered adapter, else AMap while
 * GEOCODER=amap, the built-in simulator while GEOCODER=simulated; null when GEOCODER=disabled
 * and nothing is registered. The setting is read on every call.
 */
export function geocoderFor(app: FastifyInstance): Geocoder | null {
  const registered = registry.get(app.db);
  if (registered) return registered;
  if (app.config.geocoder === 'amap') {
    let amap = amapFor.get(app.db);
    if (!amap) amapFor.set(app.db, (amap = new AmapGeocoder(app.config.providers.amap, app.log)));
    return amap;
  }
  if (app.config.geocoder !== 'simulated') return null;
  simulator ??= new SimulatedGeocoder();
  return simulator;
}

/** Puts a real adapter (or a test double) in place of the simulator for the app on this database. */
export function useGeocoder(db: Db, geocoder: Geocoder) {
  registry.set(db, geocoder);
}

/** The geocoder, or the answer the app shows when there is none: type the address instead. */
export function requireGeocoder(geocoder: Geocoder | null): Geocoder {
  if (!geocoder) {
    throw badRequest('地点搜索暂未开放，请直接输入地址', undefined, GEOCODER_DISABLED);
  }
  return geocoder;
}
