import type { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type KitRender = Parameters<typeof unstableSetRender>[0];

/**
 * How the kit's Toast and Dialog mount under React 19: antd-mobile 5 renders them with the legacy
 * API, and without this (given to the kit's `unstableSetRender`) they silently show nothing in a
 * production build. main.tsx sets it; so do the tests that see a toast or a dialog.
 */
export const kitRender: KitRender = (node, container) => {
  const el = container as Element & { __root?: Root };
  el.__root ??= createRoot(el);
  el.__root.render(node);
  return async () => {
    await Promise.resolve();
    el.__root?.unmount();
    delete el.__root;
  };
};
