import type { OpenedForChild } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, policyKeys } from './policy-keys';

/** Policies the caller opened for its direct sub-agents (GET /api/ag/agent/open/policy/opened). */
export async function getOpenedForChildren(
  childId: number | undefined,
  cursor: string | null,
): Promise<Page<OpenedForChild>> {
  return dataOf(
    await request<Page<OpenedForChild>>({
      url: '/api/ag/agent/open/policy/opened',
      params: { childId, cursor, pageSize: 20 },
    }),
  );
}

export const openedForChildrenQuery = (childId?: number) =>
  infiniteQueryOptions({
    queryKey: policyKeys.opened(childId),
    queryFn: ({ pageParam }) => getOpenedForChildren(childId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOpenedForChildren = (childId?: number) =>
  useInfiniteQuery(openedForChildrenQuery(childId));
