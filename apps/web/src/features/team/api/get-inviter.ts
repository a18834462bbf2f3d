import type { InviterInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Who invites the holder of a code, masked; no token (GET /api/ag/invitation/inviter). */
export async function getInviter(inviteCode: string): Promise<InviterInfo> {
  const res = await request<InviterInfo>({
    url: '/api/ag/invitation/inviter',
    params: { inviteCode },
    noToken: true,
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const inviterQuery = (inviteCode: string) =>
  queryOptions({
    queryKey: ['team', 'inviter', inviteCode],
    queryFn: () => getInviter(inviteCode),
    retry: false,
  });

export const useInviter = (inviteCode: string) =>
  useQuery({ ...inviterQuery(inviteCode), enabled: inviteCode !== '' });
