import type { TerminalCheck } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

/** One terminal's activation and standard checks (GET /api/ag/check/terminal). */
export async function getTerminalCheck(sn: string): Promise<TerminalCheck> {
  const res = await request<TerminalCheck>({
    url: '/api/ag/check/terminal',
    quietMissing: true,
    params: { sn },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const terminalCheckQuery = (sn: string) =>
  queryOptions({
    queryKey: dataKeys.terminal(sn),
    queryFn: () => getTerminalCheck(sn),
    enabled: sn !== '',
  });

export const useTerminalCheck = (sn: string) => useQuery(terminalCheckQuery(sn));
