import { ErrorBlock, List, Popup, SearchBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import {
  InfiniteStates,
  ListSkeleton,
  type InfiniteRowsQuery,
} from '@/components/ui/infinite-list';

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
  query: InfiniteRowsQuery<T>;
  emptyTitle: ReactNode;
  skeletonLines: number;
  renderRow: (row: T) => ReactNode;
  children?: ReactNode;
}) {
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
      <div className="term-popup-body">
        <InfiniteStates
          query={query}
          empty={<ErrorBlock status="empty" title={emptyTitle} description="" />}
          skeleton={<ListSkeleton lines={skeletonLines} />}
        >
          {(rows) => <List>{rows.map(renderRow)}</List>}
        </InfiniteStates>
      </div>
      {children}
    </Popup>
  );
}
