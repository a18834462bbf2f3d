import type { TerminalTargetAgent } from '@pos/core';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useTargetAgents } from '../api/get-target-agents';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchListPopup } from './search-list-popup';

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
  return (
    <SearchListPopup
      visible={visible}
      onClose={onClose}
      title={t('terminals.pickAgent')}
      searchPlaceholder={t('terminals.searchAgent')}
      searchTestId="agent-search"
      keyword={keyword}
      onKeywordChange={setKeyword}
      query={q}
      emptyTitle={t('terminals.noAgents')}
      skeletonLines={6}
      renderRow={(a) => (
        <List.Item
          key={a.id}
          onClick={() => onPick(a)}
          description={`${a.mobile} · ${t('terminals.stockN', { n: a.stock })}`}
          extra={type === 0 ? undefined : t('terminals.level', { n: a.depth })}
          data-testid={`agent-option-${a.id}`}
        >
          {a.name}
        </List.Item>
      )}
    />
  );
}
