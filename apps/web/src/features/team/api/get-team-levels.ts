import type { TeamLevelsResponse } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** The level list and the levels I may give a sub-agent (GET /api/ag/myAgent/levels). */
export async function getTeamLevels(): Promise<TeamLevelsResponse> {
  const res = await request<TeamLevelsResponse>({ url: '/api/ag/myAgent/levels' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const teamLevelsQuery = () =>
  queryOptions({ queryKey: teamKeys.levels(), queryFn: getTeamLevels, staleTime: 5 * 60_000 });

export const useTeamLevels = () => useQuery(teamLevelsQuery());
