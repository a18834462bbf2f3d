import { ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import {
  InfiniteStates,
  ListSkeleton,
  type InfiniteRowsQuery,
} from '@/components/ui/infinite-list';

/**
 * The app's infinite list states (a skeleton while loading, the error with a retry, an empty
 * block, or the rows with infinite scroll below them) in this feature's look.
 */
export function ListStates<Row>({
  q,
  empty,
  children,
}: {
  q: InfiniteRowsQuery<Row>;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <InfiniteStates query={q} empty={empty} skeleton={<ListSkeleton className="pol-card" />}>
      {children}
    </InfiniteStates>
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
