import { ErrorBlock, List, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { useTrades } from '../api/get-trades';
import { walletKeys } from '../api/wallet-keys';
import { TradeFilters, type TradeFilterValue } from '../components/trade-filters';
import { TradeRow } from '../components/trade-row';
import '../i18n';
import '../wallet.css';

type Scope = 'all' | 'own' | 'team';
const SCOPES: Scope[] = ['all', 'own', 'team'];

/**
 * Trading (/pages/home/trading/index): transactions of my merchants and my team's, newest first,
 * filtered by pay type, total type, status and date; ?merchantId= or ?sn= narrows to one.
 */
export default function TradingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const scope = (SCOPES as string[]).includes(params.get('scope') ?? '')
    ? (params.get('scope') as Scope)
    : 'all';
  const merchantId = Number(params.get('merchantId')) || undefined;
  const sn = params.get('sn') ?? undefined;
  const [filters, setFilters] = useState<TradeFilterValue>({});
  const q = useTrades({ scope, merchantId, sn, ...filters });

  return (
    <Page
      title={t('wallet.trading')}
      className="wallet-page"
      right={
        <button
          type="button"
          className="wallet-nav-button"
          onClick={() => navigate('/pages/home/home/trading-info')}
        >
          {t('wallet.tradingStats')}
        </button>
      }
    >
      <Tabs
        activeKey={scope}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('scope', key);
          setParams(next, { replace: true });
        }}
      >
        {SCOPES.map((s) => (
          <Tabs.Tab key={s} title={t(`wallet.scope.${s}`)} />
        ))}
      </Tabs>
      <TradeFilters value={filters} onChange={setFilters} />
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}
        empty={
          <ErrorBlock
            status="empty"
            title={t('wallet.noTrades')}
            description={t('wallet.noTradesDesc')}
            data-testid="trades-empty"
          />
        }
        skeleton={<ListSkeleton className="wallet-block" lines={8} />}
      >
        {(rows) => (
          <List className="wallet-list" data-testid="trade-list">
            {rows.map((trade) => (
              <TradeRow
                key={trade.id}
                trade={trade}
                onOpen={() => navigate(`/pages/home/trading/detail?id=${trade.id}`)}
              />
            ))}
          </List>
        )}
      </InfiniteList>
    </Page>
  );
}
