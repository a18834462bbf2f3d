import type { MerchantListItem } from '@pos/core';
import { ErrorBlock, InfiniteScroll, List, Popup, SearchBar, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { useMyMerchants } from '../api/get-my-merchants';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** Picks one of my own merchants (a terminal binds only to a merchant of its holder). */
export function MerchantPicker({
  agentId,
  visible,
  onClose,
  onPick,
}: {
  agentId: number | undefined;
  visible: boolean;
  onClose: () => void;
  onPick: (m: MerchantListItem) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim());
  const q = useMyMerchants(agentId, search, visible);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={6} animated />;
  else if (q.isError && !rows.length)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!rows.length)
    body = <ErrorBlock status="empty" title={t('terminals.noMerchants')} description="" />;
  else {
    body = (
      <>
        <List>
          {rows.map((m) => (
            <List.Item
              key={m.id}
              onClick={() => onPick(m)}
              description={`${m.merchantNo} · ${m.mobile}`}
            >
              {m.name}
            </List.Item>
          ))}
        </List>
        <InfiniteScroll
          loadMore={async () => void (await q.fetchNextPage({ throwOnError: true }))}
          hasMore={q.hasNextPage}
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
      <div className="term-popup-title">{t('terminals.pickMerchant')}</div>
      <div className="term-popup-search">
        <SearchBar
          placeholder={t('terminals.searchMerchant')}
          value={keyword}
          onChange={setKeyword}
          maxLength={32}
        />
      </div>
      <div className="term-popup-body">{body}</div>
    </Popup>
  );
}
