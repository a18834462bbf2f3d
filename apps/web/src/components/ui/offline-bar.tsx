import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** A bar across the top while the device has no network; figures on screen may be old. */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <NoticeBar
      className="offline-bar"
      color="alert"
      content={t('shell.offline')}
      data-testid="offline-bar"
    />
  );
}
