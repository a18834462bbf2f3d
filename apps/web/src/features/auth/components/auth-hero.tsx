import { useTranslation } from '@/lib/i18n';

/** The blue header of the sign-in pages: the app's mark, name and a line about it. */
export function AuthHero({ title, subtitle }: { title?: string; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <header className="auth-hero">
      <img className="auth-hero-logo" src="/static/icon.svg" alt="" width={56} height={56} />
      <div className="auth-hero-title">{title ?? t('auth.appName')}</div>
      <div className="auth-hero-sub">{subtitle ?? t('auth.slogan')}</div>
    </header>
  );
}
