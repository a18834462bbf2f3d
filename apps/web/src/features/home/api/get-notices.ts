import type { NoticePage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export const NOTICE_PAGE_SIZE = 10;

/** One keyset page of published notices, newest first (GET /api/ag/home/notice/list). */
export async function getNotices(
  cursor: string | null,
  pageSize = NOTICE_PAGE_SIZE,
): Promise<NoticePage> {
  const res = await request<NoticePage>({
    url: '/api/ag/home/notice/list',
    params: { cursor, pageSize },
  });
  return res.data ?? { rows: [], nextCursor: null };
}

export const noticesKey = ['home', 'notices'] as const;

export const noticesQuery = () =>
  infiniteQueryOptions({
    queryKey: noticesKey,
    queryFn: ({ pageParam }) => getNotices(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useNotices = () => useInfiniteQuery(noticesQuery());
