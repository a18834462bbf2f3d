import { taxAtLabel, walletTypeLabel, withdrawalStatusLabel } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

export function useWdLabels() {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  return {
    wallet: (type: string) => walletTypeLabel(type, lang),
    status: (s: number) => withdrawalStatusLabel(s, lang),
    taxAt: (v: string) => taxAtLabel(v, lang),
  };
}

/** A fresh idempotency key for one submission (reused when that submission is retried). */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now()}${Math.random().toString(16).slice(2)}`;
