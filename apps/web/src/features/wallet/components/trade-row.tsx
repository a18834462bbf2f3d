import type { TradeItem } from '@pos/core';
import { formatDate, txnKindOptions } from '@pos/core';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useLabels } from './labels';
import { Money } from './money';

/** One transaction in the trading list. */
export function TradeRow({ trade, onOpen }: { trade: TradeItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const refund = trade.kind !== 1;
  const failed = trade.status !== 1;
  return (
    <List.Item
      onClick={onOpen}
      data-testid="trade-row"
      description={
        <span className="wallet-row-desc">
          {labels.enumText('pay_type', trade.payType)} ·{' '}
          {labels.enumText('total_type', trade.totalType)} ·{' '}
          {formatDate(trade.tradeTime, 'mm-dd hh:MM')}
        </span>
      }
      extra={
        <span className="wallet-trade-extra">
          <Money
            fen={refund ? -trade.amountFen : trade.amountFen}
            className={failed ? 'wallet-muted' : ''}
          />
          {failed && (
            <Tag color="default">{labels.enumText('transaction_status', trade.status)}</Tag>
          )}
          {refund && <Tag color="warning">{kindLabel(trade.kind, labels.lang)}</Tag>}
        </span>
      }
    >
      <span className="wallet-trade-title">
        {trade.merchantName ?? trade.sn}
        <Tag color={trade.own ? 'primary' : 'default'} fill="outline" className="wallet-tag">
          {trade.own ? t('wallet.own') : `${t('wallet.teamMember')} ${trade.agentName ?? ''}`}
        </Tag>
      </span>
    </List.Item>
  );
}

export function kindLabel(kind: number, lang: 'zh' | 'en'): string {
  const option = txnKindOptions.find((o) => o.value === kind);
  return option ? option[lang] : String(kind);
}
