import { useTranslation } from '@/lib/i18n';

/**
 * Messaging apps' browsers (WeChat, QQ ...) block package downloads: a veil with an arrow to the
 * menu at the top right tells the user to open the page in the system browser.
 */
export function OpenInBrowserHint() {
  const { t } = useTranslation();
  return (
    <div
      className="team-browser-hint"
      role="dialog"
      aria-live="polite"
      data-testid="open-in-browser-hint"
    >
      <svg className="team-browser-arrow" viewBox="0 0 120 120" aria-hidden>
        <path
          d="M20 110 C 40 60, 70 40, 100 20"
          stroke="#fff"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M78 18 L102 18 L98 42"
          stroke="#fff"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p>{t('team.openInBrowser')}</p>
      <p>{t('team.openInBrowser2')}</p>
    </div>
  );
}
