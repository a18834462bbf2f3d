import { Button, Checkbox, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useTerminalList } from '../api/get-terminal-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { SearchListPopup } from './search-list-popup';

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
  return (
    <SearchListPopup
      visible={visible}
      onClose={onClose}
      title={t('terminals.pickFromList')}
      searchPlaceholder={t('terminals.searchSn')}
      keyword={keyword}
      onKeywordChange={setKeyword}
      query={q}
      emptyTitle={t('terminals.noTerminals')}
      skeletonLines={8}
      renderRow={(r) => (
        <List.Item
          key={r.sn}
          onClick={() => toggle(r.sn)}
          prefix={<Checkbox checked={picked.has(r.sn)} onChange={() => toggle(r.sn)} />}
          description={`${r.brandName} ${r.model}`}
          data-testid={`pick-${r.sn}`}
        >
          {r.sn}
        </List.Item>
      )}
    >
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
    </SearchListPopup>
  );
}
