import Button from 'antd-mobile/es/components/button';
import { Component, type ReactNode } from 'react';
import { i18n } from '@/lib/i18n';

/** A page chunk that failed to arrive (timeout, or a file gone after a deploy). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Loading chunk/i.test(
      error.message,
    ));

interface State {
  error: unknown;
}

/** Each route renders inside one: a failed chunk gets a retry screen, never a blank page. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      // Plain markup rather than the kit's ErrorBlock: this boundary is in the app's entry, and
      // ErrorBlock brings every one of its illustrations with it.
      <div className="page-error" data-testid={chunk ? 'chunk-error' : 'page-error'}>
        <div className="page-error-box" role="alert">
          <svg viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="#f5f5f5" />
            <path d="M24 12v16" stroke="#bbb" strokeWidth="4" strokeLinecap="round" />
            <circle cx="24" cy="35" r="2.5" fill="#bbb" />
          </svg>
          <div className="page-error-title">
            {i18n.t(chunk ? 'common.chunkError' : 'common.pageError')}
          </div>
          <div className="page-error-desc">
            {chunk
              ? i18n.t('common.chunkErrorDesc')
              : String((this.state.error as Error)?.message ?? '')}
          </div>
          <Button color="primary" onClick={() => window.location.reload()}>
            {i18n.t('common.retry')}
          </Button>
        </div>
      </div>
    );
  }
}
