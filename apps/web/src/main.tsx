// The kit's parts are imported one by one along the app shell's path: the kit's index would tie
// every one of its components to the first screen (vite.config.ts groups the shell in one file).
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { kitRender } from '@/lib/kit-render';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import { App } from '@/app/app';
import { loadRouteTable } from '@/app/router';
import { registerServiceWorker } from '@/app/service-worker';
import { startBundle } from '@/lib/hot-update';
import { loadOverlays } from '@/lib/overlays';
import './styles.css';

// antd-mobile 5 renders Toast and Dialog with the legacy API; React 19 needs this shim, without
// which they silently show nothing in a production build (lib/kit-render.ts). The production build
// gives the kit lib/kit-unstable-render.ts, which starts with it (vite.config.ts); this sets it
// for the development server.
unstableSetRender(kitRender);

// A hot bundle installed last time starts its trial now; one that never came up is rolled back.
startBundle();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Toasts and dialogs load at the first touch or key, so the first one an action brings shows at
// once; loading them at start would compete with the first screen's own files. So does the route
// table, so a tap that opens a page past the login page and the tabs waits only for that page.
const warm = () => {
  void loadOverlays().catch(() => undefined);
  void loadRouteTable().catch(() => undefined);
};
for (const type of ['pointerdown', 'keydown'] as const) {
  window.addEventListener(type, warm, { once: true, passive: true, capture: true });
}
