import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Empty, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter } from './infinite-footer';
import { LoadError } from './load-error';
import { PullRefresh } from './pull-refresh';

/** The placeholder an infinite list shows while its first page loads. */
export function ListSkeleton({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

/**
 * One keyset-paged list of the app with pull-to-refresh: the skeleton while the first page loads,
 * the reason and a retry when it failed, the empty text when there is nothing, else the rows and
 * the footer that loads the next page as it scrolls into view (with a retry when that failed).
 */
export function InfiniteList<Row>({
  query,
  onRefresh,
  empty,
  emptyTestId,
  skeleton = <ListSkeleton />,
  children,
}: {
  /** The `useInfiniteQuery` result; each page carries its `rows`. */
  query: UseInfiniteQueryResult<InfiniteData<{ rows: Row[] }>>;
  /** Pull-to-refresh: resolves when the list has been fetched again. */
  onRefresh: () => Promise<unknown>;
  /** The text shown when there are no rows. */
  empty: string;
  emptyTestId?: string;
  skeleton?: ReactNode;
  /** Renders the loaded rows (all pages so far, in order), including their container. */
  children: (rows: Row[]) => ReactNode;
}) {
  const q = query;
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  let body: ReactNode;
  if (q.isLoading) body = skeleton;
  else if (q.isError && rows.length === 0)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (rows.length === 0) body = <Empty description={empty} data-testid={emptyTestId} />;
  else
    body = (
      <>
        {children(rows)}
        <InfiniteScroll
          loadMore={async () => {
            await q.fetchNextPage();
          }}
          hasMore={Boolean(q.hasNextPage) && !q.isFetchNextPageError}
        >
          <InfiniteFooter
            hasMore={Boolean(q.hasNextPage)}
            failed={q.isFetchNextPageError}
            retry={() => void q.fetchNextPage()}
          />
        </InfiniteScroll>
      </>
    );
  return <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>;
}
