import { Empty, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter } from './infinite-footer';
import { LoadError } from './load-error';
import { PullRefresh } from './pull-refresh';

/** The placeholder an infinite list shows while its first page loads. */
export function ListSkeleton({ className, lines = 6 }: { className?: string; lines?: number }) {
  return (
    <div className={className}>
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

/**
 * What an infinite list reads of its `useInfiniteQuery` result (each page carries its `rows`);
 * any such result fits.
 */
export interface InfiniteRowsQuery<Row> {
  data?: { pages: readonly { rows: readonly Row[] }[] };
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/** The rows loaded so far, all pages in order. */
export function loadedRows<Row>(query: InfiniteRowsQuery<Row>): Row[] {
  return query.data?.pages.flatMap((p) => p.rows) ?? [];
}

interface InfiniteStatesProps<Row> {
  /** The `useInfiniteQuery` result; each page carries its `rows`. */
  query: InfiniteRowsQuery<Row>;
  /** A text is shown as the kit's empty view (under `emptyTestId`); anything else as it is. */
  empty: ReactNode;
  emptyTestId?: string;
  skeleton?: ReactNode;
  /** Renders the loaded rows (all pages so far, in order), including their container. */
  children: ReactNode | ((rows: Row[]) => ReactNode);
}

/**
 * One keyset-paged list of the app: the skeleton while the first page loads, the reason and a
 * retry when it failed, the empty view when there is nothing, else the rows and the footer that
 * loads the next page as it scrolls into view (with a retry when that failed).
 */
export function InfiniteStates<Row>({
  query: q,
  empty,
  emptyTestId,
  skeleton = <ListSkeleton />,
  children,
}: InfiniteStatesProps<Row>) {
  const rows = loadedRows(q);
  if (q.isLoading) return <>{skeleton}</>;
  if (q.isError && rows.length === 0)
    return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (rows.length === 0) {
    return typeof empty === 'string' ? (
      <Empty description={empty} data-testid={emptyTestId} />
    ) : (
      <>{empty}</>
    );
  }
  return (
    <>
      {typeof children === 'function' ? children(rows) : children}
      <InfiniteScroll
        loadMore={async () => {
          await q.fetchNextPage();
        }}
        hasMore={q.hasNextPage && !q.isFetchNextPageError}
      >
        <InfiniteFooter
          hasMore={q.hasNextPage}
          failed={q.isFetchNextPageError}
          retry={() => void q.fetchNextPage()}
        />
      </InfiniteScroll>
    </>
  );
}

/** {@link InfiniteStates} with pull-to-refresh: the app's infinite lists. */
export function InfiniteList<Row>({
  onRefresh,
  ...states
}: InfiniteStatesProps<Row> & {
  /** Pull-to-refresh: resolves when the list has been fetched again. */
  onRefresh: () => Promise<unknown>;
}) {
  return (
    <PullRefresh onRefresh={onRefresh}>
      <InfiniteStates {...states} />
    </PullRefresh>
  );
}
