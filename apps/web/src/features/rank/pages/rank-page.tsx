import {
  formatDate,
  formatMoney,
  RANK_METRICS,
  RANK_PERIODS,
  type RankMetric,
  type RankPeriod,
  type RankRow,
} from '@pos/core';
import { CapsuleTabs, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { useTranslation } from '@/lib/i18n';
import { rankKeys, useRank } from '../api/get-rank';
import '../i18n';
import '../rank.css';

/** Counts for activations; money (fen, as the server computed it) for the rest. */
const shown = (metric: RankMetric, value: number) =>
  metric === 'activations' ? value.toLocaleString() : `¥${formatMoney(value)}`;

function Place({ rank }: { rank: number }) {
  return (
    <span
      className={`rank-place${rank <= 3 ? ` rank-medal rank-medal-${rank}` : ''}`}
      data-testid={rank <= 3 ? `medal-${rank}` : undefined}
    >
      {rank}
    </span>
  );
}

/**
 * The rankings (/pages/rank/index): the agent's top-level tree by trade volume, activations,
 * earnings or team volume over today, this week or this month; the top 20 with medals for the
 * first three, and the agent's own rank pinned at the bottom even when it is outside the top.
 * Names and figures are the server's (names masked per decision 010).
 */
export default function RankPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [metric, setMetric] = useState<RankMetric>('volume');
  const [period, setPeriod] = useState<RankPeriod>('month');
  const q = useRank(metric, period);
  const r = q.data;

  let body: ReactNode;
  if (q.isLoading) {
    body = <Skeleton.Paragraph lineCount={8} animated className="rank-block" />;
  } else if (q.isError || !r) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else if (r.rows.length === 0) {
    body = (
      <ErrorBlock
        status="empty"
        title={t('rank.empty')}
        description={t('rank.emptyDesc')}
        data-testid="rank-empty"
      />
    );
  } else {
    body = (
      <>
        <div className="rank-scope">
          <span>{t('rank.scope', { from: r.from, to: r.to })}</span>
          <span>{t('rank.ranked', { n: r.ranked })}</span>
        </div>
        {r.asOf && (
          <p className="rank-as-of" data-testid="rank-as-of">
            {t('rank.asOf', { time: formatDate(r.asOf, 'hh:MM') })}
          </p>
        )}
        <ol className="rank-list" data-testid="rank-list">
          {r.rows.map((row: RankRow) => (
            <li
              key={row.agentId}
              className={`rank-row${row.isSelf ? ' rank-row-self' : ''}`}
              data-testid="rank-row"
            >
              <Place rank={row.rank} />
              <span className="rank-name">
                {row.name}
                {row.isSelf && <span className="rank-me">{t('rank.me')}</span>}
              </span>
              <span className="rank-value">{shown(metric, row.value)}</span>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <Page title={t('rank.title')} className="rank-page" backTo="/pages/data/index">
      <Tabs
        activeKey={metric}
        onChange={(k) => setMetric(k as RankMetric)}
        className="rank-metrics"
        data-testid="rank-metrics"
      >
        {RANK_METRICS.map((m) => (
          <Tabs.Tab key={m} title={t(`rank.metric.${m}`)} />
        ))}
      </Tabs>
      <CapsuleTabs
        activeKey={period}
        onChange={(k) => setPeriod(k as RankPeriod)}
        className="rank-periods"
      >
        {RANK_PERIODS.map((p) => (
          <CapsuleTabs.Tab key={p} title={t(`rank.period.${p}`)} />
        ))}
      </CapsuleTabs>
      <div className="rank-scroll">
        <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: rankKeys.all })}>
          {body}
        </PullRefresh>
      </div>
      {r?.mine && (
        <footer className="rank-mine" data-testid="rank-mine">
          {r.mine.rank === null ? (
            <span className="rank-place rank-unranked">-</span>
          ) : (
            <Place rank={r.mine.rank} />
          )}
          <span className="rank-name">
            <span className="rank-mine-label">{t('rank.myRank')}</span>
            <span data-testid="rank-mine-rank">
              {r.mine.rank === null ? t('rank.notRanked') : t('rank.rankN', { n: r.mine.rank })}
            </span>
          </span>
          <span className="rank-value" data-testid="rank-mine-value">
            {shown(metric, r.mine.value)}
          </span>
        </footer>
      )}
    </Page>
  );
}
