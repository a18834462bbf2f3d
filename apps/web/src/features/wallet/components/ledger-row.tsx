import type { LedgerLine } from '@pos/core';
import { formatDate } from '@pos/core';
import { List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useLabels } from './labels';
import { Money } from './money';

/** One line of the ledger: what it is (labelled by the spec's rules), where from, when, how much. */
export function LedgerRow({
  line,
  onOpen,
  showBalance = false,
}: {
  line: LedgerLine;
  onOpen?: () => void;
  /** Account details show the wallet's balance after each line. */
  showBalance?: boolean;
}) {
  const labels = useLabels();
  const { t } = useTranslation();
  return (
    <List.Item
      onClick={onOpen}
      arrow={onOpen ? undefined : false}
      description={
        <span className="wallet-row-desc">
          {line.source ? `${line.source} · ` : ''}
          {formatDate(line.createdAt, 'yyyy-mm-dd hh:MM')}
          {line.originalAmountFen !== null && (
            <>
              {' · '}
              {t('wallet.originalAmount')} <Money fen={line.originalAmountFen} />
            </>
          )}
        </span>
      }
      extra={
        <span className="wallet-row-extra">
          <Money fen={line.amountFen} signed className="wallet-row-amount" />
          {showBalance && (
            <span className="wallet-row-balance" data-testid="ledger-balance-after">
              {t('wallet.balanceAfter')} <Money fen={line.balanceAfterFen} />
            </span>
          )}
        </span>
      }
      data-testid="ledger-row"
      data-info-type={line.infoType}
    >
      {labels.infoType(line.infoType)}
    </List.Item>
  );
}
