import { enumLabel, ledgerInfoTypeLabel, walletTypeLabel, type EnumTypeName } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/** Labels in the current language: enumerations, ledger info types (with the spec's label rules), wallets. */
export function useLabels() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return {
    lang,
    enumText: (type: EnumTypeName, value: number) => enumLabel(type, value, lang),
    infoType: (code: string) => ledgerInfoTypeLabel(code, lang),
    walletType: (code: string) => walletTypeLabel(code, lang),
  } as const;
}
