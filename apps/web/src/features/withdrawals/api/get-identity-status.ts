import type { IdentityStatus } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

/** Real-name verification state (silent: no error toast). */
export async function getIdentityStatus(): Promise<IdentityStatus> {
  const res = await request<IdentityStatus>({
    url: '/api/ag/agent/withdraw/detail/verifyCardImg',
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const identityStatusQuery = () =>
  queryOptions({ queryKey: withdrawalKeys.identity(), queryFn: getIdentityStatus });
export const useIdentityStatus = () => useQuery(identityStatusQuery());
