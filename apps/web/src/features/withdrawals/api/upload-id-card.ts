import type { IdentityStatus } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export interface IdCardForm {
  realName: string;
  idCard: string;
  front?: File;
  back?: File;
}

export async function uploadIdCard(form: IdCardForm): Promise<IdentityStatus | undefined> {
  const data = new FormData();
  data.append('realName', form.realName);
  data.append('idCard', form.idCard);
  if (form.front) data.append('front', form.front);
  if (form.back) data.append('back', form.back);
  const res = await request<IdentityStatus>({
    url: '/api/ag/agent/withdraw/detail/uploadCardImg',
    method: 'POST',
    data,
    loading: true,
  });
  return res.data;
}

export function useUploadIdCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadIdCard,
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalKeys.identity() }),
  });
}
