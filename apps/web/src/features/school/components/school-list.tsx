import type { SchoolItem } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfiniteList, ListSkeleton, type InfiniteRowsQuery } from '@/components/ui/infinite-list';
import { useNavigate } from '@/lib/router';
import { SchoolCard } from './school-card';

/**
 * A list of the school's items with pull-to-refresh (which fetches `refreshKey` again): each as
 * a card opening its page, unless `renderItem` draws it otherwise.
 */
export function SchoolList({
  query,
  refreshKey,
  empty,
  renderItem,
}: {
  query: InfiniteRowsQuery<SchoolItem>;
  refreshKey: readonly unknown[];
  empty: string;
  renderItem?: (item: SchoolItem, open: () => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (
    <InfiniteList
      query={query}
      onRefresh={() => qc.invalidateQueries({ queryKey: refreshKey })}
      empty={empty}
      emptyTestId="school-empty"
      skeleton={<ListSkeleton className="school-list" />}
    >
      {(rows) => (
        <div className="school-list" data-testid="school-list">
          {rows.map((item) => {
            const open = () => navigate(`/pages/school/detail?id=${item.id}`);
            return renderItem ? (
              renderItem(item, open)
            ) : (
              <SchoolCard key={item.id} item={item} onOpen={open} />
            );
          })}
        </div>
      )}
    </InfiniteList>
  );
}
