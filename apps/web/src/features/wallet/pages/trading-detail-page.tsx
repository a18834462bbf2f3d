import { formatDate, formatMoney, ppmToPercentText } from '@pos/core';
import { List, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useTrade } from '../api/get-trade';
import { useLabels } from '../components/labels';
import { Money } from '../components/money';
import { kindLabel } from '../components/trade-row';
import '../i18n';
import '../wallet.css';

/** One transaction (/pages/home/trading/detail?id=): its details, settlement, my earnings on it and its refunds. */
export default function TradingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useLabels();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useTrade(valid ? id : 0);

  let body = recordGate(
    valid,
    q,
    '/pages/home/trading/index',
    <div className="wallet-block">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={10} animated />
    </div>,
  );
  if (!body && q.data) {
    const d = q.data;
    body = (
      <>
        <section className="wallet-hero wallet-hero-small" data-testid="trade-hero">
          <div className="wallet-hero-label">
            {labels.enumText('total_type', d.totalType)} · {kindLabel(d.kind, labels.lang)}
          </div>
          <div className="wallet-hero-amount">{formatMoney(d.amountFen)}</div>
          <Tag color={d.status === 1 ? 'success' : 'default'}>
            {labels.enumText('transaction_status', d.status)}
          </Tag>{' '}
          {d.status === 1 && (
            <Tag color={d.settled ? 'primary' : 'warning'}>
              {d.settled ? t('wallet.settled') : t('wallet.unsettled')}
            </Tag>
          )}
        </section>
        <List header={t('wallet.myEarnings')} className="wallet-list" data-testid="my-earnings">
          {d.myEarnings.length === 0 ? (
            <List.Item>{t('wallet.noMyEarnings')}</List.Item>
          ) : (
            d.myEarnings.map((e) => (
              <List.Item
                key={e.id}
                extra={<Money fen={e.amountFen} signed />}
                onClick={() => navigate(`/pages/earnings/earningsInfo?id=${e.id}`)}
              >
                {labels.infoType(e.infoType)}
              </List.Item>
            ))
          )}
        </List>
        <List className="wallet-list">
          <List.Item extra={d.merchantName ?? '-'}>{t('wallet.merchant')}</List.Item>
          {d.merchantNo && <List.Item extra={d.merchantNo}>{t('wallet.merchantNo')}</List.Item>}
          <List.Item extra={d.own ? t('wallet.own') : (d.agentName ?? '-')}>
            {t('wallet.agent')}
          </List.Item>
          <List.Item extra={d.sn}>{t('wallet.sn')}</List.Item>
          <List.Item extra={labels.enumText('pay_type', d.payType)}>
            {t('wallet.payType')}
          </List.Item>
          <List.Item extra={labels.enumText('card_type', d.cardType)}>
            {t('wallet.cardType')}
          </List.Item>
          <List.Item extra={labels.enumText('transaction_method', d.method)}>
            {t('wallet.method')}
          </List.Item>
          {d.cardNoMasked && <List.Item extra={d.cardNoMasked}>{t('wallet.cardNo')}</List.Item>}
          {d.merchantRate !== null && (
            <List.Item extra={ppmToPercentText(d.merchantRate)}>
              {t('wallet.merchantRate')}
            </List.Item>
          )}
          {d.feeFen !== null && (
            <List.Item extra={<Money fen={d.feeFen} />}>{t('wallet.fee')}</List.Item>
          )}
          <List.Item extra={formatDate(d.tradeTime, 'yyyy-mm-dd hh:MM:ss')}>
            {t('wallet.tradeTime')}
          </List.Item>
          {d.settledAt && (
            <List.Item extra={formatDate(d.settledAt, 'yyyy-mm-dd hh:MM:ss')}>
              {t('wallet.settledAt')}
            </List.Item>
          )}
          <List.Item extra={<span className="wallet-break">{d.acquirerTxnId}</span>}>
            {t('wallet.txnNo')}
          </List.Item>
        </List>
        {d.refunds.length > 0 && (
          <List header={t('wallet.refunds')} className="wallet-list">
            {d.refunds.map((r) => (
              <List.Item
                key={r.id}
                extra={<Money fen={-r.amountFen} signed />}
                description={formatDate(r.tradeTime, 'yyyy-mm-dd hh:MM')}
                onClick={() => navigate(`/pages/home/trading/detail?id=${r.id}`)}
              >
                {kindLabel(r.kind, labels.lang)}
              </List.Item>
            ))}
          </List>
        )}
        {d.origTxnId !== null && (
          <List className="wallet-list">
            <List.Item onClick={() => navigate(`/pages/home/trading/detail?id=${d.origTxnId}`)}>
              {t('wallet.relatedTrade')}
            </List.Item>
          </List>
        )}
      </>
    );
  }
  return (
    <Page title={t('wallet.tradeDetail')} className="wallet-page">
      {body}
    </Page>
  );
}
