import { mallOrderStatusOptions, orderPayTypeOptions, shippingPayWayOptions } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

type Option = { value: number; zh: string; en: string };
const pick = (options: readonly Option[], value: number | null, lang: 'zh' | 'en') => {
  const o = options.find((x) => x.value === value);
  return o ? o[lang] : '';
};

/** The mall's enumerations in the app's language (the spec's words in Chinese). */
export function useMallLabels() {
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  return {
    status: (s: number) => pick(mallOrderStatusOptions, s, lang),
    payType: (p: number | null) => pick(orderPayTypeOptions, p, lang),
    shipping: (w: number) => pick(shippingPayWayOptions, w, lang),
  };
}
