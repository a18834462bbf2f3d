import type { Lang } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/** The language core's labels are asked in. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}
