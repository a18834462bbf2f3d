import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  value: ReactNode;
  sub?: ReactNode;
  testId?: string;
}

/** Labelled figures in equal columns. */
export function FigureGrid({ items, columns = 3 }: { items: Figure[]; columns?: number }) {
  return (
    <div
      className="data-figures"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {items.map((f, i) => (
        <div className="data-figure" key={i} data-testid={f.testId}>
          <div className="data-figure-value">{f.value}</div>
          <div className="data-figure-label">{f.label}</div>
          {f.sub && <div className="data-figure-sub">{f.sub}</div>}
        </div>
      ))}
    </div>
  );
}
