import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

// The kit's NoticeBar (with its icons and timers) loads only when the network goes: the entry
// does not carry it (issue 35). The service worker has it cached for that moment; until it has
// arrived, or if it cannot, the same words show in a plain bar of the same colours.
const NoticeBar = lazy(() => import('antd-mobile/es/components/notice-bar'));

class PlainOnError extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A bar across the top while the device has no network; figures on screen may be old. */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  const plain = (
    <div className="offline-bar shell-offline-bar" role="alert" data-testid="offline-bar">
      {t('shell.offline')}
    </div>
  );
  return (
    <PlainOnError fallback={plain}>
      <Suspense fallback={plain}>
        <NoticeBar
          className="offline-bar"
          color="alert"
          content={t('shell.offline')}
          data-testid="offline-bar"
        />
      </Suspense>
    </PlainOnError>
  );
}
