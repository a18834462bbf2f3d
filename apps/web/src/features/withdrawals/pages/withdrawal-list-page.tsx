import { formatDate, formatMoney, withdrawalStatusOptions } from '@pos/core';
import { List, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { InfiniteList, ListSkeleton } from '@/components/ui/infinite-list';
import { Page } from '@/components/ui/page';
import { useWithdrawals } from '../api/get-withdrawals';
import { withdrawalKeys } from '../api/keys';
import { useWdLabels } from '../components/labels';
import { ExportButton } from '@/features/exports/components/export-button';
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

  return (
    <Page
      title={t('withdrawals.withdrawals')}
      className="wd-page"
      right={<ExportButton kind="withdrawals" filters={{ status }} />}
    >
      <Tabs activeKey={tab} onChange={setTab} data-testid="status-tabs">
        <Tabs.Tab key="all" title={t('withdrawals.statusAll')} />
        {withdrawalStatusOptions.map((o) => (
          <Tabs.Tab key={String(o.value)} title={labels.status(o.value)} />
        ))}
      </Tabs>
      <InfiniteList
        query={q}
        onRefresh={() => qc.invalidateQueries({ queryKey: withdrawalKeys.list(status) })}
        empty={t('withdrawals.empty')}
        skeleton={<ListSkeleton className="wd-block" />}
      >
        {(rows) => (
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
        )}
      </InfiniteList>
    </Page>
  );
}
