import type { MerchantCondition, MerchantListItem } from '@pos/core';
import { ErrorBlock, SearchBar, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { useMerchantList } from '../api/get-merchant-list';
import { merchantKeys } from '../api/merchant-keys';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MerchantCard } from './merchant-card';

/**
 * A searchable merchant list of my subtree with condition tabs, pull to refresh and endless
 * scrolling; several pages show it with their own conditions and destinations.
 */
export function MerchantListView({
  conditions,
  condition,
  onCondition,
  onOpen,
  tags,
  onSearch,
}: {
  conditions: readonly MerchantCondition[];
  condition: MerchantCondition;
  onCondition: (c: MerchantCondition) => void;
  onOpen: (m: MerchantListItem) => void;
  tags?: (m: MerchantListItem) => ReactNode;
  /** Told the search the list now shows (trimmed, after the typing pause), e.g. for an export. */
  onSearch?: (keyword: string) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim());
  const q = useMerchantList({ keyword: search, condition });
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  useEffect(() => setKeyword(''), [condition]);
  useEffect(() => onSearch?.(search), [search, onSearch]);

  const list = (
    <div className="merch-list" data-testid="merchant-list">
      {rows.map((m) => (
        <MerchantCard key={m.id} merchant={m} onOpen={() => onOpen(m)} tags={tags?.(m)} />
      ))}
    </div>
  );
  return (
    <>
      <div className="merch-sticky">
        <SearchBar
          placeholder={t('merchants.search')}
          value={keyword}
          onChange={setKeyword}
          maxLength={32}
          data-testid="merchant-search"
        />
        {conditions.length > 1 && (
          <Tabs activeKey={condition} onChange={(k) => onCondition(k as MerchantCondition)}>
            {conditions.map((c) => (
              <Tabs.Tab key={c} title={t(`merchants.conditions.${c}`)} />
            ))}
          </Tabs>
        )}
      </div>
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: merchantKeys.all })}
        empty={
          <ErrorBlock
            status="empty"
            title={search ? t('merchants.noMatch') : t('merchants.noMerchants')}
            description=""
          />
        }
        skeleton={<ListSkeleton lines={10} />}
      >
        {list}
      </InfiniteList>
    </>
  );
}
