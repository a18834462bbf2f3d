import { formatMoney } from '@pos/core';
import { CompactMoney, useCompactMoney } from '@/components/ui/compact-money';
import { Skeleton } from 'antd-mobile';
import {
  AppstoreOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  FireFill,
  HistogramOutline,
  ShopbagOutline,
  StarOutline,
  TeamOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useOverview } from '../api/get-overview';
import { FigureGrid } from '../components/figure-grid';
import { MonthPicker } from '@/components/ui/month-picker';
import { TrendChart } from '../components/trend-chart';
import { VersusRow } from '../components/versus-row';
import { readMonth } from '../hooks/dates';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

interface Entry {
  key: keyof typeof ENTRY_PATHS;
  icon: ReactNode;
  color: string;
}

const ENTRY_PATHS = {
  team: '/pages/data/team-info',
  merch: '/pages/data/merch-info',
  term: '/pages/data/term-info',
  earnings: '/pages/data/earnings-info',
  statistics: '/pages/home/statistics/index',
  standard: '/pages/home/tripartiteData/merchStandardCheck',
  activation: '/pages/home/tripartiteData/activationCheck',
  rank: '/pages/rank/index',
} as const;

const ENTRIES: Entry[] = [
  { key: 'team', icon: <TeamOutline />, color: '#1677ff' },
  { key: 'merch', icon: <ShopbagOutline />, color: '#ff8f1f' },
  { key: 'term', icon: <AppstoreOutline />, color: '#13c2c2' },
  { key: 'earnings', icon: <CollectMoneyOutline />, color: '#e8a317' },
  { key: 'statistics', icon: <HistogramOutline />, color: '#7c5cfc' },
  { key: 'standard', icon: <CheckShieldOutline />, color: '#00b578' },
  { key: 'activation', icon: <FireFill />, color: '#fa5151' },
  { key: 'rank', icon: <StarOutline />, color: '#d4a106' },
];

/**
 * The data tab: my month at a glance (team and own volume, earnings, merchants, terminals, the
 * last seven days) and the way into every data page. Every figure comes from the rollups.
 */
