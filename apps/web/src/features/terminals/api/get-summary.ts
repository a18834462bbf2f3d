import type { TerminalSummary } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Stock counts by bind status and brand, and recalls waiting for me (GET /api/term-info/summary). */
export async function getSummary(holderAgentId?: number): Promise<TerminalSummary> {
  const res = await request<TerminalSummary>({
    url: '/api/term-info/summary',
    params: { holderAgentId },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const summaryQuery = (holderAgentId?: number) =>
  queryOptions({
    queryKey: terminalKeys.summary(holderAgentId),
    queryFn: () => getSummary(holderAgentId),
  });

export const useTerminalSummary = (holderAgentId?: number) => useQuery(summaryQuery(holderAgentId));
