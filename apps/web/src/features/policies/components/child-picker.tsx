import type { OpenCandidate } from '@pos/core';
import { List, SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useOpenCandidates } from '../api/get-open-candidates';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EmptyBlock, ListStates } from './list-states';

/** The caller's direct sub-agents to pick from, searchable, each marked with what it holds. */
export function ChildPicker({
  onPick,
  policyId,
}: {
  onPick: (child: OpenCandidate) => void;
  policyId?: number;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim());
  const q = useOpenCandidates(search);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <>
      <div className="pol-toolbar">
        <SearchBar
          placeholder={t('policies.searchAgentPh')}
          value={keyword}
          onChange={setKeyword}
          maxLength={20}
        />
      </div>
      <ListStates q={q} empty={<EmptyBlock title={t('policies.noChildren')} />}>
        <List data-testid="child-list">
          {rows.map((c) => {
            const held = policyId
              ? c.opened.some((o) => o.policyId === policyId)
              : c.opened.length > 0;
            return (
              <List.Item
                key={c.id}
                onClick={() => onPick(c)}
                description={c.mobile}
                extra={
                  <Tag color={held ? 'success' : 'default'} fill="outline">
                    {held ? t('policies.opened') : t('policies.notOpened')}
                  </Tag>
                }
                data-testid={`child-${c.id}`}
              >
                {c.name}
              </List.Item>
            );
          })}
        </List>
      </ListStates>
    </>
  );
}
