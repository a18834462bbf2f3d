/**
 * The rules of the location pages that need no schema (so the app's pages can use them without
 * the zod contracts of api/location.ts): limits, the disabled-geocoder reason, the address line.
 */

/** The longest search keyword (a place, a street, or a whole address typed in). */
export const LOCATION_KEYWORD_MAX = 50;
/** The most places one search answers. */
export const LOCATION_SEARCH_LIMIT = 20;
/** `err` of the answer while the server has no geocoder (GEOCODER=disabled). */
export const GEOCODER_DISABLED = 'GEOCODER_DISABLED';

/**
 * The address line a chosen place fills into an address field: the address, followed by the
 * place's own name unless the address already says it (a district's address ends with it).
 */
export function placeAddressLine(place: { name: string; address: string }): string {
  const address = place.address.trim();
  const name = place.name.trim();
  if (!name || address.includes(name)) return address;
  return `${address}${name}`;
}
