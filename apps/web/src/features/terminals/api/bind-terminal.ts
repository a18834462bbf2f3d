import type { TerminalBindRequest, TerminalBindResult } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Binds a terminal I hold to a merchant (POST /api/term-info/bind). */
export async function bindTerminal(input: TerminalBindRequest): Promise<TerminalBindResult> {
  const res = await request<TerminalBindResult>({
    url: '/api/term-info/bind',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export function useBindTerminal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bindTerminal,
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}
