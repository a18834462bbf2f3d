import type { TerminalTargetAgent } from '@pos/core';
import { ErrorBlock, InfiniteScroll, List, Popup, SearchBar, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { useTargetAgents } from '../api/get-target-agents';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/**
 * Picks the other party of an operation: direct sub-agents for allocate (type 0), any agent
 * below me for transfer and recall. Searchable by name or mobile, scrolls without end.
 */
export function AgentPicker({
  type,
  visible,
  onClose,
  onPick,
}: {
  type: number;
  visible: boolean;
  onClose: () => void;
  onPick: (agent: TerminalTargetAgent) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim());
  const q = useTargetAgents(type, search, visible);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={6} animated />;
  else if (q.isError && !rows.length)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!rows.length)
    body = <ErrorBlock status="empty" title={t('terminals.noAgents')} description="" />;
  else {
    body = (
      <>
        <List>
          {rows.map((a) => (
            <List.Item
              key={a.id}
              onClick={() => onPick(a)}
              description={`${a.mobile} · ${t('terminals.stockN', { n: a.stock })}`}
              extra={type === 0 ? undefined : t('terminals.level', { n: a.depth })}
              data-testid={`agent-option-${a.id}`}
            >
              {a.name}
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
      <div className="term-popup-title">{t('terminals.pickAgent')}</div>
      <div className="term-popup-search">
        <SearchBar
          placeholder={t('terminals.searchAgent')}
          value={keyword}
          onChange={setKeyword}
          maxLength={32}
          data-testid="agent-search"
        />
      </div>
      <div className="term-popup-body">{body}</div>
    </Popup>
  );
}
