import { ErrorBlock, InfiniteScroll, List, Skeleton, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
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
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  let body;
  if (q.isLoading) {
    body = (
      <div className="wallet-block">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  } else if (q.isError && rows.length === 0) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('wallet.noTrades')}
        description={t('wallet.noTradesDesc')}
        data-testid="trades-empty"
      />
    );
  } else {
    body = (
      <>
        <List className="wallet-list" data-testid="trade-list">
          {rows.map((trade) => (
            <TradeRow
              key={trade.id}
              trade={trade}
              onOpen={() => navigate(`/pages/home/trading/detail?id=${trade.id}`)}
            />
          ))}
        </List>
        <InfiniteScroll
          loadMore={async () => void (await q.fetchNextPage())}
          hasMore={q.hasNextPage && !q.isFetchNextPageError}
        >
          <InfiniteFooter
            hasMore={q.hasNextPage}
            failed={q.isFetchNextPageError}
            retry={() => void q.fetchNextPage()}
          />
        </InfiniteScroll>
      </>
    );
  }
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
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
