import type { LedgerLine } from '@pos/core';
import { formatDate } from '@pos/core';
import { List } from 'antd-mobile';
import { useLabels } from './labels';
import { Money } from './money';

/** One line of the ledger: what it is (labelled by the spec's rules), where from, when, how much. */
export function LedgerRow({ line, onOpen }: { line: LedgerLine; onOpen?: () => void }) {
  const labels = useLabels();
  return (
    <List.Item
      onClick={onOpen}
      arrow={onOpen ? undefined : false}
      description={
        <span className="wallet-row-desc">
          {line.source ? `${line.source} · ` : ''}
          {formatDate(line.createdAt, 'yyyy-mm-dd hh:MM')}
        </span>
      }
      extra={<Money fen={line.amountFen} signed className="wallet-row-amount" />}
      data-testid="ledger-row"
      data-info-type={line.infoType}
    >
      {labels.infoType(line.infoType)}
    </List.Item>
  );
}
