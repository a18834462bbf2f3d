import { type TeamMember } from '@pos/core';
import { CompactMoney } from '@/components/ui/compact-money';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { FigureGrid } from './figure-grid';
import { LevelTag } from './level-tag';

interface Props {
  agent: TeamMember;
  onOpen: () => void;
  onDrill: () => void;
}

/** A sub-agent in the team list: who, how big its team is, and its team's month and stock. */
export function AgentCard({ agent, onOpen, onDrill }: Props) {
  const { t } = useTranslation();
  const { terminals } = agent;
  return (
    <div className="team-card" data-testid="team-card" data-agent-id={agent.id}>
      <div
        role="button"
        tabIndex={0}
        className="team-card-main"
        onClick={onOpen}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen();
          }
        }}
        aria-label={`${agent.name} ${t('team.viewDetail')}`}
      >
        <div className="team-card-head">
          <span className="team-avatar" aria-hidden>
            {agent.name.charAt(0)}
          </span>
          <div className="team-card-who">
            <div className="team-card-name">
              <span data-testid="agent-name">{agent.name}</span>
              <LevelTag name={agent.levelName} />
            </div>
            <div className="team-card-mobile" data-testid="agent-mobile">
              {agent.mobile}
            </div>
          </div>
          <div className="team-card-size">
            <span>
              {t('team.direct')} {agent.childCount}
            </span>
            <span>
              {t('team.team')} {t('team.people', { n: agent.teamSize })}
            </span>
          </div>
        </div>
        <FigureGrid
          className="team-card-figures"
          items={[
            {
              label: t('team.monthVolume'),
              value: <CompactMoney prefix="¥" fen={agent.team.tradeAmountFen} />,
            },
            { label: t('team.newMerchants'), value: agent.team.newMerchants },
            {
              label: t('team.stockBoundActive'),
              value: `${terminals.stock}/${terminals.bound}/${terminals.activated}`,
            },
          ]}
        />
      </div>
      {agent.childCount > 0 && (
        <button
          type="button"
          className="team-card-drill"
          onClick={onDrill}
          data-testid={`drill-${agent.id}`}
        >
          {t('team.subTeam')}
          <RightOutline />
        </button>
      )}
    </div>
  );
}
