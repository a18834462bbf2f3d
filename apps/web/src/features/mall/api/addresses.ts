import type { MallAddress, MallAddressInput } from '@pos/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { mallKeys } from './keys';

export const useAddresses = () =>
  useQuery({
    queryKey: mallKeys.addresses(),
    queryFn: async () => (await request<MallAddress[]>({ url: '/api/mall/addresses' })).data ?? [],
  });

export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MallAddressInput) =>
      (
        await request<MallAddress>({
          url: '/api/mall/address/save',
          method: 'POST',
          data: body,
          loading: true,
        })
      ).data!,
    onSuccess: () => qc.invalidateQueries({ queryKey: mallKeys.addresses() }),
  });
}

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await request({
        url: '/api/mall/address/delete',
        method: 'POST',
        data: { id },
        loading: true,
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: mallKeys.addresses() }),
  });
}
