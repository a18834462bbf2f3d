import { formatMoney } from '@pos/core';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useTeamStats } from '../api/get-team-stats';
import { FigureGrid } from './figure-grid';
import { LevelTag } from './level-tag';

/** The blue header of a team: this month's team volume and the team's size and growth. */
export function TeamSummary({ agentId, month }: { agentId?: number; month?: string }) {
  const { t } = useTranslation();
  const q = useTeamStats(agentId, month);
  const s = q.data;
  // The list below shows why a team cannot be read; the header just stays out of the way.
  if (q.isError) return null;
  return (
    <section className="team-summary" data-testid="team-summary">
      {!s ? (
        <Skeleton.Paragraph lineCount={3} animated className="team-summary-skeleton" />
      ) : (
        <>
          <div className="team-summary-who">
            <span>
              {s.agent.isSelf ? t('team.myTeam') : t('team.teamOf', { name: s.agent.name })}
            </span>
            <LevelTag name={s.agent.levelName} />
          </div>
          <div className="team-summary-label">{t('team.summaryTeamVolume')}</div>
          <div className="team-summary-amount" data-testid="summary-volume">
            {formatMoney(s.team.tradeAmountFen)}
          </div>
          <FigureGrid
            columns={4}
            className="team-summary-figures"
            items={[
              { label: t('team.teamSize'), value: s.teamSize, testId: 'summary-team-size' },
              { label: t('team.directCount'), value: s.directCount, testId: 'summary-direct' },
              { label: t('team.newMerchants'), value: s.team.newMerchants },
              { label: t('team.newAgents'), value: s.newAgents },
            ]}
          />
        </>
      )}
    </section>
  );
}
