import type { TerminalOperationRecord } from '@pos/core';
import { ErrorBlock } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { InfiniteList, ListSkeleton, type InfiniteRowsQuery } from '@/components/ui/infinite-list';
import { useTranslation } from '@/lib/i18n';
import { terminalKeys } from '../api/terminal-keys';
import { OperationCard } from './operation-card';
import { OperationDetail } from './operation-detail';

/**
 * Operation records as cards in the app's infinite list (pull to refresh), each opening its
 * detail; `actions` adds a record's buttons (a recall's answer, say).
 */
export function OperationRecords({
  query,
  testId,
  actions,
}: {
  query: InfiniteRowsQuery<TerminalOperationRecord>;
  testId: string;
  actions?: (record: TerminalOperationRecord) => ReactNode;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <InfiniteList
        query={query}
        onRefresh={() => qc.invalidateQueries({ queryKey: terminalKeys.all })}
        empty={<ErrorBlock status="empty" title={t('terminals.noRecords')} description="" />}
        skeleton={<ListSkeleton lines={10} />}
      >
        {(rows) => (
          <div className="term-list" data-testid={testId}>
            {rows.map((r) => (
              <OperationCard
                key={r.id}
                record={r}
                onOpen={() => setOpen(r.id)}
                actions={actions?.(r)}
              />
            ))}
          </div>
        )}
      </InfiniteList>
      <OperationDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}
