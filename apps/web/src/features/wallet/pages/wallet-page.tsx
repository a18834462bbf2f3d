import { formatMoney } from '@pos/core';
import { CompactMoney } from '@/components/ui/compact-money';
import { Grid, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useAgentWallet } from '../api/get-agent-wallet';
import { walletKeys } from '../api/wallet-keys';
import { useLabels } from '../components/labels';
import { Money } from '../components/money';
import '../i18n';
import '../wallet.css';

/** My wallet (/pages/earnings/index): what I can use, today's and this month's earnings, every account. */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useLabels();
  const q = useAgentWallet();

  let body;
  if (q.isLoading) {
    body = (
      <div className="wallet-block">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (q.isError || !q.data) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else {
    const w = q.data;
    body = (
      <>
        <section className="wallet-hero" data-testid="wallet-hero">
          <div className="wallet-hero-label">{t('wallet.available')}</div>
          <div className="wallet-hero-amount" data-testid="wallet-available">
            {formatMoney(w.availableFen)}
          </div>
          <Grid columns={3} gap={8} className="wallet-hero-grid">
            <Grid.Item>
              <div className="wallet-hero-figure" data-testid="wallet-today">
                <CompactMoney fen={w.todayEarningsFen} />
              </div>
              <div className="wallet-hero-caption">{t('wallet.todayEarnings')}</div>
            </Grid.Item>
            <Grid.Item>
              <div className="wallet-hero-figure" data-testid="wallet-month">
                <CompactMoney fen={w.monthEarningsFen} />
              </div>
              <div className="wallet-hero-caption">{t('wallet.monthEarnings')}</div>
            </Grid.Item>
            <Grid.Item>
              <div className="wallet-hero-figure">
                <CompactMoney fen={w.totalEarningsFen} />
              </div>
              <div className="wallet-hero-caption">{t('wallet.totalEarnings')}</div>
            </Grid.Item>
          </Grid>
        </section>
        <div className="wallet-actions">
          <button
            type="button"
            className="wallet-action"
            onClick={() => navigate('/pages/earnings/earningsWithdrawal')}
          >
            {t('wallet.withdraw')}
          </button>
          <button
            type="button"
            className="wallet-action"
            onClick={() => navigate('/pages/earnings/capitalPool')}
          >
            {t('wallet.capitalPool')}
          </button>
          <button
            type="button"
            className="wallet-action"
            onClick={() => navigate('/pages/earnings/withdrawalList')}
          >
            {t('wallet.withdrawals')}
          </button>
        </div>
        <List header={t('wallet.wallets')} className="wallet-list">
          {w.wallets.map((wallet) => (
            <List.Item
              key={wallet.walletType}
              onClick={() =>
                navigate(`/pages/earnings/accountBalanceDetails?walletType=${wallet.walletType}`)
              }
              extra={<Money fen={wallet.balanceFen} />}
              data-testid={`wallet-${wallet.walletType}`}
            >
              {labels.walletType(wallet.walletType)}
            </List.Item>
          ))}
        </List>
        <List className="wallet-list">
          <List.Item
            onClick={() => navigate('/pages/earnings/earningsDetails')}
            data-testid="open-earnings-details"
          >
            {t('wallet.earningsDetails')}
          </List.Item>
          <List.Item onClick={() => navigate('/pages/earnings/accountBalance')}>
            {t('wallet.accountBalance')}
          </List.Item>
          <List.Item onClick={() => navigate('/pages/home/home/earnings-info')}>
            {t('wallet.earningsStats')}
          </List.Item>
          <List.Item onClick={() => navigate('/pages/home/trading/index')}>
            {t('wallet.trading')}
          </List.Item>
        </List>
      </>
    );
  }
  return (
    <Page title={t('wallet.myWallet')} className="wallet-page">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
