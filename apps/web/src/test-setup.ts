import { configure } from '@testing-library/react';

// findBy/waitFor give up after 1 s by default; on a loaded 2-core machine a render or an
// animation can take longer. A passing check still returns as soon as it passes.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia, which antd-mobile reads for its theme.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
