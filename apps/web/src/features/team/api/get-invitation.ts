import type { InvitationInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** My invitation code (GET /api/ag/invitation/info). */
export async function getInvitation(): Promise<InvitationInfo> {
  const res = await request<InvitationInfo>({ url: '/api/ag/invitation/info' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const invitationQuery = () =>
  queryOptions({ queryKey: teamKeys.invitation(), queryFn: getInvitation, staleTime: 10 * 60_000 });

export const useInvitation = () => useQuery(invitationQuery());
