import { ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';

/**
 * The states every infinite list of the feature goes through: loading, failed (with retry),
 * empty, and the rows with endless scrolling underneath.
 */
export function ListState({
  loading,
  error,
  count,
  onRetry,
  empty,
  emptyDesc,
  hasMore,
  loadMore,
  children,
}: {
  loading: boolean;
  error: unknown;
  count: number;
  onRetry: () => void;
  empty: ReactNode;
  emptyDesc?: ReactNode;
  hasMore: boolean;
  loadMore: () => Promise<void>;
  children: ReactNode;
}) {
  if (loading) return <Skeleton.Paragraph lineCount={8} animated className="data-block" />;
  if (error && count === 0) return <LoadError error={error} onRetry={onRetry} />;
  if (count === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={empty}
        description={emptyDesc ?? ''}
        className="data-empty"
      />
    );
  }
  return (
    <>
      {children}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {(more, failed, retry) => <InfiniteFooter hasMore={more} failed={failed} retry={retry} />}
      </InfiniteScroll>
    </>
  );
}
