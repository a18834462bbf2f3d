import type { Notice } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** One notice (GET /api/ag/home/notice/detail?id=). */
export async function getNoticeDetail(id: number): Promise<Notice | null> {
  const res = await request<Notice | null>({
    url: '/api/ag/home/notice/detail',
    quietMissing: true,
    params: { id },
    noShowMsg: true,
  });
  return res.data ?? null;
}

export const noticeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['home', 'notice', id] as const,
    queryFn: () => getNoticeDetail(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useNoticeDetail = (id: number) => useQuery(noticeDetailQuery(id));
