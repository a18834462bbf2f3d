import { MESSAGES } from '@pos/core';
import { Dialog } from 'antd-mobile';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker that keeps the app shell for offline use. When a new version has
 * been installed in the background, the agent is asked before the app restarts on it.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    onNeedRefresh() {
      void Dialog.confirm({ content: MESSAGES.restartAfterInstall }).then((yes) => {
        if (yes) void update(true);
      });
    },
  });
}
