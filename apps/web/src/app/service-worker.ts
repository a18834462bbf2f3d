import { MESSAGES } from '@pos/core';
import { registerSW } from 'virtual:pwa-register';
import { Dialog } from '@/lib/overlays';

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
