import type { DeptResponse } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** Team structure of me or of an agent of my subtree (GET /api/ag/my/center/dept). */
export async function getDept(id?: number): Promise<DeptResponse> {
  const res = await request<DeptResponse>({
    url: '/api/ag/my/center/dept',
    params: { id },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const deptQuery = (id?: number) =>
  queryOptions({ queryKey: teamKeys.dept(id), queryFn: () => getDept(id) });

export const useDept = (id?: number) => useQuery(deptQuery(id));
