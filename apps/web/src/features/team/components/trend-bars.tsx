import { formatMoney, type TeamFigures } from '@pos/core';
import { useTranslation } from '@/lib/i18n';

type Point = TeamFigures & { month: string };

/** Team volume per month as bars, the last (the month shown) highlighted. */
export function TrendBars({ points }: { points: Point[] }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const max = Math.max(1, ...points.map((p) => p.tradeAmountFen));
  return (
    <div className="team-trend" data-testid="team-trend">
      {points.map((p, i) => {
        const pct = Math.round((p.tradeAmountFen / max) * 100);
        const last = i === points.length - 1;
        const m = Number(p.month.slice(5));
        return (
          <div
            className="team-trend-col"
            key={p.month}
            title={`${p.month} ¥${formatMoney(p.tradeAmountFen)}`}
          >
            <div className="team-trend-value">{compactYuan(p.tradeAmountFen, en)}</div>
            <div className="team-trend-track">
              <div
                className={`team-trend-bar ${last ? 'last' : ''}`}
                style={{ height: `${Math.max(pct, 2)}%` }}
              />
            </div>
            <div className="team-trend-month">
              {en ? new Date(2000, m - 1, 1).toLocaleString('en', { month: 'short' }) : `${m}月`}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Yuan, short enough for a bar label: 12345678 yuan -> '1234.6万' (or '12.3M' in English). */
function compactYuan(fen: number, en: boolean): string {
  const yuan = fen / 100;
  if (en) {
    if (yuan >= 1e6) return `${(yuan / 1e6).toFixed(1)}M`;
    if (yuan >= 1e3) return `${(yuan / 1e3).toFixed(1)}k`;
    return yuan.toFixed(0);
  }
  if (yuan >= 1e8) return `${(yuan / 1e8).toFixed(1)}亿`;
  if (yuan >= 1e4) return `${(yuan / 1e4).toFixed(1)}万`;
  return yuan.toFixed(0);
}
