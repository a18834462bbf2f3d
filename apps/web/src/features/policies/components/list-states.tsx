import { ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';

interface InfiniteLike {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  fetchNextPage: (opts: { throwOnError: boolean }) => Promise<unknown>;
}

/**
 * The states every list of this feature shares: a skeleton while loading, the error with a retry,
 * an empty block, or the rows with infinite scroll below them.
 */
export function ListStates({
  q,
  count,
  empty,
  children,
}: {
  q: InfiniteLike;
  count: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (q.isLoading) {
    return (
      <div className="pol-card">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (q.isError && count === 0)
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (count === 0) return <>{empty}</>;
  return (
    <>
      {children}
      <InfiniteScroll
        loadMore={async () => {
          await q.fetchNextPage({ throwOnError: true });
        }}
        hasMore={q.hasNextPage}
      >
        {(hasMore, failed, retry) => (
          <InfiniteFooter hasMore={hasMore} failed={failed} retry={retry} />
        )}
      </InfiniteScroll>
    </>
  );
}

export function EmptyBlock({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <ErrorBlock status="empty" title={title} description={description ?? ''} data-testid="empty">
      {children}
    </ErrorBlock>
  );
}

/** A skeleton for a detail page while it loads. */
export function DetailSkeleton() {
  return (
    <div className="pol-card">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={8} animated />
    </div>
  );
}
