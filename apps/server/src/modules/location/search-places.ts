import { LOCATION_SEARCH_LIMIT, type LocationSearchResult } from '@pos/core';
import { requireGeocoder, type Geocoder } from './geocoder';

/** Places matching the agent's keyword, optionally within one city, best first. */
export async function searchPlaces(
  geocoder: Geocoder | null,
  input: { keyword: string; city?: string | undefined },
): Promise<LocationSearchResult> {
  const g = requireGeocoder(geocoder);
  const places = await g.search(input.keyword, {
    city: input.city,
    limit: LOCATION_SEARCH_LIMIT,
  });
  return { simulated: g.simulated, places: places.slice(0, LOCATION_SEARCH_LIMIT) };
}
