import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  /** Columns this figure spans (a long amount takes a whole row). */
  span?: number;
}

/** Labelled figures in equal columns. */
export function FigureGrid({
  items,
  columns = 3,
  className,
}: {
  items: Figure[];
  columns?: number;
  className?: string;
}) {
  return (
    <div
      className={`team-figures ${className ?? ''}`}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {items.map((f, i) => (
        <div
          className={`team-figure ${f.span ? 'wide' : ''}`}
          key={i}
          data-testid={f.testId}
          style={f.span ? { gridColumn: `span ${f.span}` } : undefined}
        >
          <div className="team-figure-value">{f.value}</div>
          <div className="team-figure-label">{f.label}</div>
        </div>
      ))}
    </div>
  );
}
