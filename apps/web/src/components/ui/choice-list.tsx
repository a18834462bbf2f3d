import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export interface Choice {
  /** What the choice sets; undefined stands for "all" (no filter). */
  value: string | undefined;
  label: ReactNode;
  testId?: string;
}

/**
 * The options of one filter dropdown: the current one is ticked and marked selected, and a tap
 * applies the choice and closes the panel (the caller passes the dropdown's close).
 */
export function ChoiceList({
  choices,
  value,
  onChoose,
  close,
}: {
  choices: readonly Choice[];
  value: string | undefined;
  onChoose: (value: string | undefined) => void;
  close: () => void;
}) {
  return (
    <div className="choice-list" role="listbox">
      {choices.map((c) => {
        const current = c.value === value;
        return (
          <div
            key={c.value ?? '__all'}
            role="option"
            tabIndex={0}
            aria-selected={current}
            className={current ? 'choice-item choice-current' : 'choice-item'}
            data-testid={c.testId}
            onClick={() => {
              onChoose(c.value);
              close();
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              onChoose(c.value);
              close();
            }}
          >
            <span className="choice-label">{c.label}</span>
            {current && <CheckOutline className="choice-check" aria-hidden />}
          </div>
        );
      })}
    </div>
  );
}
