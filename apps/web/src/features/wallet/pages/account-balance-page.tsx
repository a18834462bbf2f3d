import { formatMoney } from '@pos/core';
import { List, Skeleton } from 'antd-mobile';
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

/** Account balance (/pages/earnings/accountBalance): the balance of every account, each opening its details. */
export default function AccountBalancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useLabels();
  const q = useAgentWallet();
  return (
    <Page title={t('wallet.accountBalance')} className="wallet-page">
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.wallet() })}>
        {q.isLoading ? (
          <div className="wallet-block">
            <Skeleton.Paragraph lineCount={5} animated />
          </div>
        ) : q.isError || !q.data ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <>
            <section className="wallet-hero wallet-hero-small">
              <div className="wallet-hero-label">{t('wallet.totalBalance')}</div>
              <div className="wallet-hero-amount" data-testid="total-balance">
                {formatMoney(q.data.totalBalanceFen)}
              </div>
            </section>
            <List className="wallet-list">
              {q.data.wallets.map((w) => (
                <List.Item
                  key={w.walletType}
                  extra={<Money fen={w.balanceFen} />}
                  onClick={() =>
                    navigate(`/pages/earnings/accountBalanceDetails?walletType=${w.walletType}`)
                  }
                >
                  {labels.walletType(w.walletType)}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </PullRefresh>
    </Page>
  );
}
