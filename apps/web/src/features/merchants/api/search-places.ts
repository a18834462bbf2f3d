import type { LocationSearchRequest, LocationSearchResult } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * Places matching a keyword, from the server's geocoding adapter (POST
 * /app/api/location/search; a POST so the keyword stays out of access logs). Failures are
 * shown on the page, not toasted.
 */
export async function searchPlaces(input: LocationSearchRequest): Promise<LocationSearchResult> {
  const res = await request<LocationSearchResult>({
    url: '/app/api/location/search',
    method: 'POST',
    data: input,
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const placeSearchQuery = (keyword: string, city?: string) =>
  queryOptions({
    queryKey: ['location', 'search', keyword, city ?? ''] as const,
    queryFn: () => searchPlaces({ keyword, city }),
    // What an agent searched for (perhaps an address) leaves the cache with the page.
    gcTime: 0,
    staleTime: 60_000,
    retry: false,
  });

export const usePlaceSearch = (keyword: string, city?: string) =>
  useQuery({ ...placeSearchQuery(keyword, city), enabled: keyword.length > 0 });
