import { formatMoney } from '@pos/core';
import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useEarningsStats } from '../api/get-earnings-stats';
import { walletKeys } from '../api/wallet-keys';
import { DayBars } from '../components/day-bars';
import { useLabels } from '../components/labels';
import { Money } from '../components/money';
import { MonthPicker } from '@/components/ui/month-picker';
import '../i18n';
import '../wallet.css';

/**
 * Earnings statistics (/pages/home/home/earnings-info and /pages/data/earnings-info): a month's
 * earnings by type (each opening its records) and by day.
 */
export default function EarningsStatsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const labels = useLabels();
  const [month, setMonth] = useState<string | undefined>();
  const q = useEarningsStats(month);
  let body;
  if (q.isLoading) {
    body = (
      <div className="wallet-block">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  } else if (q.isError || !q.data) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else {
    const s = q.data;
    body = (
      <>
        <section className="wallet-hero wallet-hero-small">
          <div className="wallet-hero-label">{t('wallet.monthTotal')}</div>
          <div className="wallet-hero-amount" data-testid="earnings-month-total">
            {formatMoney(s.totalFen)}
          </div>
        </section>
        {s.byType.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t('wallet.noRecords')}
            description={t('wallet.noRecordsDesc')}
          />
        ) : (
          <>
            <List header={t('wallet.byType')} className="wallet-list">
              {s.byType.map((row) => (
                <List.Item
                  key={row.infoType}
                  extra={<Money fen={row.amountFen} signed />}
                  description={t('wallet.count', { n: row.count })}
                  onClick={() =>
                    navigate(
                      `/pages/earnings/earningsDetails?infoType=${row.infoType}&month=${s.month}`,
                    )
                  }
                >
                  {labels.infoType(row.infoType)}
                </List.Item>
              ))}
            </List>
            <List header={t('wallet.byDay')} className="wallet-list">
              <List.Item>
                <DayBars days={s.byDay} />
              </List.Item>
            </List>
          </>
        )}
      </>
    );
  }
  return (
    <Page title={t('wallet.earningsStats')} className="wallet-page">
      <div className="wallet-toolbar">
        <MonthPicker className="wallet-chip" value={month} onChange={setMonth} />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
