import type { MerchantListItem } from '@pos/core';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useMyMerchants } from '../api/get-my-merchants';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchListPopup } from './search-list-popup';

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
  return (
    <SearchListPopup
      visible={visible}
      onClose={onClose}
      title={t('terminals.pickMerchant')}
      searchPlaceholder={t('terminals.searchMerchant')}
      keyword={keyword}
      onKeywordChange={setKeyword}
      query={q}
      emptyTitle={t('terminals.noMerchants')}
      skeletonLines={6}
      renderRow={(m) => (
        <List.Item
          key={m.id}
          onClick={() => onPick(m)}
          description={`${m.merchantNo} · ${m.mobile}`}
        >
          {m.name}
        </List.Item>
      )}
    />
  );
}
