import { CompactMoney } from '@/components/ui/compact-money';
import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useTeamList } from '../api/get-team-list';
import { LevelTag } from './level-tag';

/** The direct sub-agents of an agent ranked by the month's team volume, the first ten. */
export function RankingList({
  parentId,
  month,
  onPick,
  onAll,
}: {
  parentId?: number;
  month?: string;
  onPick: (id: number) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  const q = useTeamList({ parentId, month, sort: 'volume', order: 'desc', pageSize: 10 });
  const page = q.data?.pages[0];
  if (q.isLoading) return <Skeleton.Paragraph lineCount={5} animated className="team-block" />;
  if (!page || page.rows.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={t('team.noRanking')}
        description=""
        className="team-block"
      />
    );
  }
  return (
    <List className="team-list-block" data-testid="team-ranking">
      {page.rows.map((r, i) => (
        <List.Item
          key={r.id}
          prefix={<span className={`team-rank team-rank-${i + 1}`}>{i + 1}</span>}
          description={`${t('team.teamSize')} ${r.teamSize} · ${t('team.newMerchants')} ${r.team.newMerchants}`}
          extra={
            <CompactMoney className="team-rank-amount" prefix="¥" fen={r.team.tradeAmountFen} />
          }
          onClick={() => onPick(r.id)}
        >
          <span className="team-card-name">
            {r.name}
            <LevelTag name={r.levelName} />
          </span>
        </List.Item>
      ))}
      {page.nextCursor && (
        <List.Item onClick={onAll} className="team-center">
          <span className="team-link">{t('team.viewAll')}</span>
        </List.Item>
      )}
    </List>
  );
}
