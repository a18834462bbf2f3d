import {
  Button,
  Checkbox,
  ErrorBlock,
  InfiniteScroll,
  List,
  Popup,
  SearchBar,
  Skeleton,
} from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { useTerminalList } from '../api/get-terminal-list';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/**
 * Picks terminals from a holder's unbound stock that no recall holds: what an operation can
 * move. Checked SNs are kept across searches; "done" hands them back.
 */
export function TerminalPicker({
  holderAgentId,
  visible,
  initial,
  onClose,
  onDone,
}: {
  holderAgentId: number | undefined;
  visible: boolean;
  initial: string[];
  onClose: () => void;
  onDone: (sns: string[]) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Set<string>>(() => new Set(initial));
  const sn = useDebouncedValue(keyword.trim());
  const q = useTerminalList(
    { holderAgentId, bindStatus: 0, operable: true, sn, pageSize: 50 },
    visible,
  );
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const toggle = (value: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  let body;
  if (q.isLoading) body = <Skeleton.Paragraph lineCount={8} animated />;
  else if (q.isError && !rows.length)
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  else if (!rows.length)
    body = <ErrorBlock status="empty" title={t('terminals.noTerminals')} description="" />;
  else {
    body = (
      <>
        <List>
          {rows.map((r) => (
            <List.Item
              key={r.sn}
              onClick={() => toggle(r.sn)}
              prefix={<Checkbox checked={picked.has(r.sn)} onChange={() => toggle(r.sn)} />}
              description={`${r.brandName} ${r.model}`}
              data-testid={`pick-${r.sn}`}
            >
              {r.sn}
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
      <div className="term-popup-title">{t('terminals.pickFromList')}</div>
      <div className="term-popup-search">
        <SearchBar
          placeholder={t('terminals.searchSn')}
          value={keyword}
          onChange={setKeyword}
          maxLength={32}
        />
      </div>
      <div className="term-popup-body">{body}</div>
      <div className="term-popup-actions">
        <Button
          size="small"
          onClick={() => setPicked(new Set([...picked, ...rows.map((r) => r.sn)]))}
        >
          {t('terminals.selectAll')}
        </Button>
        <Button size="small" onClick={() => setPicked(new Set())}>
          {t('terminals.clear')}
        </Button>
        <Button
          color="primary"
          size="small"
          onClick={() => onDone([...picked])}
          data-testid="pick-done"
        >
          {t('terminals.pickDone')} ({picked.size})
        </Button>
      </div>
    </Popup>
  );
}
