import { formatMoney } from '@pos/core';
import { useCompactMoney } from '@/components/ui/compact-money';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { LoadError } from '@/components/ui/load-error';
import { useTeamStats } from '../api/get-team-stats';
import { FigureGrid } from './figure-grid';
import { LevelTag } from './level-tag';
import { MonthPicker } from '@/components/ui/month-picker';
import { TrendBars } from './trend-bars';

/** A month of a team: the headline figures, own against team, and the six-month trend. */
export function MonthReport({
  agentId,
  month,
  onMonth,
}: {
  agentId?: number;
  month?: string;
  onMonth: (m: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const compact = useCompactMoney(11);
  const q = useTeamStats(agentId, month);
  const s = q.data;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <>
      <section className="team-summary" data-testid="month-report">
        <div className="team-summary-top">
          <div className="team-summary-who">
            {s ? (
              <>
                <span>
                  {s.agent.isSelf ? t('team.myTeam') : t('team.teamOf', { name: s.agent.name })}
                </span>
                <LevelTag name={s.agent.levelName} />
              </>
            ) : null}
          </div>
          <MonthPicker className="team-month" value={month} onChange={onMonth} />
        </div>
        {!s ? (
          <Skeleton.Paragraph lineCount={3} animated className="team-summary-skeleton" />
        ) : (
          <>
            <div className="team-summary-label">{t('team.summaryTeamVolume')}</div>
            <div className="team-summary-amount" data-testid="report-volume">
              {formatMoney(s.team.tradeAmountFen)}
            </div>
            <FigureGrid
              columns={4}
              className="team-summary-figures"
              items={[
                { label: t('team.tradeCount'), value: s.team.tradeCount },
                { label: t('team.newMerchants'), value: s.team.newMerchants },
                { label: t('team.activated'), value: s.team.activatedTerminals },
                { label: t('team.newAgents'), value: s.newAgents },
              ]}
            />
          </>
        )}
      </section>
      {s && (
        <>
          <div className="team-section-title">{t('team.ownVsTeam')}</div>
          <div className="team-block">
            <div className="team-versus">
              {[
                {
                  label: t('team.volume'),
                  own: s.own.tradeAmountFen,
                  team: s.team.tradeAmountFen,
                  money: true,
                },
                { label: t('team.tradeCount'), own: s.own.tradeCount, team: s.team.tradeCount },
                {
                  label: t('team.newMerchants'),
                  own: s.own.newMerchants,
                  team: s.team.newMerchants,
                },
                {
                  label: t('team.activated'),
                  own: s.own.activatedTerminals,
                  team: s.team.activatedTerminals,
                },
              ].map((row) => {
                const pct = row.team > 0 ? Math.round((row.own / row.team) * 100) : 0;
                return (
                  <div className="team-versus-row" key={row.label}>
                    <div className="team-versus-label">{row.label}</div>
                    <div className="team-versus-track">
                      <div className="team-versus-own" style={{ width: `${pct}%` }} />
                    </div>
                    <div className="team-versus-values">
                      {row.money ? compact(row.own, '¥') : row.own} /{' '}
                      {row.money ? compact(row.team, '¥') : row.team}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <div className="team-section-title">{t('team.trend')}</div>
          <div className="team-block">
            <TrendBars points={s.trend} />
          </div>
        </>
      )}
    </>
  );
}