export default function DataPage() {
  const { t } = useTranslation();
  const compact = useCompactMoney(11);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useParams();
  const month = readMonth(params.get('month')) ?? undefined;
  const q = useOverview(month);
  const o = q.data;
  // The pages that take a month open on the month shown here.
  const withMonth = (key: Entry['key']) =>
    month && (key === 'team' || key === 'standard')
      ? `${ENTRY_PATHS[key]}?month=${month}`
      : ENTRY_PATHS[key];

  let body: ReactNode;
  if (q.isLoading) {
    body = (
      <>
        <div className="data-hero data-hero-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
        <Skeleton.Paragraph lineCount={8} animated className="data-block" />
      </>
    );
  } else if (q.isError || !o) {
    body = <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  } else {
    const n = (v: number) => v.toLocaleString();
    body = (
      <>
        <section className="data-hero" data-testid="data-hero">
          <div className="data-hero-label">{t('data.teamVolume')}</div>
          <div className="data-hero-value" data-testid="team-volume">
            {formatMoney(o.team.tradeAmountFen)}
          </div>
          <div className="data-hero-row">
            <div>
              <div className="data-hero-figure" data-testid="team-count">
                {n(o.team.tradeCount)}
              </div>
              <div className="data-hero-caption">{t('data.teamCount')}</div>
            </div>
            <div>
              <div className="data-hero-figure" data-testid="own-volume">
                <CompactMoney fen={o.own.tradeAmountFen} />
              </div>
              <div className="data-hero-caption">{t('data.ownVolume')}</div>
            </div>
            <div>
              <div className="data-hero-figure" data-testid="month-earnings">
                <CompactMoney fen={o.earningsFen} />
              </div>
              <div className="data-hero-caption">{t('data.monthEarnings')}</div>
            </div>
          </div>
        </section>

        <section className="data-block" aria-label={t('data.ownVsTeam')}>
          <h2 className="data-block-title">
            {t('data.ownVsTeam')}
            <span className="data-legend-inline">
              <b>{t('data.own')}</b> / {t('data.team')}
            </span>
          </h2>
          <VersusRow
            label={t('data.volume')}
            own={o.own.tradeAmountFen}
            team={o.team.tradeAmountFen}
            format={(v) => compact(v, '¥')}
            testId="versus-volume"
          />
          <VersusRow
            label={t('data.count')}
            own={o.own.tradeCount}
            team={o.team.tradeCount}
            format={n}
            testId="versus-count"
          />
        </section>

        <section className="data-block" aria-label={t('data.merchantsTerminals')}>
          <h2 className="data-block-title">{t('data.merchantsTerminals')}</h2>
          <FigureGrid
            items={[
              {
                label: t('data.newMerchants'),
                value: n(o.team.newMerchants),
                sub: t('data.ownTeam', { own: o.own.newMerchants, team: o.team.newMerchants }),
                testId: 'new-merchants',
              },
              {
                label: t('data.newTerminals'),
                value: n(o.newTerminals.team),
                sub: t('data.ownTeam', { own: o.newTerminals.own, team: o.newTerminals.team }),
                testId: 'new-terminals',
              },
              {
                label: t('data.activated'),
                value: n(o.team.activatedTerminals),
                sub: t('data.ownTeam', {
                  own: o.own.activatedTerminals,
                  team: o.team.activatedTerminals,
                }),
                testId: 'activated-terminals',
              },
            ]}
          />
        </section>

        <section className="data-block" aria-label={t('data.stock')}>
          <h2 className="data-block-title">
            {t('data.stock')}
            <span className="data-muted">{t('data.stockNow')}</span>
          </h2>
          <StockBar counts={o.terminals.team} />
          <FigureGrid
            items={[
              {
                label: <span className="data-key unbound">{t('data.teamStock')}</span>,
                value: n(o.terminals.team.unbound),
                sub: t('data.myStock', { n: o.terminals.own.unbound }),
                testId: 'stock-unbound',
              },
              {
                label: <span className="data-key bound">{t('data.bound')}</span>,
                value: n(o.terminals.team.bound),
                sub: t('data.ownHeld', { n: o.terminals.own.bound }),
                testId: 'stock-bound',
              },
              {
                label: <span className="data-key activated">{t('data.activatedShort')}</span>,
                value: n(o.terminals.team.activated),
                sub: t('data.ownHeld', { n: o.terminals.own.activated }),
                testId: 'stock-activated',
              },
            ]}
          />
        </section>

        <section className="data-block" aria-label={t('data.trend')}>
          <h2 className="data-block-title">{t('data.trend')}</h2>
          <TrendChart points={o.trend} today={o.today} />
        </section>
      </>
    );
  }

  return (
    <Page
      title={t('data.title')}
      noBack
      className="data-page"
      right={
        <MonthPicker
          className="data-month"
          value={month}
          onChange={(m) => setParams({ month: m })}
        />
      }
    >
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.overview(month) })}>
        {body}
        <section className="data-block" aria-label={t('data.entries')}>
          <h2 className="data-block-title">{t('data.entries')}</h2>
          <div className="data-entries">
            {ENTRIES.map((e) => (
              <button
                key={e.key}
                type="button"
                className="data-entry"
                onClick={() => navigate(withMonth(e.key))}
                data-testid={`entry-${e.key}`}
              >
                <span className="data-entry-icon" style={{ background: e.color }}>
                  {e.icon}
                </span>
                <span className="data-entry-label">{t(`data.entry.${e.key}`)}</span>
              </button>
            ))}
          </div>
        </section>
      </PullRefresh>
    </Page>
  );
}

/** The held terminals as one bar split by bind status. */
function StockBar({ counts }: { counts: { unbound: number; bound: number; activated: number } }) {
  const total = counts.unbound + counts.bound + counts.activated;
  if (total === 0) return null;
  const pct = (v: number) => `${(v / total) * 100}%`;
  return (
    <div className="data-stock-bar" role="presentation">
      <div className="unbound" style={{ width: pct(counts.unbound) }} />
      <div className="bound" style={{ width: pct(counts.bound) }} />
      <div className="activated" style={{ width: pct(counts.activated) }} />
    </div>
  );
}
