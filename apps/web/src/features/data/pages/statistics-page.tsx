import { formatMoney, type StatsScope } from '@pos/core';
import { CompactMoney } from '@/components/ui/compact-money';
import { Segmented, Skeleton } from 'antd-mobile';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord, isMissingRecord } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useReport, type ReportFilters } from '../api/get-report';
import { FigureGrid } from '../components/figure-grid';
import { ListState } from '../components/list-state';
import { RangePicker, presetRange } from '../components/range-picker';
import { readDay, readId, weekday } from '../hooks/dates';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

/**
 * Statistics (/pages/home/statistics/index?agentId=&from=&to=&scope=): the figures of me or an
 * agent of my team over a range of days (this month by default), team or own, with the range's
 * totals and each day, newest first; a day opens its detail.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useParams();
  const fallback = presetRange('thisMonth');
  const from = readDay(params.get('from')) ?? fallback.from;
  const to = readDay(params.get('to')) ?? fallback.to;
  const scope: StatsScope = params.get('scope') === 'own' ? 'own' : 'team';
  const agentId = readId(params.get('agentId'));
  const filters: ReportFilters = { agentId, from, to, scope };
  const q = useReport(filters);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.rows) ?? [];
  const weekdays = t('data.weekdays', { returnObjects: true }) as string[];
  const query = (extra: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ agentId, from, to, ...extra })) {
      if (v !== undefined) p.set(k, String(v));
    }
    return p.toString();
  };

  return (
    <Page title={t('data.statsTitle')} className="data-page" backTo="/pages/data/index">
      <div className="data-sticky">
        <RangePicker from={from} to={to} onChange={(r) => setParams(r)} />
        <div className="data-toolbar">
          <Segmented
            value={scope}
            onChange={(v) => setParams({ scope: v === 'own' ? 'own' : undefined })}
            options={[
              { label: t('data.scopeTeam'), value: 'team' },
              { label: t('data.scopeOwn'), value: 'own' },
            ]}
            data-testid="scope-switch"
          />
          {first && !first.agent.isSelf && (
            <button
              type="button"
              className="data-chip"
              onClick={() => setParams({ agentId: undefined })}
              data-testid="viewing-agent"
            >
              {t('data.viewing', { name: first.agent.name })}
              <CloseOutline />
            </button>
          )}
        </div>
      </div>
      <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.report(filters) })}>
        {q.isLoading ? (
          <Skeleton.Paragraph lineCount={4} animated className="data-block" />
        ) : q.isError && !first && isMissingRecord(q.error) ? (
          <MissingRecord backTo="/pages/home/statistics/index" />
        ) : q.isError && !first ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : first ? (
          <section className="data-block" data-testid="stats-totals">
            <h2 className="data-block-title">
              {t('data.totals')}
              <span className="data-muted">
                {scope === 'team' ? t('data.scopeTeam') : t('data.scopeOwn')}
              </span>
            </h2>
            <div className="data-total-main">
              <div className="data-total-value" data-testid="total-volume">
                ¥{formatMoney(first.totals.tradeAmountFen)}
              </div>
              <div className="data-muted">{t('data.volume')}</div>
            </div>
            <FigureGrid
              columns={4}
              items={[
                { label: t('data.count'), value: first.totals.tradeCount.toLocaleString() },
                {
                  label: t('data.earningsOwn'),
                  value: <CompactMoney fen={first.totals.earningsFen} />,
                },
                { label: t('data.newMerchants'), value: first.totals.newMerchants },
                { label: t('data.activations'), value: first.totals.activatedTerminals },
              ]}
            />
            <button
              type="button"
              className="data-link-row"
              onClick={() => navigate(`/pages/home/statistics/detail?${query({})}`)}
              data-testid="open-range-detail"
            >
              {t('data.viewChildren')}
              <RightOutline />
            </button>
          </section>
        ) : null}

        {first && <div className="data-section-title">{t('data.daily')}</div>}
        {first && (
          <ListState query={q} empty={t('data.noDays')}>
            <div className="data-days" data-testid="stats-days">
              {rows.map((r) => (
                <button
                  type="button"
                  key={r.day}
                  className={`data-day ${r.tradeAmountFen === 0 && r.earningsFen === 0 ? 'quiet' : ''}`}
                  onClick={() =>
                    navigate(`/pages/home/statistics/detail?${query({ from: r.day, to: r.day })}`)
                  }
                  data-testid={`day-${r.day}`}
                >
                  <div className="data-day-date">
                    <b>{r.day.slice(5)}</b>
                    <span>{weekdays[weekday(r.day)]}</span>
                  </div>
                  <div className="data-day-main">
                    <div className="data-day-volume">
                      <CompactMoney prefix="¥" maxChars={14} fen={r.tradeAmountFen} />
                    </div>
                    <div className="data-day-sub">
                      {t('data.countN', { n: r.tradeCount })}
                      <span className="data-dot">·</span>
                      {t('data.newMerchants')} {r.newMerchants}
                      <span className="data-dot">·</span>
                      {t('data.activations')} {r.activatedTerminals}
                    </div>
                  </div>
                  <div className="data-day-earn">
                    <div>
                      <CompactMoney fen={r.earningsFen} />
                    </div>
                    <div className="data-day-sub">{t('data.earnings')}</div>
                  </div>
                  <RightOutline className="data-card-arrow" />
                </button>
              ))}
            </div>
          </ListState>
        )}
      </PullRefresh>
    </Page>
  );
}
