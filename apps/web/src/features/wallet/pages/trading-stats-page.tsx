import { formatMoney } from '@pos/core';
import { Grid, List, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTradeStats } from '../api/get-trade-stats';
import { walletKeys } from '../api/wallet-keys';
import { DayBars } from '../components/day-bars';
import { MonthPicker } from '@/components/ui/month-picker';
import '../i18n';
import '../wallet.css';

/** Trading statistics (/pages/home/home/trading-info): a month's volume of my merchants and my whole team, by day. */
export default function TradingStatsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [month, setMonth] = useState<string | undefined>();
  const q = useTradeStats(month);
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
          <Grid columns={2} gap={8}>
            <Grid.Item>
              <div className="wallet-hero-figure" data-testid="trade-own">
                {formatMoney(s.own.amountFen)}
              </div>
              <div className="wallet-hero-caption">
                {t('wallet.ownTrade')} · {t('wallet.count', { n: s.own.count })}
              </div>
            </Grid.Item>
            <Grid.Item>
              <div className="wallet-hero-figure" data-testid="trade-team">
                {formatMoney(s.team.amountFen)}
              </div>
              <div className="wallet-hero-caption">
                {t('wallet.teamTrade')} · {t('wallet.count', { n: s.team.count })}
              </div>
            </Grid.Item>
          </Grid>
        </section>
        <List header={t('wallet.byDay')} className="wallet-list">
          <List.Item>
            {s.byDay.length ? <DayBars days={s.byDay} /> : t('wallet.noTrades')}
          </List.Item>
        </List>
        <List className="wallet-list">
          <List.Item onClick={() => navigate('/pages/home/trading/index')}>
            {t('wallet.trading')}
          </List.Item>
        </List>
      </>
    );
  }
  return (
    <Page title={t('wallet.tradingStats')} className="wallet-page">
      <div className="wallet-toolbar">
        <MonthPicker className="wallet-chip" value={month} onChange={setMonth} />
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: walletKeys.all })}>
        {body}
      </PullRefresh>
    </Page>
  );
}
