import type { TerminalTargetAgent, TerminalTargetAgentPage } from '@pos/core';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Agents an operation can name (GET /api/term-info/targetAgents). */
export async function getTargetAgents(
  type: number,
  keyword: string,
  cursor: string | null,
  agentId?: number,
): Promise<TerminalTargetAgentPage> {
  const res = await request<TerminalTargetAgentPage>({
    url: '/api/term-info/targetAgents',
    params: { type, keyword: keyword || undefined, agentId, cursor, pageSize: 20 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const targetAgentsQuery = (type: number, keyword: string) =>
  infiniteQueryOptions({
    queryKey: terminalKeys.targets(type, keyword),
    queryFn: ({ pageParam }) => getTargetAgents(type, keyword, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useTargetAgents = (type: number, keyword: string, enabled: boolean) =>
  useInfiniteQuery({ ...targetAgentsQuery(type, keyword), enabled });

/** One agent an operation of this type can name, or null (a page opened for that agent). */
export const targetAgentQuery = (type: number, agentId: number) =>
  queryOptions({
    queryKey: [...terminalKeys.targets(type, ''), 'id', agentId],
    queryFn: async (): Promise<TerminalTargetAgent | null> =>
      (await getTargetAgents(type, '', null, agentId)).rows[0] ?? null,
  });

export const useTargetAgent = (type: number, agentId: number | undefined) =>
  useQuery({ ...targetAgentQuery(type, agentId ?? 0), enabled: agentId !== undefined });
