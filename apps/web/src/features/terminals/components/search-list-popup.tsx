import { ErrorBlock, InfiniteScroll, List, Popup, SearchBar, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';

/** The parts of an infinite query the popup reads. */
export interface SearchListQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: (options: { throwOnError: boolean }) => Promise<unknown>;
}

/**
 * A bottom popup with a title, a search bar and an endless list of rows; the pickers of this
 * feature hold the keyword and the query and render each row (and any actions below).
 */
export function SearchListPopup<T>({
  visible,
  onClose,
  title,
  searchPlaceholder,
  searchTestId,
  keyword,
  onKeywordChange,
  query,
  rows,
  emptyTitle,
  skeletonLines,
  renderRow,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  title: ReactNode;
  searchPlaceholder: string;
  searchTestId?: string;
  keyword: string;
  onKeywordChange: (value: string) => void;
  query: SearchListQuery;
  rows: T[];
  emptyTitle: ReactNode;
  skeletonLines: number;
  renderRow: (row: T) => ReactNode;
  children?: ReactNode;
}) {
  let body;
  if (query.isLoading) body = <Skeleton.Paragraph lineCount={skeletonLines} animated />;
  else if (query.isError && !rows.length)
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!rows.length) body = <ErrorBlock status="empty" title={emptyTitle} description="" />;
  else {
    body = (
      <>
        <List>{rows.map(renderRow)}</List>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage({ throwOnError: true }))}
          hasMore={query.hasNextPage}
        >
          {(hasMore, failed, retry) => (
            <InfiniteFooter hasMore={hasMore} failed={failed} retry={retry} />
          )}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="term-popup"
      destroyOnClose
    >
      <div className="term-popup-title">{title}</div>
      <div className="term-popup-search">
        <SearchBar
          placeholder={searchPlaceholder}
          value={keyword}
          onChange={onKeywordChange}
          maxLength={32}
          data-testid={searchTestId}
        />
      </div>
      <div className="term-popup-body">{body}</div>
      {children}
    </Popup>
  );
}
