import type { TeamCrumb } from '@pos/core';
import { RightOutline } from 'antd-mobile-icons';
import { Fragment } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * The way from me down to the team shown. Each step opens that agent's team; the first is always
 * me, so the way down never leads above my own subtree.
 */
export function TeamCrumbs({
  crumbs,
  onPick,
}: {
  crumbs: TeamCrumb[];
  onPick: (crumb: TeamCrumb, index: number) => void;
}) {
  const { t } = useTranslation();
  if (crumbs.length < 2) return null;
  return (
    <nav className="team-crumbs" aria-label={t('team.myTeam')} data-testid="team-crumbs">
      {crumbs.map((c, i) => (
        <Fragment key={c.id}>
          {i > 0 && <RightOutline className="team-crumbs-sep" />}
          {i === crumbs.length - 1 ? (
            <span className="team-crumbs-current">{c.name}</span>
          ) : (
            <button type="button" onClick={() => onPick(c, i)}>
              {i === 0 ? t('team.myTeam') : c.name}
            </button>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
