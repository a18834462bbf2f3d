import { kitRender } from './kit-render';

type KitRender = typeof kitRender;
let render: KitRender = kitRender;

/**
 * The kit's `unstableSetRender` as the production build gives it to the kit (vite.config.ts puts
 * this file in place of antd-mobile's utils/unstable-render): React 19's createRoot from the
 * start. The kit's own starts with its legacy renderer, rc-util's render and the Babel runtime
 * it needs, about 3 KB of brotli JavaScript that had to be in the entry (issue 35).
 */
export function unstableSetRender(next?: KitRender): KitRender {
  if (next) render = next;
  return render;
}
