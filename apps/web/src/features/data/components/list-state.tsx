import { ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteStates, type InfiniteRowsQuery } from '@/components/ui/infinite-list';

/**
 * The app's infinite list states (loading, failed with retry, empty, the rows with endless
 * scrolling underneath) in this feature's look.
 */
export function ListState<Row>({
  query,
  empty,
  emptyDesc,
  children,
}: {
  query: InfiniteRowsQuery<Row>;
  empty: ReactNode;
  emptyDesc?: ReactNode;
  children: ReactNode;
}) {
  return (
    <InfiniteStates
      query={query}
      empty={
        <ErrorBlock
          status="empty"
          title={empty}
          description={emptyDesc ?? ''}
          className="data-empty"
        />
      }
      skeleton={<Skeleton.Paragraph lineCount={8} animated className="data-block" />}
    >
      {children}
    </InfiniteStates>
  );
}
