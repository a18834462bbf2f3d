import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// A console left open across a deploy asks for page chunks the new build no longer has: it loads
// the new build once instead of showing "something went wrong" (not again within a minute, so a
// chunk that is really missing still shows its error).
window.addEventListener('vite:preloadError', (event) => {
  const KEY = 'console.reloadedForChunk';
  if (Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) < 60_000) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
