import type { TerminalScheme } from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** A terminal's reward scheme, stage by stage (GET /api/term-info/scheme?sn=). */
export async function getTerminalScheme(sn: string): Promise<TerminalScheme> {
  const res = await request<TerminalScheme>({
    url: '/api/term-info/scheme',
    params: { sn },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

/** Under the terminal's own key, so pulling the detail page down refreshes it too. */
export const terminalSchemeKey = (sn: string) => [...terminalKeys.info(sn), 'scheme'] as const;

export const useTerminalScheme = (sn: string, enabled: boolean) =>
  useQuery({
    queryKey: terminalSchemeKey(sn),
    queryFn: () => getTerminalScheme(sn),
    enabled: enabled && sn !== '',
  });
