import type { RecallDecisionRequest, TerminalOperateResult } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** The holder accepts or rejects a recall (POST /api/term-info/recall/decide). */
export async function decideRecall(input: RecallDecisionRequest) {
  const res = await request<TerminalOperateResult>({
    url: '/api/term-info/recall/decide',
    method: 'POST',
    data: input,
    loading: true,
  });
  return { status: res.data?.status ?? 0, msg: res.msg };
}

export function useDecideRecall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideRecall,
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}
