import { mallOrderStatusOptions } from '@pos/core';
import { Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
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
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: mallKeys.orders(status) })}
        empty={t('mall.ordersEmpty')}
        skeleton={<ListSkeleton className="mall-block" />}
      >
        {(rows) => (
          <div className="mall-orders">
            {rows.map((o) => (
              <OrderCard
                key={o.id}
                order={o}
                onOpen={() => navigate(`/pages/mall/order-detail?id=${o.id}`)}
              />
            ))}
          </div>
        )}
      </InfiniteList>
    </Page>
  );
}
