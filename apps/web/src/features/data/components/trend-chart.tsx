import { formatMoney, type StatsTrendPoint } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { compactYuan } from './money';

/**
 * Volume per day as bars: the team's bar, and inside it the part that is the agent's own. Drawn
 * with plain elements, so it needs no chart library and scales with the container.
 */
export function TrendChart({ points, today }: { points: StatsTrendPoint[]; today: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const max = Math.max(1, ...points.map((p) => Math.max(p.teamAmountFen, p.ownAmountFen)));
  return (
    <div className="data-trend-wrap">
      <div className="data-trend" data-testid="data-trend">
        {points.map((p) => {
          const team = (p.teamAmountFen / max) * 100;
          const own = (Math.min(p.ownAmountFen, p.teamAmountFen || p.ownAmountFen) / max) * 100;
          return (
            <div
              className={`data-trend-col ${p.day === today ? 'today' : ''}`}
              key={p.day}
              title={`${p.day} ${t('data.team')} ¥${formatMoney(p.teamAmountFen)} / ${t('data.own')} ¥${formatMoney(p.ownAmountFen)}`}
            >
              <div className="data-trend-value">{compactYuan(p.teamAmountFen, en)}</div>
              <div className="data-trend-track">
                <div
                  className="data-trend-team"
                  style={{ height: `${p.teamAmountFen > 0 ? Math.max(team, 2) : 0}%` }}
                />
                <div
                  className="data-trend-own"
                  style={{ height: `${p.ownAmountFen > 0 ? Math.max(own, 2) : 0}%` }}
                />
              </div>
              <div className="data-trend-day">{p.day.slice(5).replace('-', '/')}</div>
            </div>
          );
        })}
      </div>
      <div className="data-legend">
        <span className="data-legend-item team">{t('data.trendLegendTeam')}</span>
        <span className="data-legend-item own">{t('data.trendLegendOwn')}</span>
      </div>
    </div>
  );
}
