import type {
  AddOtherSettleRequest,
  AddSettleRequest,
  SendSmsResponse,
  SettleAccount,
} from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

/** Binds (add) or replaces (edit) the own bank card. */
export async function saveOwnCard(body: AddSettleRequest & { mode: 'add' | 'edit' }) {
  const { mode, ...data } = body;
  const url = mode === 'add' ? '/app/api/user/settle/add' : '/api/ag/my/center/settlement/edit';
  const res = await request<SettleAccount>({ url, method: 'POST', data, loading: true });
  return res.data;
}
export async function addOtherAccount(body: AddOtherSettleRequest) {
  const res = await request<SettleAccount>({
    url: '/api/ag/my/center/settlement/addOther',
    method: 'POST',
    data: body,
    loading: true,
  });
  return res.data;
}
export async function delOtherAccount(id: number) {
  await request({
    url: '/api/ag/my/center/settlement/delOther',
    method: 'POST',
    data: { id },
    loading: true,
  });
}
/** Sends a 'settle' code to the other holder's mobile. */
export async function sendSettleCode(mobile: string) {
  const res = await request<SendSmsResponse>({
    url: '/api/ag/my/center/settle/sendSMS',
    params: { mobile },
  });
  return res.data;
}

const useInvalidating = <A>(fn: (a: A) => Promise<unknown>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalKeys.settleAccounts() }),
  });
};
export const useSaveOwnCard = () => useInvalidating(saveOwnCard);
export const useAddOtherAccount = () => useInvalidating(addOtherAccount);
export const useDelOtherAccount = () => useInvalidating(delOtherAccount);
