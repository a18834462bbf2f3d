import type { Messages } from './zh';

export const en: Messages = {
  tab: { home: 'Home', terminal: 'Terminals', data: 'Data', mine: 'Mine' },
  common: {
    loading: 'Loading...',
    empty: 'Nothing here yet',
    retry: 'Retry',
    confirm: 'OK',
    cancel: 'Cancel',
    back: 'Back',
    notAvailable: 'Coming soon',
    notAvailableDesc: 'This page is being built.',
    chunkError: 'The page failed to load',
    chunkErrorDesc: 'The network is unstable or the app was updated. Please retry.',
    pageError: 'Something went wrong on this page',
    noMore: 'No more',
    pullToRefresh: 'Pull to refresh',
  },
};
