import { TEAM_SORTS, type TeamSort } from '@pos/core';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';

interface Props {
  sort: TeamSort;
  order: 'desc' | 'asc';
  onChange: (sort: TeamSort, order: 'desc' | 'asc') => void;
}

/** Sort chips: tapping another one sorts by it (high to low), tapping the chosen one flips it. */
export function SortBar({ sort, order, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="team-sort" role="toolbar" aria-label="sort">
      {TEAM_SORTS.map((key) => {
        const active = key === sort;
        return (
          <button
            key={key}
            type="button"
            className={`team-sort-chip ${active ? 'active' : ''}`}
            aria-pressed={active}
            data-testid={`sort-${key}`}
            title={active ? t(order === 'desc' ? 'team.orderDesc' : 'team.orderAsc') : undefined}
            onClick={() => onChange(key, active ? (order === 'desc' ? 'asc' : 'desc') : 'desc')}
          >
            {t(`team.sort.${key}`)}
            {active && (order === 'desc' ? <DownOutline /> : <UpOutline />)}
          </button>
        );
      })}
    </div>
  );
}
