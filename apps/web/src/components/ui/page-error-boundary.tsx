import { Button, ErrorBlock } from 'antd-mobile';
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
      <div className="page-error" data-testid={chunk ? 'chunk-error' : 'page-error'}>
        <ErrorBlock
          status="default"
          title={i18n.t(chunk ? 'common.chunkError' : 'common.pageError')}
          description={
            chunk
              ? i18n.t('common.chunkErrorDesc')
              : String((this.state.error as Error)?.message ?? '')
          }
        >
          <Button color="primary" onClick={() => window.location.reload()}>
            {i18n.t('common.retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
}
