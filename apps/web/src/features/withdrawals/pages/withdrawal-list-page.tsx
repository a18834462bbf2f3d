import { formatDate, formatMoney, withdrawalStatusOptions } from '@pos/core';
import { Empty, InfiniteScroll, List, Skeleton, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { InfiniteFooter } from '@/components/ui/infinite-footer';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useWithdrawals } from '../api/get-withdrawals';
import { withdrawalKeys } from '../api/keys';
import { useWdLabels } from '../components/labels';
import '../i18n';
import '../withdrawals.css';

/** My withdrawals with a status filter (/pages/earnings/withdrawalList). */
export default function WithdrawalListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useWdLabels();
  const [tab, setTab] = useState('all');
  const status = tab === 'all' ? undefined : Number(tab);
  const q = useWithdrawals(status);
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Page title={t('withdrawals.withdrawals')} className="wd-page">
      <Tabs activeKey={tab} onChange={setTab} data-testid="status-tabs">
        <Tabs.Tab key="all" title={t('withdrawals.statusAll')} />
        {withdrawalStatusOptions.map((o) => (
          <Tabs.Tab key={String(o.value)} title={labels.status(o.value)} />
        ))}
      </Tabs>
      <PullRefresh
        onRefresh={() => qc.invalidateQueries({ queryKey: withdrawalKeys.list(status) })}
      >
        {q.isLoading ? (
          <div className="wd-block">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : q.isError && rows.length === 0 ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty description={t('withdrawals.empty')} />
        ) : (
          <>
            <List>
              {rows.map((w) => (
                <List.Item
                  key={w.id}
                  onClick={() => navigate(`/pages/earnings/earningsWithdrawalInfo?id=${w.id}`)}
                  description={
                    <span className="wd-row-sub">
                      {formatDate(w.createdAt, 'yyyy-mm-dd hh:MM')} · {w.bankName} {w.cardMasked}
                    </span>
                  }
                  extra={<span className={`wd-status-${w.status}`}>{labels.status(w.status)}</span>}
                  data-testid={`withdrawal-${w.id}`}
                >
                  <span className="wd-row-amount">¥{formatMoney(w.amountFen)}</span>
                  <span className="wd-row-sub"> · {labels.wallet(w.walletType)}</span>
                </List.Item>
              ))}
            </List>
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
