import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Releases a bound, not activated terminal (POST /api/term-info/unbind). */
export async function unbindTerminal(input: { sn: string; reason?: string }) {
  await request({ url: '/api/term-info/unbind', method: 'POST', data: input, loading: true });
}

export function useUnbindTerminal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: unbindTerminal,
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}
