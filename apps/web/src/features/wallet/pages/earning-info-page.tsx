import { earningBasisRows, formatDate, formatMoney, ppmToPercentText } from '@pos/core';
import { Button, Card, List, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { recordGate } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { useEarning } from '../api/get-earning';
import { useLabels } from '../components/labels';
import { Money } from '../components/money';
import '../i18n';
import '../wallet.css';

/** One earnings record (/pages/earnings/earningsInfo?id=) with how it was computed. */
export default function EarningInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useLabels();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const q = useEarning(Number.isInteger(id) && id > 0 ? id : 0);

  let body = recordGate(
    Number.isInteger(id) && id > 0,
    q,
    '/pages/earnings/earningsDetails',
    <div className="wallet-block">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={8} animated />
    </div>,
  );
  if (!body && q.data) {
    const e = q.data;
    const b = e.basis;
    const value = (v: number | null) =>
      v === null
        ? '-'
        : b.unit === 'ppm'
          ? ppmToPercentText(v)
          : `${formatMoney(v)}${labels.lang === 'en' ? '' : '元'}`;
    body = (
      <>
        <section className="wallet-hero wallet-hero-small" data-testid="earning-hero">
          <div className="wallet-hero-label" data-testid="earning-type">
            {labels.infoType(e.infoType)}
          </div>
          <div className="wallet-hero-amount" data-testid="earning-amount">
            <Money fen={e.amountFen} signed />
          </div>
        </section>
        <Card title={t('wallet.howComputed')} className="wallet-card">
          <p className="wallet-formula" data-testid="earning-formula">
            {labels.lang === 'en' ? e.formulaEn : e.formula}
          </p>
        </Card>
        <List header={t('wallet.basis')} className="wallet-list" data-testid="earning-basis">
          {earningBasisRows(e.infoType, b).map(({ row, label, value: v }) => (
            <List.Item
              key={row}
              data-testid={`basis-${row}`}
              extra={
                label.unit === 'money' ? (
                  <Money fen={Number(v)} />
                ) : label.unit === 'line' ? (
                  value(Number(v))
                ) : label.unit === 'share' ? (
                  ppmToPercentText(Number(v))
                ) : label.unit === 'count' ? (
                  t('wallet.countN', { n: v })
                ) : (
                  String(v)
                )
              }
            >
              {labels.lang === 'en' ? label.en : label.zh}
            </List.Item>
          ))}
          {b.policyVersion !== null && (
            <List.Item extra={`v${b.policyVersion}`}>{t('wallet.policyVersion')}</List.Item>
          )}
        </List>
        <List className="wallet-list">
          <List.Item extra={labels.walletType(e.walletType)}>{t('wallet.wallet')}</List.Item>
          <List.Item extra={t(`wallet.reasons.${e.reason}`, { defaultValue: e.reason })}>
            {t('wallet.reason')}
          </List.Item>
          {e.source && <List.Item extra={e.source}>{t('wallet.source')}</List.Item>}
          <List.Item extra={formatDate(e.createdAt, 'yyyy-mm-dd hh:MM:ss')}>
            {t('wallet.time')}
          </List.Item>
          {e.reversesLineId !== null && (
            <List.Item
              onClick={() => navigate(`/pages/earnings/earningsInfo?id=${e.reversesLineId}`)}
            >
              {t('wallet.reverses')}
            </List.Item>
          )}
        </List>
        {e.transaction && (
          <List header={t('wallet.relatedTrade')} className="wallet-list">
            <List.Item extra={e.transaction.merchantName ?? e.transaction.sn}>
              {t('wallet.merchant')}
            </List.Item>
            <List.Item
              extra={`${labels.enumText('pay_type', e.transaction.payType)} · ${labels.enumText('total_type', e.transaction.totalType)}`}
            >
              {t('wallet.payType')}
            </List.Item>
            <List.Item extra={<Money fen={e.transaction.amountFen} />}>
              {t('wallet.amount')}
            </List.Item>
            {e.transaction.originalAmountFen !== null && (
              <List.Item
                extra={<Money fen={e.transaction.originalAmountFen} />}
                data-testid="earning-original-amount"
              >
                {t('wallet.originalAmount')}
              </List.Item>
            )}
            <List.Item extra={formatDate(e.transaction.tradeTime, 'yyyy-mm-dd hh:MM:ss')}>
              {t('wallet.tradeTime')}
            </List.Item>
          </List>
        )}
        {e.transaction && (
          <div className="wallet-block">
            <Button
              block
              color="primary"
              fill="outline"
              onClick={() => navigate(`/pages/home/trading/detail?id=${e.transaction!.id}`)}
            >
              {t('wallet.viewTrade')}
            </Button>
          </div>
        )}
      </>
    );
  }
  return (
    <Page title={t('wallet.earningInfo')} className="wallet-page">
      {body}
    </Page>
  );
}
