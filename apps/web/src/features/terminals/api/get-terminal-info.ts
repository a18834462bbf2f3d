import type { TerminalInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** One terminal with its history (GET /api/term-info/info?sn=). */
export async function getTerminalInfo(sn: string): Promise<TerminalInfo> {
  const res = await request<TerminalInfo>({
    url: '/api/term-info/info',
    quietMissing: true,
    params: { sn },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const terminalInfoQuery = (sn: string) =>
  queryOptions({ queryKey: terminalKeys.info(sn), queryFn: () => getTerminalInfo(sn) });

export const useTerminalInfo = (sn: string) =>
  useQuery({ ...terminalInfoQuery(sn), enabled: sn !== '' });
