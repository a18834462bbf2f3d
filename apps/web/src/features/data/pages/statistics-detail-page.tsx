import { formatMoney, ledgerInfoTypeLabel } from '@pos/core';
import { List, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord, isMissingRecord } from '@/components/ui/record-state';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { dataKeys } from '../api/data-keys';
import { useChildren } from '../api/get-children';
import { useDetail, type DetailFilters } from '../api/get-detail';
import { FigureGrid } from '../components/figure-grid';
import { signedYuan } from '../components/money';
import { ListState } from '../components/list-state';
import { presetRange } from '../components/range-picker';
import { readDay, readId, weekday } from '../hooks/dates';
import { useLang } from '@/lib/use-lang';
import { useParams } from '../hooks/use-param';
import '../data.css';
import '../i18n';

/**
 * Statistics detail (/pages/home/statistics/detail?agentId=&from=&to=): one day (from = to) or
 * one agent over a range: own and team figures, earnings by type, and the direct sub-agents'
 * teams, each opening its own detail.
 */
export default function StatisticsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const qc = useQueryClient();
  const [params] = useParams();
  const fallback = presetRange('thisMonth');
  const from = readDay(params.get('from')) ?? fallback.from;
  const to = readDay(params.get('to')) ?? fallback.to;
  const agentId = readId(params.get('agentId'));
  const filters: DetailFilters = { agentId, from, to };
  const q = useDetail(filters);
  const children = useChildren(filters);
  const kids = children.data?.pages.flatMap((p) => p.rows) ?? [];
  const d = q.data;
  const oneDay = from === to;
  const weekdays = t('data.weekdays', { returnObjects: true }) as string[];
  const rangeText = oneDay ? `${from} ${weekdays[weekday(from)]}` : `${from} ~ ${to}`;
  const qs = (extra: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ agentId, from, to, ...extra })) {
      if (v !== undefined) p.set(k, String(v));
    }
    return p.toString();
  };
  const figures = (f: NonNullable<typeof d>['team']) => [
    { label: t('data.count'), value: f.tradeCount.toLocaleString() },
    { label: t('data.newMerchants'), value: f.newMerchants },
    { label: t('data.activations'), value: f.activatedTerminals },
  ];

  return (
    <Page
      title={t('data.statsDetailTitle')}
      className="data-page"
      backTo="/pages/home/statistics/index"
    >
      {q.isError && isMissingRecord(q.error) ? (
        <MissingRecord backTo="/pages/home/statistics/index" />
      ) : (
        <PullRefresh onRefresh={() => qc.invalidateQueries({ queryKey: dataKeys.all })}>
          {q.isLoading ? (
            <Skeleton.Paragraph lineCount={8} animated className="data-block" />
          ) : q.isError || !d ? (
            <LoadError error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <>
              <section className="data-block data-detail-head" data-testid="stats-detail">
                <div className="data-detail-name">
                  {d.agent.name}
                  <span className="data-muted">{d.agent.mobile}</span>
                </div>
                <div className="data-detail-range">{rangeText}</div>
                <div className="data-detail-note">
                  {t('data.directCount', { n: d.agent.directCount })}
                </div>
              </section>
              <section className="data-block">
                <h2 className="data-block-title">
                  {t('data.team')}
                  <span className="data-block-amount" data-testid="detail-team-volume">
                    ¥{formatMoney(d.team.tradeAmountFen)}
                  </span>
                </h2>
                <FigureGrid items={figures(d.team)} />
                <h2 className="data-block-title data-block-title-gap">
                  {t('data.own')}
                  <span className="data-block-amount">¥{formatMoney(d.own.tradeAmountFen)}</span>
                </h2>
                <FigureGrid items={figures(d.own)} />
              </section>
              <List
                header={`${t('data.earningsByType')} · ${signedYuan(d.earningsFen)}`}
                className="data-list"
              >
                {d.earningsByType.length === 0 ? (
                  <List.Item>
                    <span className="data-muted">{t('data.noEarnings')}</span>
                  </List.Item>
                ) : (
                  d.earningsByType.map((e) => (
                    <List.Item
                      key={e.infoType}
                      extra={signedYuan(e.amountFen)}
                      description={t('data.countN', { n: e.count })}
                    >
                      {ledgerInfoTypeLabel(e.infoType, lang)}
                    </List.Item>
                  ))
                )}
              </List>
              {!oneDay && (
                <button
                  type="button"
                  className="data-link-row data-block"
                  onClick={() => navigate(`/pages/home/statistics/index?${qs({})}`)}
                >
                  {t('data.viewDaily')}
                  <RightOutline />
                </button>
              )}
            </>
          )}

          <div className="data-section-title">{t('data.children')}</div>
          <ListState query={children} empty={t('data.noChildren')}>
            <div className="data-days" data-testid="stats-children">
              {kids.map((c) => (
                <button
                  type="button"
                  key={c.id}
                  className="data-day"
                  onClick={() => navigate(`/pages/home/statistics/detail?${qs({ agentId: c.id })}`)}
                  data-testid={`child-${c.id}`}
                >
                  <div className="data-day-main">
                    <div className="data-day-volume">
                      {c.name} <span className="data-muted">{c.mobile}</span>
                    </div>
                    <div className="data-day-sub">
                      {t('data.countN', { n: c.team.tradeCount })}
                      <span className="data-dot">·</span>
                      {t('data.newMerchants')} {c.team.newMerchants}
                      <span className="data-dot">·</span>
                      {t('data.activations')} {c.team.activatedTerminals}
                    </div>
                  </div>
                  <div className="data-day-earn">
                    <div>¥{formatMoney(c.team.tradeAmountFen)}</div>
                    <div className="data-day-sub">{t('data.childVolume')}</div>
                  </div>
                  <RightOutline className="data-card-arrow" />
                </button>
              ))}
            </div>
          </ListState>
        </PullRefresh>
      )}
    </Page>
  );
}
