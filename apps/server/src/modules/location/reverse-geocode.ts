import type { LocationReverseRequest, LocationReverseResult } from '@pos/core';
import { requireGeocoder, type Geocoder } from './geocoder';

/**
 * The place that names the device's position. The position is personal data: it is passed to
 * the geocoder and forgotten, never stored or logged.
 */
export async function reverseGeocode(
  geocoder: Geocoder | null,
  input: LocationReverseRequest,
): Promise<LocationReverseResult> {
  const g = requireGeocoder(geocoder);
  const found = await g.reverse(input.lat, input.lng);
  return {
    simulated: g.simulated,
    place: found?.place ?? null,
    distanceM: found?.distanceM ?? null,
  };
}
