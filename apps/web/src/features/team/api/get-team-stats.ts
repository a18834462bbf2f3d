import type { TeamStatsResponse } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** A month of a team: own, team, trend (GET /api/ag/myAgent/stats). */
export async function getTeamStats(id?: number, month?: string): Promise<TeamStatsResponse> {
  // Silent: the pages show their own error block, and the list beside it says the same.
  const res = await request<TeamStatsResponse>({
    url: '/api/ag/myAgent/stats',
    params: { id, month },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const teamStatsQuery = (id?: number, month?: string) =>
  queryOptions({ queryKey: teamKeys.stats(id, month), queryFn: () => getTeamStats(id, month) });

export const useTeamStats = (id?: number, month?: string) => useQuery(teamStatsQuery(id, month));
