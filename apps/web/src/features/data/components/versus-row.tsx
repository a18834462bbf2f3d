import type { ReactNode } from 'react';

/** One figure, own against team: the own part of the team's bar, and both values. */
export function VersusRow({
  label,
  own,
  team,
  format,
  testId,
}: {
  label: ReactNode;
  own: number;
  team: number;
  format: (v: number) => string;
  testId?: string;
}) {
  const pct = team > 0 ? Math.min(100, Math.round((own / team) * 100)) : 0;
  return (
    <div className="data-versus" data-testid={testId}>
      <div className="data-versus-head">
        <span className="data-versus-label">{label}</span>
        <span className="data-versus-values">
          <b>{format(own)}</b> / {format(team)}
        </span>
      </div>
      <div className="data-versus-track">
        <div className="data-versus-own" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
