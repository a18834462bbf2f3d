import type { TerminalTeamBreakdown } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** My own stock and each direct sub-agent team's, by bind status (GET /api/term-info/teamBreakdown). */
export async function getTeamBreakdown(): Promise<TerminalTeamBreakdown> {
  const res = await request<TerminalTeamBreakdown>({ url: '/api/term-info/teamBreakdown' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const teamBreakdownQuery = () =>
  queryOptions({ queryKey: merchantKeys.breakdown(), queryFn: getTeamBreakdown });

export const useTeamBreakdown = () => useQuery(teamBreakdownQuery());
