import { formatMoney } from '@pos/core';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useMallWallet } from '../api/catalog';

/** Goods balance, points and free-claim quota, as the server reports them. */
export function WalletStrip() {
  const { t } = useTranslation();
  const wallet = useMallWallet();
  if (wallet.isLoading) return <Skeleton animated className="mall-wallet-skeleton" />;
  if (!wallet.data) return null;
  const w = wallet.data;
  return (
    <div className="mall-wallet" data-testid="mall-wallet">
      <div>
        <div className="mall-wallet-value" data-testid="mall-goods-balance">
          ¥{formatMoney(w.goodsBalanceFen)}
        </div>
        <div className="mall-wallet-label">{t('mall.goodsBalance')}</div>
      </div>
      <div>
        <div className="mall-wallet-value" data-testid="mall-points">
          {w.points.toLocaleString()}
        </div>
        <div className="mall-wallet-label">{t('mall.points')}</div>
      </div>
      <div>
        <div className="mall-wallet-value" data-testid="mall-free-quota">
          {t('mall.units', { n: w.freeQuota.left })}
        </div>
        <div className="mall-wallet-label">{t('mall.freeQuota')}</div>
      </div>
    </div>
  );
}
