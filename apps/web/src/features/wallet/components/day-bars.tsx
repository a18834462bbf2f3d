import { formatMoney } from '@pos/core';

/** A small bar chart of amounts by day (CSS only), largest day full width. */
export function DayBars({ days }: { days: { day: string; amountFen: number; count?: number }[] }) {
  const max = Math.max(1, ...days.map((d) => Math.abs(d.amountFen)));
  return (
    <div className="wallet-bars" data-testid="day-bars">
      {days.map((d) => (
        <div className="wallet-bar-row" key={d.day}>
          <span className="wallet-bar-day">{d.day.slice(5)}</span>
          <span className="wallet-bar-track">
            <span
              className="wallet-bar"
              style={{ width: `${Math.max(2, (Math.abs(d.amountFen) / max) * 100)}%` }}
            />
          </span>
          <span className="wallet-bar-value">{formatMoney(d.amountFen)}</span>
        </div>
      ))}
    </div>
  );
}
