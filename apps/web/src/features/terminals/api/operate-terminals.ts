import type { TerminalOperateRequest, TerminalOperateResult } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Allocate, transfer or recall a batch, all or nothing (POST /api/term-info/operate). */
export async function operateTerminals(input: TerminalOperateRequest) {
  const res = await request<TerminalOperateResult>({
    url: '/api/term-info/operate',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return { ...res.data, msg: res.msg };
}

export function useOperateTerminals() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: operateTerminals,
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}
