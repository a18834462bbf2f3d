import { PLATFORM_PARTY_NAME } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

/**
 * How a party name from the server reads on screen: the platform's fixed name is shown in the
 * app's language, an agent's or merchant's name as it is.
 */
export function usePartyName(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => (name === PLATFORM_PARTY_NAME ? t('common.platform') : name);
}

/** A party as "name mobile" (the platform has no mobile), its name shown as usePartyName does. */
export function usePartyLabel(): (p: { name: string; mobile: string }) => string {
  const name = usePartyName();
  return (p) => (p.mobile ? `${name(p.name)} ${p.mobile}` : name(p.name));
}
