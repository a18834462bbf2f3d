import type { LocationReverseRequest, LocationReverseResult } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * The place naming the device's position (POST /app/api/location/reverse). A mutation, not a
 * query: the position is personal data and nothing keeps it once the page has its answer.
 */
export async function reverseGeocode(
  position: LocationReverseRequest,
): Promise<LocationReverseResult> {
  const res = await request<LocationReverseResult>({
    url: '/app/api/location/reverse',
    method: 'POST',
    data: position,
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

// gcTime 0: the answer (where the agent stands) leaves the mutation cache with the page.
export const useReverseGeocode = () => useMutation({ mutationFn: reverseGeocode, gcTime: 0 });
