import type { OpenCandidate } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** Direct sub-agents the caller may open policies for (GET /api/ag/agent/open/policy/children). */
export async function getOpenCandidates(
  keyword: string,
  cursor: string | null,
): Promise<Page<OpenCandidate>> {
  return dataOf(
    await request<Page<OpenCandidate>>({
      url: '/api/ag/agent/open/policy/children',
      params: { keyword: keyword || undefined, cursor, pageSize: 20 },
    }),
  );
}

export const openCandidatesQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: policyKeys.candidates(keyword),
    queryFn: ({ pageParam }) => getOpenCandidates(keyword, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOpenCandidates = (keyword: string, enabled = true) =>
  useInfiniteQuery({ ...openCandidatesQuery(keyword), enabled });

/** One direct sub-agent with the policies it holds, or null when it is not one (same call, by id). */
export async function getOpenCandidate(id: number): Promise<OpenCandidate | null> {
  const page = dataOf(
    await request<Page<OpenCandidate>>({
      url: '/api/ag/agent/open/policy/children',
      params: { id, pageSize: 1 },
    }),
  );
  return page.rows[0] ?? null;
}

export const useOpenCandidate = (id: number | undefined) =>
  useQuery({
    queryKey: [...policyKeys.candidates(''), 'one', id ?? 0],
    queryFn: () => getOpenCandidate(id ?? 0),
    enabled: Boolean(id),
  });
