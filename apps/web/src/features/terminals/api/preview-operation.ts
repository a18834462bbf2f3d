import type { TerminalOperatePreview, TerminalOperateRequest } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Exactly what an operation would move and to whom; changes nothing (POST /api/term-info/preview). */
export async function previewOperation(
  input: TerminalOperateRequest,
): Promise<TerminalOperatePreview> {
  const res = await request<TerminalOperatePreview>({
    url: '/api/term-info/preview',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const usePreviewOperation = () => useMutation({ mutationFn: previewOperation });
