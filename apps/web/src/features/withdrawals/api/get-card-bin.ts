import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export interface CardBinInfo {
  bankName: string;
  cardTypeName: string;
}

/** The issuing bank of a card number from its BIN, or null when the server does not know it. */
export async function getCardBin(cardNo: string): Promise<CardBinInfo | null> {
  const res = await request<CardBinInfo | null>({
    url: '/api/ag/my/center/settlement/cardBin',
    params: { cardNo },
    noShowMsg: true,
  });
  return res.data ?? null;
}

/** Asked once the number has the 12 digits the server needs; nothing before that. */
export const useCardBin = (digits: string) =>
  useQuery({
    queryKey: [...withdrawalKeys.all, 'card-bin', digits] as const,
    queryFn: () => getCardBin(digits),
    enabled: /^\d{12,19}$/.test(digits),
    staleTime: Infinity,
  });
