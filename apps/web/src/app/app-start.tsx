import { LOGIN_PATH, type AppUpdate } from '@pos/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { getAppConfig } from '@/features/settings/api/get-app-config';
import { appPlatform, isNativeApp } from '@/lib/env';
import { reportHealthy } from '@/lib/hot-update';
import { getToken } from '@/lib/storage';
import { onUpdateOffered } from '@/lib/app-update';
import { applyCacheClear, needsCacheClear } from './cache-clear';
import { CacheClearNotice } from './cache-clear-notice';
import type { AppUpdatePopupProps as PopupProps } from './app-update-popup';
import { checkAppUpdate } from './check-app-update';

// The update popup loads only when there is an update to offer. If its code cannot arrive (the
// network dropped, or an old tab after a deploy), the update is offered at the next start instead
// of taking the app down: this sits outside the pages' error boundaries.
const AppUpdatePopup = lazy((): Promise<{ default: ComponentType<PopupProps> }> =>
  import('./app-update-popup').then(
    (m) => ({ default: m.AppUpdatePopup }),
    () => ({ default: () => null }),
  ),
);

const PUBLIC_PREFIXES = ['/pages/login/', '/pages/myInfo/forgot-password/'];
const isPublicPath = (p: string) =>
  p === '/' || p === LOGIN_PATH || PUBLIC_PREFIXES.some((x) => p.startsWith(x));

/**
 * What the app does once per launch, mounted inside the router: the cache clear notice when the
 * server's version is not the one kept on the device, and, once signed in, the update check.
 */
export function AppStart() {
  const { pathname } = useLocation();
  const [configChecked, setConfigChecked] = useState(false);
  const [update, setUpdate] = useState<AppUpdate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const updateChecked = useRef(false);
  const platform = appPlatform();

  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // The app came up: a hot bundle on trial is kept (otherwise it is rolled back).
  useEffect(() => reportHealthy(), []);
  // In the native shell, a tapped push notification opens the page its message is about (the
  // push plugin loads only there, and only then).
  useEffect(() => {
    if (!isNativeApp()) return;
    import('@/features/message/lib/native-push')
      .then((m) => m.onNativeNotificationTap((path) => navigateRef.current(path)))
      .catch(() => undefined);
  }, []);
  // A manual check (settings, about) offers what it found through the same popup.
  useEffect(() => onUpdateOffered(setUpdate), []);

  useEffect(() => {
    let live = true;
    getAppConfig()
      .then((config) => {
        if (!live) return;
        if (config && needsCacheClear(config.serverVersion)) {
          // The reload after the notice starts everything again; nothing else runs meanwhile.
          setNotice(config.serverVersion);
          return;
        }
        setConfigChecked(true);
      })
      .catch(() => live && setConfigChecked(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!configChecked || updateChecked.current || !getToken() || isPublicPath(pathname)) return;
    updateChecked.current = true;
    checkAppUpdate(platform)
      .then((u) => u && setUpdate(u))
      .catch(() => undefined);
  }, [configChecked, pathname, platform]);

  if (notice) {
    return <CacheClearNotice version={notice} onConfirm={() => applyCacheClear(notice)} />;
  }
  if (!update) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdatePopup update={update} platform={platform} onClose={() => setUpdate(null)} />
    </Suspense>
  );
}
