import { mallOrderStatusOptions } from '@pos/core';
import { Empty, InfiniteScroll, Skeleton, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { mallKeys } from '../api/keys';
import { useMallOrders } from '../api/orders';
import { useMallLabels } from '../components/labels';
import { OrderCard } from '../components/order-card';
import '../i18n';
import '../mall.css';

/** My orders by state (/pages/mall/orders[?status=]): pull to refresh, loads on as it scrolls. */
export default function MallOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useMallLabels();
  const [params, setParams] = useSearchParams();
  const tab = params.get('status') ?? 'all';
  const status = /^[0-5]$/.test(tab) ? Number(tab) : undefined;
  const q = useMallOrders(status);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page title={t('mall.orders')} className="mall-page" backTo="/pages/mall/index">
      <Tabs
        activeKey={status === undefined ? 'all' : String(status)}
        onChange={(k) => setParams(k === 'all' ? {} : { status: k }, { replace: true })}
        data-testid="order-tabs"
      >
        <Tabs.Tab key="all" title={t('mall.statusAll')} />
        {mallOrderStatusOptions.map((o) => (
          <Tabs.Tab key={String(o.value)} title={labels.status(o.value)} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: mallKeys.orders(status) })}>
        {q.isLoading ? (
          <div className="mall-block">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : q.isError && rows.length === 0 ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty description={t('mall.ordersEmpty')} />
        ) : (
          <>
            <div className="mall-orders">
              {rows.map((o) => (
                <OrderCard
                  key={o.id}
                  order={o}
                  onOpen={() => navigate(`/pages/mall/order-detail?id=${o.id}`)}
                />
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => {
                await q.fetchNextPage();
              }}
              hasMore={Boolean(q.hasNextPage) && !q.isFetchNextPageError}
            >
              <InfiniteFooter
                hasMore={Boolean(q.hasNextPage)}
                failed={q.isFetchNextPageError}
                retry={() => void q.fetchNextPage()}
              />
            </InfiniteScroll>
          </>
        )}
      </PullRefresh>
    </Page>
  );
}
