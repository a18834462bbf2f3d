import type { TerminalOperationRecord } from '@pos/core';
import { formatDate } from '@pos/core';
import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { usePartyLabel } from '@/lib/party-name';

const STATUS_COLORS: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'danger' };

/**
 * One operation record: type, status, counterparty, count, the SNs that moved (as runs of
 * consecutive numbers, never a range over SNs that did not move) and time.
 */
export function OperationCard({
  record,
  onOpen,
  actions,
}: {
  record: TerminalOperationRecord;
  onOpen: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const party = usePartyLabel();
  const other =
    record.type === 3 || record.type === 4
      ? (record.merchantName ?? '')
      : party(record.counterparty);
  return (
    <div className="term-record" data-testid={`record-${record.id}`}>
      <button type="button" className="term-record-main" onClick={onOpen}>
        <div className="term-record-head">
          <span className="term-record-type">{t(`terminals.types.${record.type}`)}</span>
          <Tag color={STATUS_COLORS[record.status] ?? 'default'} fill="outline">
            {t(`terminals.statuses.${record.status}`)}
          </Tag>
          <span className="term-record-count">{t('terminals.countN', { n: record.count })}</span>
        </div>
        <div className="term-card-sub">
          {t('terminals.counterparty')}：{other}
        </div>
        {record.snRuns.length > 0 && (
          <div className="term-card-sub" data-testid="record-sns">
            {record.snRuns
              .map((r) => (r.count > 1 ? `${r.first} ~ ${r.last}` : r.first))
              .join('、')}
            {record.runCount > record.snRuns.length
              ? ` ${t('terminals.moreRuns', { n: record.runCount - record.snRuns.length })}`
              : ''}
          </div>
        )}
        <div className="term-card-sub">{formatDate(record.createdAt, 'yyyy-mm-dd hh:MM')}</div>
      </button>
      {actions && <div className="term-record-actions">{actions}</div>}
    </div>
  );
}
