import type { TerminalBatchResult, TerminalBrandModifyRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Operators correct the brand and model of unbound stock (POST /api/term-info/brandModification). */
export async function modifyBrand(input: TerminalBrandModifyRequest) {
  const res = await request<TerminalBatchResult>({
    url: '/api/term-info/brandModification',
    method: 'POST',
    data: input,
    loading: true,
  });
  return { count: res.data?.count ?? 0, msg: res.msg };
}

export function useModifyBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: modifyBrand,
    onSuccess: (_r, input) => {
      if (!input.dryRun) void qc.invalidateQueries({ queryKey: terminalKeys.all });
    },
  });
}
